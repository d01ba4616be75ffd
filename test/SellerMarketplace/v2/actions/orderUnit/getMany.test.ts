/** Order Unit → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useOrderUnitSandbox } from './setup';

const { v2, storefrontOf, merchantUnits, unitIn } = useOrderUnitSandbox();

describe('Order Unit → Get Many', () => {
	it('sends one request per status, the sort and the default storefront; outputs the matching units merged newest first', async () => {
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['need_to_be_sent', 'sent'] },
			sort: { sortBy: 'ts_updated:desc' },
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests().length).toBeGreaterThan(1);
		for (const request of v2.requests()) {
			expect(request.queryValues!.status).toHaveLength(1);
			expect(request.queryValues).toMatchObject({ storefront: ['de'], sort: ['ts_updated:desc'] });
			expectSigned(request, v2.credentials());
		}
		expect(v2.requests()[0].queryValues).toMatchObject({ limit: ['100'], offset: ['0'] });
		const expected = merchantUnits().filter(
			(unit) => storefrontOf(unit) === 'de' && ['need_to_be_sent', 'sent'].includes(unit.status),
		);
		expect(expected.length).toBeGreaterThan(3);
		expect(run.items.map((item) => item.json.id_order_unit).sort()).toEqual(
			expected.map((unit) => unit.id_order_unit).sort(),
		);
		const updated = run.items.map((item) => String(item.json.ts_updated_iso));
		expect(updated).toEqual([...updated].sort().reverse());
	});

	it('Return All over several pages of 100, every order unit once', async () => {
		const expected = merchantUnits();
		expect(expected.length).toBeGreaterThan(200);

		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			storefront: 'all',
			requestOptions: { pageConcurrency: 2 },
		});

		expect(run.error).toBeUndefined();
		const offsets = v2.requests().map((request) => Number(request.query.offset));
		expect(offsets.sort((a, b) => a - b)).toEqual(
			Array.from({ length: Math.ceil(expected.length / 100) }, (_, page) => page * 100),
		);
		expect(run.items).toHaveLength(expected.length);
		expect(new Set(run.items.map((item) => item.json.id_order_unit))).toEqual(
			new Set(expected.map((unit) => unit.id_order_unit)),
		);
	});

	it('filters by offer ID (trimmed) and Updated After', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: { offerId: `  ${unit.id_offer} `, updatedFrom: '2020-01-01T00:00:00Z' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toMatchObject({
			id_offer: unit.id_offer,
			ts_updated_from_iso: '2020-01-01T00:00:00Z',
		});
		expect(run.items.length).toBeGreaterThan(0);
		expect(run.items.every((item) => item.json.id_offer === unit.id_offer)).toBe(true);
	});

	it('refuses an unknown status from an expression before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { status: ['shipped'] } });
		expect(run.error?.message).toBe('"Status" has an unknown value "shipped" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
