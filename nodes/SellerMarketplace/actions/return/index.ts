import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';

export const operations = {};

export const description: INodeProperties[] = [operationSelector('return', [])];
