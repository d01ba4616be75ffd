import { defineResource } from '../../../actions/define';
import { create } from './create.operation';
import { deleteWarehouse } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const warehouse = defineResource({
	value: 'warehouse',
	name: 'Warehouse',
	defaultOperation: 'getMany',
	operations: [create, deleteWarehouse, get, getMany, update],
});
