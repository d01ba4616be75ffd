import { defineResource } from '../../../actions/define';
import { getGroups } from './getGroups.operation';
import { getVirtualBuybox } from './getVirtualBuybox.operation';

export const similarProduct = defineResource({
	value: 'similarProduct',
	name: 'Similar Product',
	defaultOperation: 'getGroups',
	operations: [getGroups, getVirtualBuybox],
});
