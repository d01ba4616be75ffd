import { defineResource } from '../../../actions/define';
import { addOrderUnits } from './addOrderUnits.operation';
import { create } from './create.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const returnResource = defineResource({
	value: 'return',
	name: 'Return',
	defaultOperation: 'getMany',
	operations: [addOrderUnits, create, get, getMany],
});
