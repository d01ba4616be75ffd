import { requireString } from '../../../../shared/helpers/validation';
import { centsField } from '../../descriptions/fields';
import { ORDER_UNIT_REFUND_REASONS, toOptions } from '../../../../api/v2/enums';
import { wholeNumber } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { orderUnitAction, orderUnitIdField } from './fields';
import { PICKABLE_STATUSES } from '../../../../shared/helpers/pickList';

const AMOUNT_LABEL = 'Amount (in Cents)';

/** PATCH /order-units/{id_order_unit}/refund: never sent twice, so a lost answer cannot refund twice. */
export const refund = defineOperation({
	value: 'refund',
	name: 'Refund',
	action: 'Refund an order unit',
	attempt: ['refund order unit {orderUnitId}', 'refund an order unit'],
	summary: 'Pay back part of or the whole price of an order unit',
	picks: PICKABLE_STATUSES.orderUnitToRefund,
	endpoint: 'PATCH /order-units/{id_order_unit}/refund',
	properties: [
		orderUnitIdField,
		{ ...centsField('Amount', 'amount', 'How much to pay back'), required: true },
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: toOptions(ORDER_UNIT_REFUND_REASONS),
			default: 'other_refund',
			required: true,
			description: 'Why you pay back',
		},
	],
	async execute(itemIndex) {
		const body = {
			amount: wholeNumber(this, this.getNodeParameter('amount', itemIndex, undefined), itemIndex, AMOUNT_LABEL, {
				min: 1,
			}),
			reason: requireString(this, 'reason', itemIndex, 'Reason'),
		};
		return await orderUnitAction(this, itemIndex, 'refund', body, { amount: AMOUNT_LABEL, reason: 'Reason' });
	},
});
