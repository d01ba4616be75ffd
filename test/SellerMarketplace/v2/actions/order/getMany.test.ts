/** Order → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import type { Order } from '../../../../../sandbox';
import { expectSigned } from '../../setup';
import { useOrderSandbox, iso, storefrontOf } from './setup';

const { v2, merchantOrders } = useOrderSandbox();

describe('Order → Get Many', () => {
	it("reads the credentials' storefront by default, up to Limit, newest first", async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: false, limit: 7 });

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/orders',
			query: { storefront: 'de', limit: '7', offset: '0' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json.id_order)).toEqual(
			merchantOrders('de')
				.slice(0, 7)
				.map((order) => order.id_order),
		);
		expect(run.items[0].json).toMatchObject({
			storefront: 'de',
			fulfillment_type: 'fulfilled_by_merchant',
			ts_created_iso: expect.stringMatching(/Z$/),
		});
		expect(run.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Return All reads every page of 100 (the endpoint maximum) of all storefronts', async () => {
		const expected = merchantOrders();
		expect(expected.length).toBeGreaterThan(200);

		const run = await v2.run({ operation: 'getMany', returnAll: true, storefront: 'all' });

		expect(run.error).toBeUndefined();
		const pages = v2.requests();
		expect(pages.map((request) => Number(request.query.offset)).sort((a, b) => a - b)).toEqual([0, 100, 200]);
		for (const request of pages) {
			expect(request).toMatchObject({ method: 'GET', path: '/orders', status: 200 });
			expect(request.query.limit).toBe(String(Math.min(100, expected.length - Number(request.query.offset))));
			expect(request.query.storefront).toBeUndefined();
			expectSigned(request, v2.credentials());
		}
		expect(run.items.map((item) => item.json.id_order)).toEqual(expected.map((order) => order.id_order));
		expect(
			new Set(run.items.map((item) => storefrontOf({ _storefront: String(item.json.storefront) } as Order))).size,
		).toBeGreaterThan(1);
	});

	it('sends the filters: storefront, ISO times in UTC (the workflow zone for times without one) and one request per fulfillment type', async () => {
		const all = merchantOrders('at');
		const pivot = all[Math.floor(all.length / 2)];
		// The pivot's time as a Berlin wall clock shows it, without a zone: the node must send it as UTC.
		const berlin = new Intl.DateTimeFormat('sv-SE', {
			timeZone: 'Europe/Berlin',
			dateStyle: 'short',
			timeStyle: 'medium',
		})
			.format(new Date(iso(pivot.ts_created)))
			.replace(' ', 'T');
		expect(berlin).not.toBe(iso(pivot.ts_created).slice(0, 19));

		const run = await v2.run(
			{
				operation: 'getMany',
				returnAll: true,
				storefront: 'at',
				filters: {
					createdFrom: berlin,
					fulfillmentType: ['fulfilled_by_merchant', 'fulfilled_by_kaufland'],
				},
			},
			{ timezone: 'Europe/Berlin' },
		);

		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.queryValues!.fulfillment_type)).toEqual([
			['fulfilled_by_merchant'],
			['fulfilled_by_kaufland'],
		]);
		for (const request of v2.requests())
			expect(request.queryValues).toMatchObject({ storefront: ['at'], ts_created_from_iso: [iso(pivot.ts_created)] });
		const expected = v2
			.sandbox()
			.control.db.orders.filter((order) => storefrontOf(order) === 'at' && order.ts_created >= pivot.ts_created);
		expect(run.items.map((item) => item.json.id_order).sort()).toEqual(expected.map((order) => order.id_order).sort());
	});

	it('sends Units Updated After, and a date given with an offset keeps it', async () => {
		const run = await v2.run({
			operation: 'getMany',
			returnAll: false,
			limit: 3,
			filters: { unitsUpdatedFrom: '2026-07-01T00:15:00+02:00' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toMatchObject({
			ts_units_updated_from_iso: '2026-06-30T22:15:00Z',
			storefront: 'de',
		});
	});

	it.each([
		[
			'a date in another format',
			{ filters: { createdFrom: '20.11.2026' } },
			'"Created After" must be a date like 2026-11-20',
		],
		[
			'a date that does not exist',
			{ filters: { unitsUpdatedFrom: '2026-02-30' } },
			'"Units Updated After" must be a date',
		],
		['an unknown storefront', { storefront: 'uk' }, '"Storefront" has an unknown value "uk"'],
		[
			'an unknown fulfillment type',
			{ filters: { fulfillmentType: ['fbk'] } },
			'"Fulfillment Type" has an unknown value "fbk"',
		],
		['a limit of 0', { returnAll: false, limit: 0 }, '"Limit" must be a whole number of at least 1'],
	])('refuses %s before sending anything', async (_, parameters, message) => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
