import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiPath, apiRequest, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getVoucherId, VOUCHER_FIELD_LABELS, voucherIdField, voucherIs } from './fields';

/** PATCH /vouchers with status `inactive`: for good (an inactive voucher cannot be activated again). */
export const deactivate = defineOperation({
	value: 'deactivate',
	name: 'Deactivate',
	action: 'Deactivate a voucher',
	attempt: ['deactivate voucher {voucherId}', 'deactivate a voucher'],
	summary: 'Stop offering a new or active voucher to buyers; this cannot be undone',
	endpoint: 'PATCH /vouchers',
	properties: [voucherIdField],
	async execute(itemIndex) {
		const id = getVoucherId(this, itemIndex);
		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: '/vouchers',
			body: { ids: [id], status: 'inactive' },
			itemIndex,
			fieldLabels: VOUCHER_FIELD_LABELS,
			confirmApplied: voucherIs(this, id, itemIndex, 'inactive'),
		});
		if (response.alreadyApplied) {
			// The lost answer held the voucher; read it instead.
			return {
				...(await apiRequestData.call(this, { method: 'GET', path: apiPath`/vouchers/${id}`, itemIndex })),
				alreadyApplied: true,
			};
		}
		const data = (response.body as { data?: unknown } | undefined)?.data;
		if (!Array.isArray(data))
			throw new NodeOperationError(
				this.getNode(),
				'Expected the deactivated voucher from PATCH /vouchers, but the API returned something else',
				{ itemIndex },
			);
		return data as IDataObject[];
	},
});
