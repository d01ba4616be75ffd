/** Unit → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useUnitSandbox } from './setup';

const { v2, unitsIn, addUnits } = useUnitSandbox();

describe('Unit → Get Many', () => {
	it("lists the credentials' storefront, 100 a page, over several pages with Return All", async () => {
		addUnits(130);
		const expected = unitsIn('de');
		expect(expected.length).toBeGreaterThan(100);

		const run = await v2.run({ operation: 'getMany', returnAll: true });

		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.query)).toEqual([
			{ storefront: 'de', limit: '100', offset: '0' },
			{ storefront: 'de', limit: String(expected.length - 100), offset: '100' },
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));
		expect(run.items.map((item) => item.json.id_unit)).toEqual(expected.map((unit) => unit.id_unit));
		expect(run.items[0].json).toMatchObject({
			storefront: 'de',
			currency: 'EUR',
			listing_price: expected[0].listing_price,
		});
	});

	it('sends the filters and what to include, for the chosen storefront', async () => {
		const unit = unitsIn('at')[0];
		const run = await v2.run({
			operation: 'getMany',
			returnAll: false,
			limit: 5,
			storefront: 'at',
			filters: { offerId: ` ${unit.id_offer} `, ean: unit.ean, productId: String(unit.id_item) },
			embedded: ['products', 'eco_participation'],
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].queryValues).toEqual({
			storefront: ['at'],
			id_offer: [unit.id_offer],
			id_product: [String(unit.id_item)],
			ean: [unit.ean],
			embedded: ['products,eco_participation'],
			limit: ['5'],
			offset: ['0'],
		});
		expect(run.items.map((item) => item.json.id_unit)).toEqual([unit.id_unit]);
		expect(run.items[0].json).toMatchObject({
			currency: 'EUR',
			product: { id_product: unit.id_item },
			eco_participation: null,
		});
	});

	it.each([
		['an EAN with letters', { ean: '40063801A0015' }, '"EAN" must be 8 to 14 digits'],
		['a product ID that is not a number', { productId: 'abc' }, '"Product ID" must be a whole number'],
	])('refuses %s before sending', async (_, filters, message) => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters });
		expect(run.error?.message).toContain(message);
		expect(v2.requests()).toHaveLength(0);
	});
});
