import type { IDataObject } from 'n8n-workflow';

import { compact } from '../../../../shared/helpers/validation';
import { applyDownloadLinksOption, includeDownloadLinksOption } from '../../../../shared/helpers/output';
import { collectionField, createdAfterFilter, listFields } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { toIsoTimestamp } from '../../helpers/dates';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /order-invoices: the invoices you uploaded, newest first, 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many order invoices',
	attempt: 'get many order invoices',
	summary: 'List the invoices you uploaded',
	endpoint: 'GET /order-invoices',
	properties: [
		...listFields(storefrontFilterField, [createdAfterFilter('Only invoices uploaded at or after this time')]),
		collectionField('Options', 'options', [includeDownloadLinksOption], 'Add Option'),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			ts_created_from_iso: toIsoTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
		});
		const records = await readGetMany(this, itemIndex, {
			path: '/order-invoices',
			query,
			pageSize: pageSizeOf('/order-invoices'),
			idField: 'id_invoice',
		});
		return applyDownloadLinksOption(this, itemIndex, records);
	},
});
