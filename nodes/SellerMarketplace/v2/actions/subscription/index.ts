import { defineResource } from '../../../actions/define';
import { create } from './create.operation';
import { deleteSubscription } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const subscription = defineResource({
	value: 'subscription',
	name: 'Subscription',
	defaultOperation: 'getMany',
	operations: [create, deleteSubscription, get, getMany, update],
});
