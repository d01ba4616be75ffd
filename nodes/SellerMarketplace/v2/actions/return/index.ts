import { defineResource } from '../define';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const returnResource = defineResource({ value: 'return', name: 'Return', defaultOperation: 'getMany', operations: [get, getMany] });
