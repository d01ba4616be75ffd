/** Return Unit → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import type { ReturnUnit } from '../../../../../sandbox';
import { expectSigned } from '../../setup';
import { useReturnUnitSandbox } from './setup';

const { v2, db } = useReturnUnitSandbox();

describe('Return Unit → Get Many', () => {
	it('sends one request per status, the sort and the default storefront; outputs the matching return units', async () => {
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['need_to_be_returned', 'return_arrived'] },
			sort: { sortBy: 'ts_updated:desc' },
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.queryValues!.status)).toEqual([
			['need_to_be_returned'],
			['return_arrived'],
		]);
		for (const request of v2.requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/return-units', status: 200 });
			expect(request.queryValues).toMatchObject({
				storefront: ['de'],
				sort: ['ts_updated:desc'],
				limit: ['100'],
				offset: ['0'],
			});
			expectSigned(request, v2.credentials());
		}
		const onDe = (unit: ReturnUnit) =>
			(db().orderUnits.find((o) => o.id_order_unit === unit.id_order_unit)?._storefront ?? 'de') === 'de';
		const expected = db().returnUnits.filter(
			(unit) => ['need_to_be_returned', 'return_arrived'].includes(unit.status) && onDe(unit),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(run.items.map((item) => item.json.id_return_unit).sort()).toEqual(
			expected.map((unit) => unit.id_return_unit).sort(),
		);
		expect(run.items[0].json).toMatchObject({
			storefront: 'de',
			fulfillment_type: 'fulfilled_by_merchant',
			ts_created_iso: expect.stringMatching(/Z$/),
		});
	});

	it('Limit 1 reads one page of one', async () => {
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			storefront: 'all',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].queryValues).toEqual({ limit: ['1'], offset: ['0'] });
		expect(run.items).toHaveLength(1);
	});

	it('refuses an unknown status before sending', async () => {
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['arrived'] },
		});
		expect(run.error?.message).toBe('"Status" has an unknown value "arrived" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
