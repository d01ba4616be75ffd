import { requireEan } from '../../../../shared/helpers/validation';
import { apiPath, apiRequestRecord } from '../../../../api/v1';
import { eanField } from './fields';
import { defineOperation } from '../../../actions/define';

/**
 * GET /product-data-status/{ean}/: how the last upload is processed (`update_status` PENDING, IN_PROGRESS,
 * SUCCESS or FAIL with `update_fail_reason`) and whether the item is ready.
 */
export const getStatus = defineOperation({
	value: 'getStatus',
	name: 'Get Status',
	action: 'Get the product data status',
	attempt: ['get the product data status for EAN {ean}', 'get the product data status'],
	summary: 'See whether the product data of an EAN was checked and accepted',
	endpoint: 'GET /product-data-status/{ean}/',
	properties: [eanField],
	async execute(itemIndex) {
		const ean = requireEan(this, 'ean', itemIndex);
		return await apiRequestRecord.call(this, {
			method: 'GET',
			path: apiPath`/product-data-status/${ean}/`,
			itemIndex,
		});
	},
});
