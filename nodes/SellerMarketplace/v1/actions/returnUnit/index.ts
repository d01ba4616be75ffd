import { defineResource } from '../../../actions/define';
import { accept } from './accept.operation';
import { clarify } from './clarify.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { reject } from './reject.operation';
import { repair } from './repair.operation';

export const returnUnit = defineResource({
	value: 'returnUnit',
	name: 'Return Unit',
	defaultOperation: 'getMany',
	operations: [accept, clarify, get, getMany, reject, repair],
});
