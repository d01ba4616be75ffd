/** Unit → Get Status (node version 2), through n8n-core against the v2 sandbox. */
import { useUnitSandbox } from './setup';

const { v2, unitsIn, addUnits } = useUnitSandbox();

describe('Unit → Get Status (several items, one request per storefront and 20 units)', () => {
	it('asks once per storefront for the units of all items and pairs each answer with its item', async () => {
		const [a, b] = unitsIn('de');
		const c = unitsIn('at')[0];
		a.amount = 0;
		const run = await v2.run(
			{ operation: 'getStatus', unitId: '={{ $json.id }}', storefront: '={{ $json.storefront }}' },
			{
				items: [
					{ json: { id: a.id_unit, storefront: 'de' } },
					{ json: { id: c.id_unit, storefront: 'at' } },
					{ json: { id: b.id_unit, storefront: 'de' } },
					{ json: { id: a.id_unit, storefront: 'de' } },
				],
			},
		);
		expect(run.error).toBeUndefined();
		expect(
			v2
				.requests()
				.map((request) => [request.method, request.path, request.query.storefront, JSON.parse(request.body)]),
		).toEqual([
			['POST', '/units/status', 'de', { unit_ids: [a.id_unit, b.id_unit] }],
			['POST', '/units/status', 'at', { unit_ids: [c.id_unit] }],
		]);
		expect(run.items.map((item) => [item.pairedItem, item.json.id_unit, item.json.is_live])).toEqual([
			[{ item: 0 }, a.id_unit, false],
			[{ item: 1 }, c.id_unit, true],
			[{ item: 2 }, b.id_unit, true],
			[{ item: 3 }, a.id_unit, false],
		]);
		expect(run.items[0].json.reasons).toEqual([expect.objectContaining({ reason: 'stock_update_needed' })]);
	});

	it('sends at most 20 unit IDs a request', async () => {
		addUnits(25);
		const ids = unitsIn('de')
			.slice(0, 45)
			.map((unit) => unit.id_unit);
		const run = await v2.run(
			{ operation: 'getStatus', unitId: '={{ $json.id }}' },
			{ items: ids.map((id) => ({ json: { id } })) },
		);
		expect(run.error).toBeUndefined();
		expect(
			v2.requests().map((request) => (JSON.parse(request.body) as { unit_ids: number[] }).unit_ids.length),
		).toEqual([20, 20, 5]);
		expect(run.items.map((item) => item.json.id_unit)).toEqual(ids);
	});

	it('an unknown unit fails its item only (Continue On Fail), or the run', async () => {
		const known = unitsIn('de')[0];
		const items = [{ json: { id: 999999 } }, { json: { id: known.id_unit } }];
		const lenient = await v2.run(
			{ operation: 'getStatus', unitId: '={{ $json.id }}' },
			{ items, continueOnFail: true },
		);
		expect(lenient.items.map((item) => [item.pairedItem, item.json.error ?? item.json.id_unit])).toEqual([
			[{ item: 0 }, 'No unit with ID "999999" was found in storefront de'],
			[{ item: 1 }, known.id_unit],
		]);
		const strict = await v2.run({ operation: 'getStatus', unitId: '={{ $json.id }}' }, { items });
		expect(strict.error?.message).toBe('No unit with ID "999999" was found in storefront de');
	});
});
