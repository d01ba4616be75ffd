import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../descriptions/operation';
import * as ping from './ping.operation';

export const operations = { ping };

export const description: INodeProperties[] = [
	operationSelector('status', [
		{ name: 'Ping', value: 'ping', action: 'Check the connection', description: 'Send a signed test request to check the keys and the clock' },
	]),
	...ping.description,
];
