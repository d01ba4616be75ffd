import type { IDataObject } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { compact } from '../../../../shared/helpers/validation';
import { collectionField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { sortField } from '../../descriptions/sort';
import { optionalText } from '../../helpers/values';
import { apiPath } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getVoucherId, productIdsField, productIdsOf, voucherIdField } from './fields';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /vouchers/{id_voucher}/products: 100 a page. */
export const getProducts = defineOperation({
	value: 'getProducts',
	name: 'Get Products',
	action: 'Get the products of a voucher',
	attempt: ['get the products of voucher {voucherId}', 'get the products of a voucher'],
	summary: 'List the products a voucher covers, with the redemptions, ACoS and ROAS of each',
	endpoint: 'GET /vouchers/{id_voucher}/products',
	properties: [
		voucherIdField,
		...returnAllOrLimit(),
		collectionField(
			'Filters',
			'filters',
			[
				productIdsField('Only these product IDs (id_product), separated by commas'),
				sortField([
					['Most Redemptions First', 'redemptions:desc'],
					['Fewest Redemptions First', 'redemptions:asc'],
					['Best ROAS First', 'roas:desc'],
					['Lowest ACoS First', 'acos:asc'],
				]),
			],
			'Add Filter',
		),
	],
	async execute(itemIndex) {
		const path = apiPath`/vouchers/${getVoucherId(this, itemIndex)}/products`;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			id_product: productIdsOf(this, filters.productIds, itemIndex, 'Product IDs').map(String),
			sort: optionalText(filters.sort),
		});
		return await readGetMany(this, itemIndex, {
			path,
			query,
			pageSize: pageSizeOf('/vouchers/{id_voucher}/products'),
			offsetMultipleOfLimit: true,
			idField: 'id_product',
			// "Pass the parameter multiple times … (e.g. `?id_product=111&id_product=222`)"
			repeatedKeysDocumented: true,
		});
	},
});
