import type { IDataObject } from 'n8n-workflow';

import { bounded, compact, lineOfText } from '../../../../shared/helpers/validation';
import { listFields, multiOptionsFilter, textField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { sortField } from '../../descriptions/sort';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { VOUCHER_STATUS_TERMS } from '../../../../shared/descriptions/vocabulary';
import { VOUCHER_STATUSES } from '../../../../api/v2/enums';
import { optionalText } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { eansField, eansOf, productIdsField, productIdsOf } from './fields';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /vouchers: 100 a page, filters as repeated query keys. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many vouchers',
	attempt: 'get many vouchers',
	summary: 'List your discount vouchers with their redemptions and sales',
	endpoint: 'GET /vouchers',
	properties: listFields(storefrontFilterField, [
		multiOptionsFilter(
			'Status',
			'status',
			VOUCHER_STATUSES,
			'Only vouchers in these states. Not set: every state.',
			VOUCHER_STATUS_TERMS,
		),
		bounded(
			textField('Search Term', 'searchTerm', 'Only vouchers whose title contains this text, or whose ID it is'),
			lineOfText('search_term'),
		),
		productIdsField('Only vouchers for any of these product IDs (id_product), separated by commas'),
		eansField('Only vouchers for any of the products with these EANs, separated by commas'),
		sortField([
			['Created, Newest First', 'createdAt:desc'],
			['Created, Oldest First', 'createdAt:asc'],
			['Start Date, Latest First', 'beginAt:desc'],
			['Start Date, Earliest First', 'beginAt:asc'],
			['Most Redemptions First', 'redemptions:desc'],
			['Most Sales First', 'totalSales:desc'],
			['Most Products First', 'products:desc'],
			['Best ROAS First', 'roas:desc'],
			['Lowest ACoS First', 'acos:asc'],
		]),
	]),
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			status: filters.status as string[] | undefined,
			search_term: optionalText(filters.searchTerm),
			id_product: productIdsOf(this, filters.productIds, itemIndex, 'Product IDs'),
			ean: eansOf(this, filters.eans, itemIndex, 'EANs'),
			sort: optionalText(filters.sort),
		});
		return await readGetMany(this, itemIndex, {
			path: '/vouchers',
			query,
			pageSize: pageSizeOf('/vouchers'),
			offsetMultipleOfLimit: true,
			idField: 'id_voucher',
			repeatedKeysDocumented: true,
		});
	},
});
