import type { IDataObject } from 'n8n-workflow';

import { bounded, inputError, lineOfText, requireString } from '../../../../shared/helpers/validation';
import { centsField, collectionField, textField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { DISCOUNT_TYPES } from '../../../../api/v2/enums';
import { wholeNumber } from '../../helpers/values';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { reportDate } from '../report/fields';
import { eansField, eansOf, MAX_VOUCHER_PRODUCTS, productIdsField, productIdsOf, VOUCHER_FIELD_LABELS } from './fields';

const MAX_PERCENT = 85;
const PERCENT_LABEL = 'Discount (in Percent)';
const CENTS_LABEL = 'Discount (in Cents)';

const showFor = (type: (typeof DISCOUNT_TYPES)[number]) => ({ displayOptions: { show: { discountType: [type] } } });

/** A percentage above 0 and at most 85, as a number or numeric text. */
function percentOf(context: Parameters<typeof inputError>[0], value: unknown, itemIndex: number): number {
	const text = String(value ?? '').trim();
	const number = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
	if (!(number > 0 && number <= MAX_PERCENT)) {
		throw inputError(
			context,
			itemIndex,
			`"${PERCENT_LABEL}" must be a number above 0 and at most ${MAX_PERCENT}, but it is ${JSON.stringify(value)}`,
		);
	}
	return number;
}

/**
 * POST /vouchers (201): never sent twice, so a lost answer cannot create two vouchers. The voucher discounts every
 * new-condition offer of yours on the products it names.
 */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a voucher',
	attempt: 'create a voucher',
	summary: 'Create a discount voucher for some of your products in one storefront',
	endpoint: 'POST /vouchers',
	properties: [
		bounded(
			textField('Title', 'title', 'Name of the voucher campaign (only you see it)', {
				required: true,
				placeholder: 'e.g. Christmas Sale',
			}),
			lineOfText('title'),
		),
		storefrontField,
		{
			displayName: 'Discount Type',
			name: 'discountType',
			type: 'options',
			options: [
				{ name: 'Percentage', value: 'PERCENTAGE', description: 'A share of the price, at most 85 %' },
				{
					name: 'Fixed Amount',
					value: 'ABSOLUTE',
					description: "A fixed amount off, in cents of the storefront's currency",
				},
			],
			default: 'PERCENTAGE',
			required: true,
		},
		bounded(
			{
				displayName: PERCENT_LABEL,
				name: 'discountPercent',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_PERCENT, numberPrecision: 2 },
				default: 10,
				required: true,
				description: 'The discount in percent of the price, above 0 and at most 85',
				...showFor('PERCENTAGE'),
			},
			{ fills: ['discount_amount'], minimum: 0, exclusiveMinimum: true, maximum: MAX_PERCENT, decimals: 2 },
		),
		bounded(
			{
				...centsField('Discount', 'discountCents', 'The amount off each product'),
				required: true,
				...showFor('ABSOLUTE'),
			},
			{ fills: ['discount_amount'], minimum: 1, decimals: 0 },
		),
		bounded(
			{
				displayName: 'Begin At',
				name: 'beginAt',
				type: 'dateTime',
				default: '',
				required: true,
				description: 'First day the voucher is valid: today or later (only the date counts)',
			},
			{ fills: ['begin_at'], date: 'date' },
		),
		bounded(
			{
				displayName: 'End At',
				name: 'endAt',
				type: 'dateTime',
				default: '',
				required: true,
				description: 'Last day the voucher is valid, not before Begin At (only the date counts)',
			},
			{ fills: ['end_at'], date: 'date' },
		),
		bounded(
			{
				displayName: 'Usage Limit',
				name: 'usageLimit',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 100,
				required: true,
				description: 'How many times the voucher can be redeemed in all',
			},
			{ fills: ['usage_limit'], minimum: 1, decimals: 0 },
		),
		productIdsField(
			'The products the voucher is for, by product ID (id_product), separated by commas. Give these, EANs, or both (at most 3000 in all).',
		),
		eansField('The products the voucher is for, by EAN, separated by commas'),
		collectionField('Options', 'options', [
			{
				displayName: 'Export to Price Comparison Sites',
				name: 'exportToThirdParties',
				type: 'boolean',
				default: false,
				description: 'Whether price comparison portals may show the voucher',
			},
		]),
	],
	async execute(itemIndex) {
		const type = requireString(this, 'discountType', itemIndex, 'Discount Type');
		if (!(DISCOUNT_TYPES as readonly string[]).includes(type)) {
			throw inputError(
				this,
				itemIndex,
				`"Discount Type" must be one of ${DISCOUNT_TYPES.join(', ')}, but it is "${type}"`,
			);
		}
		const discount =
			type === 'PERCENTAGE'
				? percentOf(this, this.getNodeParameter('discountPercent', itemIndex, undefined), itemIndex)
				: wholeNumber(this, this.getNodeParameter('discountCents', itemIndex, undefined), itemIndex, CENTS_LABEL, {
						min: 1,
					});
		const beginAt = reportDate(this, 'beginAt', itemIndex, 'Begin At');
		const endAt = reportDate(this, 'endAt', itemIndex, 'End At');
		if (endAt < beginAt)
			throw inputError(this, itemIndex, `"End At" (${endAt}) must not be before "Begin At" (${beginAt})`);
		const products = productIdsOf(this, this.getNodeParameter('productIds', itemIndex, ''), itemIndex, 'Product IDs');
		const eans = eansOf(this, this.getNodeParameter('eans', itemIndex, ''), itemIndex, 'EANs');
		if (products.length + eans.length === 0)
			throw inputError(this, itemIndex, '"Product IDs" or "EANs" must name at least one product');
		if (products.length + eans.length > MAX_VOUCHER_PRODUCTS) {
			throw inputError(
				this,
				itemIndex,
				`"Product IDs" and "EANs" may name at most ${MAX_VOUCHER_PRODUCTS} products together, but they name ${products.length + eans.length}`,
			);
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body: IDataObject = {
			title: requireString(this, 'title', itemIndex, 'Title'),
			storefront: await requiredStorefront(this, itemIndex),
			discount_type: type,
			discount_amount: discount,
			begin_at: beginAt,
			end_at: endAt,
			usage_limit: wholeNumber(
				this,
				this.getNodeParameter('usageLimit', itemIndex, undefined),
				itemIndex,
				'Usage Limit',
				{ min: 1 },
			),
			...(products.length ? { products } : {}),
			...(eans.length ? { eans } : {}),
			export_to_third_parties: options.exportToThirdParties === true,
		};
		return await apiRequestData.call(this, {
			method: 'POST',
			path: '/vouchers',
			body,
			itemIndex,
			fieldLabels: { ...VOUCHER_FIELD_LABELS, discount_amount: type === 'PERCENTAGE' ? PERCENT_LABEL : CENTS_LABEL },
			uncertainWrite: {
				subject: 'the new voucher',
				check: `Voucher → Get Many with the Search Term "${String(body.title)}" lists the voucher if it was created`,
			},
		});
	},
});
