import type { IExecuteFunctions } from 'n8n-workflow';

import { bounded, checkEan, inputError, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { textField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { defineOperation } from '../../../actions/define';
import { apiRequestDataList } from '../../../../api/v2';

/** POST /info/commission-rates/lookup takes 1 to 50 EANs. */
const MAX_EANS = 50;

/** The EANs of the field: a list from an expression, or text separated by commas, spaces or line breaks; repeats once. */
function eansOf(context: IExecuteFunctions, itemIndex: number): string[] {
	const raw = context.getNodeParameter('eans', itemIndex, '') as unknown;
	const parts = Array.isArray(raw) ? raw.map((value) => String(value ?? '')) : String(raw ?? '').split(/[\s,;]+/);
	const eans = [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
	if (!eans.length)
		throw inputError(context, itemIndex, '"EANs" is required: give at least one EAN, e.g. 4006380100015');
	if (eans.length > MAX_EANS)
		throw inputError(context, itemIndex, `"EANs" may hold at most ${MAX_EANS} EANs, but it has ${eans.length}`);
	return eans.map((ean) => checkEan(context, ean, itemIndex, 'EANs'));
}

/** POST /info/commission-rates/lookup?storefront=: one output item per EAN, with its status and the estimated commission. */
export const lookupCommissionRates = defineOperation({
	value: 'lookupCommissionRates',
	name: 'Look Up Commission Rates',
	action: 'Look up commission rates',
	attempt: 'look up commission rates',
	summary: 'Estimate the commission on products by EAN (up to 50 a request)',
	endpoint: 'POST /info/commission-rates/lookup',
	changesNothing: true,
	properties: [
		storefrontField,
		bounded(
			textField(
				'EANs',
				'eans',
				'Up to 50 EANs, separated by commas, or a list from an expression. Each gets one output item: its status (OK, NOT_FOUND, NO_COMMISSION_RATE) and the estimate (variable fee in percent, fixed fee in cents).',
				{
					required: true,
					placeholder: '4006380100015, 4006380100022',
				},
			),
			{ fills: ['eans'], maxItems: 50, itemsAre: 'EANs', maxLength: TEXT_CAPS.trackingNumbers },
		),
	],
	async execute(itemIndex) {
		const eans = eansOf(this, itemIndex);
		const storefront = await requiredStorefront(this, itemIndex);
		return await apiRequestDataList.call(this, {
			method: 'POST',
			path: '/info/commission-rates/lookup',
			query: { storefront },
			body: { eans },
			// A lookup changes nothing: safe to send again after a lost answer.
			idempotent: true,
			itemIndex,
			fieldLabels: { eans: 'EANs' },
		});
	},
});
