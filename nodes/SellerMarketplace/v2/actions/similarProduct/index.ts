import { defineResource } from '../define';
import { getGroups } from './getGroups.operation';
import { getVirtualBuybox } from './getVirtualBuybox.operation';

export const similarProduct = defineResource({
	value: 'similarProduct',
	name: 'Similar Product',
	defaultOperation: 'getGroups',
	operations: [getGroups, getVirtualBuybox],
});
