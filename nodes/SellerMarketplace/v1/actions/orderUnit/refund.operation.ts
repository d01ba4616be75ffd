import { refundReasonOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { requireString, toCents } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest } from '../../../../api/v1';
import { getOrderUnitId, orderUnitIdField } from './fields';
import { defineOperation } from '../../../actions/define';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

const AMOUNT_LABEL = 'Amount (in Cents)';

/**
 * PATCH /order_units/{id_order_unit}/refund/ (with the underscore, as the API documents it): refunds part of
 * or the whole price. Never retried after a server error or a broken connection, so no refund is paid twice.
 */
export const refund = defineOperation({
	value: 'refund',
	name: 'Refund',
	action: 'Refund an order unit',
	attempt: ['refund order unit {orderUnitId}', 'refund an order unit'],
	summary: 'Pay back part of or the whole price of an order unit',
	picks: PICKABLE_STATUSES.orderUnitToRefund,
	endpoint: 'PATCH /order_units/{id_order_unit}/refund/',
	properties: [
		orderUnitIdField,
		{
			displayName: AMOUNT_LABEL,
			name: 'amount',
			type: 'number',
			typeOptions: { numberPrecision: 0 },
			default: 0,
			required: true,
			description:
				'How much to refund to the buyer, in euro cents (e.g. 500 for 5.00 €). At most what is left of the price.',
		},
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: refundReasonOptions,
			default: 'other_refund',
			required: true,
			description: 'Why the buyer gets money back',
		},
	],
	async execute(itemIndex) {
		const orderUnitId = getOrderUnitId(this, itemIndex);
		const amount = toCents(this, this.getNodeParameter('amount', itemIndex) as unknown, itemIndex, AMOUNT_LABEL, {
			allowZero: false,
		});
		const reason = requireString(this, 'reason', itemIndex, 'Reason');
		const response = await apiRequest.call(this, {
			method: 'PATCH',
			path: apiPath`/order_units/${orderUnitId}/refund/`,
			body: { amount, reason },
			idempotent: false,
			itemIndex,
		});
		return successItem(response, { id_order_unit: orderUnitId, amount, reason });
	},
});
