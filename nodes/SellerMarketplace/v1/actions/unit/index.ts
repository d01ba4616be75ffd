import { defineResource } from '../../../actions/define';
import { create } from './create.operation';
import { deleteUnit } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const unit = defineResource({
	value: 'unit',
	name: 'Unit (Offer)',
	defaultOperation: 'create',
	operations: [create, getMany, get, update, deleteUnit],
});
