import { deletedItem } from '../../../../shared/helpers/output';
import { apiRequest } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getVoucherId, VOUCHER_FIELD_LABELS, voucherIdField, voucherIs } from './fields';

/** DELETE /vouchers?id=: only a voucher that has not started yet (status new). */
export const deleteVoucher = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a voucher',
	attempt: ['delete voucher {voucherId}', 'delete a voucher'],
	summary: 'Delete a voucher that has not started yet; a started one can only be deactivated',
	endpoint: 'DELETE /vouchers',
	properties: [voucherIdField],
	async execute(itemIndex) {
		const id = getVoucherId(this, itemIndex);
		const response = await apiRequest.call(this, {
			method: 'DELETE',
			path: '/vouchers',
			query: { id: [id] },
			itemIndex,
			fieldLabels: VOUCHER_FIELD_LABELS,
			confirmApplied: voucherIs(this, id, itemIndex, 'deleted'),
		});
		return deletedItem(response);
	},
});
