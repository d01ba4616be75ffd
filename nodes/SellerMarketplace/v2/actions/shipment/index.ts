import { defineResource } from '../../../actions/define';
import { add } from './add.operation';
import { getAddresses } from './getAddresses.operation';

export const shipment = defineResource({
	value: 'shipment',
	name: 'Shipment',
	defaultOperation: 'add',
	operations: [add, getAddresses],
});
