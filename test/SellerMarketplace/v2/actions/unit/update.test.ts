/** Unit → Update (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useUnitSandbox } from './setup';

const { v2, unitsIn, unitById, body } = useUnitSandbox();

describe('Unit → Update', () => {
	it('a stock-only update reads the unit first and sends its current listing price with the new stock (the API needs a price on every write)', async () => {
		const unit = unitsIn('de')[3];
		const price = unit.listing_price;
		const run = await v2.run({ operation: 'update', unitId: String(unit.id_unit), updateFields: { amount: 3 } });
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => [request.method, request.rawUrl, request.status])).toEqual([
			['GET', `/v2/units/${unit.id_unit}?storefront=de`, 200],
			['PATCH', `/v2/units/${unit.id_unit}?storefront=de`, 200],
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));
		expect(body(1)).toEqual({ amount: 3, listing_price: price });
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id_unit: unit.id_unit, amount: 3, listing_price: price }),
		]);
		expect(unitById(unit.id_unit)).toMatchObject({ amount: 3, listing_price: price });
	});

	it('a price set by the seller is sent as it is, without reading the unit', async () => {
		const unit = unitsIn('de')[3];
		const newPrice = unit.listing_price + 100;
		const run = await v2.run({
			operation: 'update',
			unitId: String(unit.id_unit),
			updateFields: { amount: 4, listingPrice: newPrice },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.method)).toEqual(['PATCH']);
		expect(body()).toEqual({ amount: 4, listing_price: newPrice });
	});

	it('a unit that cannot be read is not changed, and the error says so', async () => {
		const run = await v2.run({ operation: 'update', unitId: '999999', updateFields: { amount: 3 } });
		expect(v2.requests().map((request) => [request.method, request.status])).toEqual([['GET', 404]]);
		expect(run.error?.message).toMatch(/999999/);
	});

	it('changes only the fields set, pauses the offer and removes the guarantee; outputs the changed unit', async () => {
		const unit = unitsIn('de')[2];
		const run = await v2.run({
			operation: 'update',
			unitId: String(unit.id_unit),
			updateFields: { amount: 0, status: 'ONHOLD', remove: ['manufacturer_guarantee_years'], listingPrice: '2499' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/units/${unit.id_unit}`,
			query: { storefront: 'de' },
			status: 200,
		});
		expect(body()).toEqual({ status: 'ONHOLD', amount: 0, listing_price: 2499, manufacturer_guarantee_years: null });
		expect(run.items[0].json).toMatchObject({
			id_unit: unit.id_unit,
			status: 'ONHOLD',
			amount: 0,
			listing_price: 2499,
			is_live: false,
			manufacturer_guarantee_years: null,
		});
		expect(unitById(unit.id_unit)).toMatchObject({ amount: 0, listing_price: 2499, _status: 'ONHOLD' });
	});

	it.each([
		['nothing to change', {}, '"Update Fields" is empty'],
		[
			'a value both set and removed',
			{ ecoParticipation: 20, remove: ['eco_participation'] },
			'"Eco Participation (in Cents)" is both set and in "Remove Values"',
		],
		['negative stock', { amount: -1 }, '"Stock" must be a whole number of at least 0'],
	])('refuses %s before sending', async (_, updateFields, message) => {
		const run = await v2.run({ operation: 'update', unitId: String(unitsIn('de')[0].id_unit), updateFields });
		expect(run.error?.message).toContain(message);
		expect(v2.requests()).toHaveLength(0);
	});
});
