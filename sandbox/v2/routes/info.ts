/**
 * Info: the storefronts the seller has set up, the locales, the VAT rates per storefront and commission
 * estimates by EAN.
 *
 *  - VAT rates: the statutory rates of each storefront's country (percent), per `vat_indicator`; with `storefront`
 *    only that one, otherwise every storefront the seller has set up.
 *  - Commission lookup: 1–50 EANs; one answer per EAN as given (a repeated EAN is answered once), in order: `OK`
 *    with an estimate for a product of the catalogue, `NO_COMMISSION_RATE` for products of the food area (category
 *    13 and its leaves, the sandbox's choice), `NOT_FOUND` otherwise. The estimate is the product's category fee
 *    (`variable_fee` percent, `fixed_fee` cents), as v1 shows it on the category.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import { ok, text, V2Operations } from '../handler';

const LOCALES = ['de-DE', 'cs-CZ', 'sk-SK', 'de-AT', 'pl-PL', 'fr-FR', 'it-IT', 'es-ES', 'nl-NL'];

/** Statutory VAT rates (percent) by storefront: standard, reduced 1, reduced 2, super reduced; zero rate is 0 everywhere. */
const VAT_RATES: Record<string, [number, number | null, number | null, number | null]> = {
	de: [19, 7, null, null],
	at: [20, 10, 13, null],
	cz: [21, 12, null, null],
	sk: [23, 19, 5, null],
	pl: [23, 8, 5, null],
	fr: [20, 10, 5.5, 2.1],
	it: [22, 10, 5, 4],
	es: [21, 10, null, 4],
	nl: [21, 9, null, null],
};

function vatRates(storefront: string) {
	const [standard, reduced1, reduced2, superReduced] = VAT_RATES[storefront];
	const rates: Array<[string, number | null]> = [
		['standard_rate', standard],
		['reduced_rate_1', reduced1],
		['reduced_rate_2', reduced2],
		['super_reduced_rate', superReduced],
		['zero_rate', 0],
	];
	return {
		storefront,
		vat_rates: rates.filter(([, value]) => value !== null).map(([vat_indicator, value]) => ({ vat_indicator, value })),
	};
}

const FOOD_AREA = 13;

function commission(core: SandboxCore, ean: string, storefront: string) {
	const item = core.store.db.items.find((candidate) => candidate.eans.includes(ean));
	if (!item) return { ean, storefront, status: 'NOT_FOUND' };
	const category = core.store.find('categories', item.id_category);
	if (!category || item.id_category === FOOD_AREA || category.id_parent_category === FOOD_AREA)
		return { ean, storefront, status: 'NO_COMMISSION_RATE' };
	return {
		ean,
		storefront,
		status: 'OK',
		commission_rate_estimate: { variable_fee: Number(category.variable_fee), fixed_fee: category.fixed_fee },
	};
}

export const operations: V2Operations = {
	GetAllStorefronts: (ctx) => ok([...ctx.storefronts]),
	GetAllLocales: () => ok([...LOCALES]),
	GetVatIndicators: (ctx) => {
		const storefront = text(ctx, 'storefront');
		return ok((storefront ? [storefront] : ctx.storefronts).map(vatRates));
	},
	LookupCommissionRates: (ctx) => {
		const storefront = text(ctx, 'storefront')!;
		const eans = [...new Set((ctx.body as { eans: string[] }).eans)];
		const data = eans.map((ean) => commission(ctx.core, ean, storefront));
		return { status: 200, body: { data, pagination: { offset: 0, limit: data.length, total: data.length } } };
	},
};
