import { defineResource } from '../../../actions/define';
import { create } from './create.operation';

export const shippingLabel = defineResource({
	value: 'shippingLabel',
	name: 'Shipping Label',
	defaultOperation: 'create',
	operations: [create],
});
