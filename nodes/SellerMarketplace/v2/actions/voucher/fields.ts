/** Fields and checks shared by the voucher operations. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bounded, checkEan, inputError, requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator, textField } from '../../descriptions/fields';
import { apiPath, apiRequestData, type ApiContext } from '../../../../api/v2';

export const voucherIdField = idLocator({
	displayName: 'Voucher',
	name: 'voucherId',
	searchListMethod: 'searchVouchers',
	placeholder: 'e.g. 70001',
	description: 'The voucher, picked from your vouchers or given by its ID (id_voucher)',
});

export function getVoucherId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'voucherId', itemIndex, 'Voucher');
}

/** How many products a voucher may name, by product ID and EAN together (spec: at most 3000). */
export const MAX_VOUCHER_PRODUCTS = 3000;

/** Product IDs of a voucher: `products` of its body when created, `id_product` when lists are filtered by them. */
export function productIdsField(description: string, required = false): INodeProperties {
	return bounded(
		textField('Product IDs', 'productIds', description, { required, placeholder: 'e.g. 545476015, 322791766' }),
		{ fills: ['products', 'id_product'], maxItems: MAX_VOUCHER_PRODUCTS, itemsAre: 'products' },
	);
}

/** EANs of a voucher's products: `eans` of its body when created, `ean` when lists are filtered by them. */
export function eansField(description: string): INodeProperties {
	return bounded(textField('EANs', 'eans', description, { placeholder: 'e.g. 4006381333931, 4006381333948' }), {
		fills: ['eans', 'ean'],
		maxItems: MAX_VOUCHER_PRODUCTS,
		itemsAre: 'products',
	});
}

/** A list from an expression's array, or text separated by commas, semicolons, spaces or line breaks; empty entries dropped. */
function listOf(value: unknown): string[] {
	const parts = Array.isArray(value)
		? value
		: String(value ?? '')
				.trim()
				.replace(/^\[(.*)\]$/s, '$1')
				.split(/[\s,;]+/);
	return parts
		.map((part) =>
			String(part ?? '')
				.trim()
				.replace(/^"(.*)"$/, '$1'),
		)
		.filter((part) => part !== '');
}

/** Product IDs (id_product): positive whole numbers, each once. */
export function productIdsOf(context: IExecuteFunctions, value: unknown, itemIndex: number, label: string): number[] {
	const values = listOf(value);
	const wrong = values.filter((part) => !/^\d+$/.test(part) || !Number.isSafeInteger(Number(part)) || Number(part) < 1);
	if (wrong.length) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be product IDs (whole numbers) separated by commas, but ${wrong.map((w) => `"${w}"`).join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not`,
		);
	}
	return [...new Set(values.map(Number))];
}

/** EANs: 8 to 14 digits each, kept as text, each once. */
export function eansOf(context: IExecuteFunctions, value: unknown, itemIndex: number, label: string): string[] {
	return [...new Set(listOf(value).map((ean) => checkEan(context, ean, itemIndex, label)))];
}

/** For a change whose answer was lost: whether the voucher is now in `status` (a deleted one may also be gone). */
export function voucherIs(
	context: ApiContext,
	id: number,
	itemIndex: number,
	status: 'inactive' | 'deleted',
): () => Promise<boolean> {
	return async () => {
		try {
			const voucher = await apiRequestData.call(context, { method: 'GET', path: apiPath`/vouchers/${id}`, itemIndex });
			return voucher.status === status;
		} catch (error) {
			return status === 'deleted' && (error as { httpCode?: string }).httpCode === '404';
		}
	};
}

export const VOUCHER_FIELD_LABELS: Record<string, string> = {
	title: 'Title',
	storefront: 'Storefront',
	discount_type: 'Discount Type',
	discount_amount: 'Discount',
	begin_at: 'Begin At',
	end_at: 'End At',
	usage_limit: 'Usage Limit',
	products: 'Product IDs',
	eans: 'EANs',
	export_to_third_parties: 'Export to Price Comparison Sites',
	ids: 'Voucher ID',
	id: 'Voucher ID',
	id_product: 'Product IDs',
	ean: 'EANs',
	search_term: 'Search Term',
	sort: 'Sort',
	status: 'Status',
};
