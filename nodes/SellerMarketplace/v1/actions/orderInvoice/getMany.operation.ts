import { returnAllOrLimit } from '../../descriptions/common';
import { readGetManyV1 } from '../../helpers/collection';
import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { defineOperation } from '../../../actions/define';

/** GET /order-invoices/seller/: the invoices the seller uploaded for their orders. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many order invoices',
	attempt: 'get many order invoices',
	summary: 'List the invoices of your orders',
	endpoint: 'GET /order-invoices/seller/',
	properties: [...returnAllOrLimit(), downloadLinksOptions],
	async execute(itemIndex) {
		return await readGetManyV1.call(
			this,
			itemIndex,
			{ path: '/order-invoices/seller/', idField: 'id_invoice' },
			(records) => applyDownloadLinksOption(this, itemIndex, records),
		);
	},
});
