/** Info → Get VAT Rates (node version 2), through n8n-core against the v2 sandbox. */
import { useInfoSandbox } from './setup';

const { v2 } = useInfoSandbox();

describe('Info → Get VAT Rates', () => {
	it('for the chosen storefront: its rates in percent by VAT indicator', async () => {
		const result = await v2.run({ operation: 'getVatRates', storefront: 'at' });
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/info/vat-indicators',
			query: { storefront: 'at' },
			status: 200,
		});
		expect(result.items.map((item) => item.json)).toEqual([
			{
				storefront: 'at',
				vat_rates: [
					{ vat_indicator: 'standard_rate', value: 20 },
					{ vat_indicator: 'reduced_rate_1', value: 10 },
					{ vat_indicator: 'reduced_rate_2', value: 13 },
					{ vat_indicator: 'zero_rate', value: 0 },
				],
			},
		]);
	});

	it('for all storefronts: no storefront is sent and every set-up storefront is an item', async () => {
		const result = await v2.run({ operation: 'getVatRates', storefront: 'all' });
		expect(v2.requests()[0].query).toEqual({});
		expect(result.items.map((item) => item.json.storefront)).toEqual(['de', 'at', 'cz']);
	});

	it('a storefront the seller has not set up is refused by the marketplace', async () => {
		const result = await v2.run({ operation: 'getVatRates', storefront: 'fr' });
		expect(v2.requests()[0]).toMatchObject({ query: { storefront: 'fr' }, status: 400 });
		expect(result.error?.description).toContain('/problems/storefront-not-configured');
	});
});
