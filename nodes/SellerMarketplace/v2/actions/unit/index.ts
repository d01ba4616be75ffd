import { defineResource } from '../../../actions/define';
import { create } from './create.operation';
import { deleteUnit } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getStatus } from './getStatus.operation';
import { update } from './update.operation';
import { updateMany } from './updateMany.operation';

export const unit = defineResource({
	value: 'unit',
	name: 'Unit (Offer)',
	defaultOperation: 'getMany',
	operations: [create, deleteUnit, get, getMany, getStatus, update, updateMany],
});
