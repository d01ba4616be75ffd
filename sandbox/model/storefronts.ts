/** Storefronts and their currencies. */

/** in the order of the OpenAPI's `Storefront` enum */
export const CURRENCY_BY_STOREFRONT: Readonly<Record<string, string>> = {
	de: 'EUR',
	cz: 'CZK',
	sk: 'EUR',
	pl: 'PLN',
	at: 'EUR',
	fr: 'EUR',
	it: 'EUR',
	es: 'EUR',
	nl: 'EUR',
};

/** Every storefront of the OpenAPI's `Storefront` enum. */
export const STOREFRONTS: readonly string[] = Object.keys(CURRENCY_BY_STOREFRONT);

/** The storefronts the sandbox seller has set up unless told otherwise; requests for others get storefront-not-configured. */
export const DEFAULT_STOREFRONTS: readonly string[] = ['de', 'at', 'cz'];

/** A record's storefront: records made through v1 (or before storefronts existed) belong to 'de'. */
export function storefrontOf(record: { _storefront?: string | null }): string {
	return record._storefront ?? 'de';
}

export function currencyOf(storefront: string): string {
	return CURRENCY_BY_STOREFRONT[storefront] ?? 'EUR';
}
