import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/**
 * POST /reports/eans-not-found (202), which the marketplace deprecated in favour of the invalid-items report
 * (Request with Report Type "Invalid Items"). Kept for workflows that still read this report's format.
 */
export const requestEansNotFound = defineOperation({
	value: 'requestEansNotFound',
	name: 'Request EANs Not Found Report (Deprecated)',
	action: 'Request an EANs not found report (deprecated)',
	attempt: 'request an EANs not found report',
	summary:
		'Deprecated by the marketplace: use Request with Invalid Items. Queues a CSV of EANs without enough product data.',
	endpoint: 'POST /reports/eans-not-found',
	properties: [storefrontField],
	async execute(itemIndex) {
		return await apiRequestData.call(this, {
			method: 'POST',
			path: '/reports/eans-not-found',
			query: { storefront: await requiredStorefront(this, itemIndex) },
			itemIndex,
			fieldLabels: { storefront: 'Storefront' },
			uncertainWrite: {
				subject: 'the report request',
				check: 'Report → Get Many lists the report if it was requested',
			},
		});
	},
});
