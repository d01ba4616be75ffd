import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getVoucherId, voucherIdField } from './fields';

/** GET /vouchers/{id_voucher}: the voucher with its statistics, without its products. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a voucher',
	attempt: ['get voucher {voucherId}', 'get a voucher'],
	summary: 'Read a voucher: its discount, dates, status, redemptions and sales',
	endpoint: 'GET /vouchers/{id_voucher}',
	properties: [voucherIdField],
	async execute(itemIndex) {
		return await apiRequestData.call(this, {
			method: 'GET',
			path: apiPath`/vouchers/${getVoucherId(this, itemIndex)}`,
			itemIndex,
		});
	},
});
