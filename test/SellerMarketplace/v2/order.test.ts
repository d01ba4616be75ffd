/**
 * Order → Get Many and Get (node version 2) through n8n-core against the v2 sandbox: the request the sandbox
 * received and the items output. Expected records come from the sandbox's store (`control.db`).
 */
import type { Order } from '../../../sandbox';
import { expectSigned, fromExpression, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 260 }, 'order');

const iso = (timestamp: string) => `${timestamp.replace(' ', 'T')}Z`;
const storefrontOf = (order: Order) => order._storefront ?? 'de';
/** The merchant's own orders (the API's default fulfillment type), newest first, as the sandbox lists them. */
const merchantOrders = (storefront?: string) =>
	v2
		.sandbox()
		.control.db.orders.filter(
			(order) => !order._fulfilled_by_marketplace && (!storefront || storefrontOf(order) === storefront),
		)
		.map((order, index) => ({ order, index }))
		.sort((a, b) =>
			a.order.ts_created < b.order.ts_created ? 1 : a.order.ts_created > b.order.ts_created ? -1 : b.index - a.index,
		)
		.map(({ order }) => order);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

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

describe('Order → Get', () => {
	it('reads one order with the chosen embedded data, as one comma-separated list', async () => {
		const order = merchantOrders('de')[0];

		const run = await v2.run({
			operation: 'get',
			orderId: byId(order.id_order),
			embedded: ['order_invoices', 'delivery'],
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'GET', path: `/orders/${order.id_order}`, status: 200 });
		expect(request.rawUrl).toBe(`/v2/orders/${order.id_order}?embedded=order_invoices%2Cdelivery`);
		expectSigned(request, v2.credentials());
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			id_order: order.id_order,
			ts_created_iso: iso(order.ts_created),
			order_units: expect.any(Array),
			order_invoices: expect.any(Array),
		});
		expect((run.items[0].json.order_units as unknown[]).length).toBe(order.seller_units_count);
	});

	it("leaves the invoices' download addresses (they carry an access token) out unless asked for", async () => {
		const order = merchantOrders('de').find((candidate) =>
			v2.sandbox().control.db.orderInvoices.some((invoice) => invoice.id_order === candidate.id_order),
		)!;
		const invoices = (json: Record<string, unknown>) => json.order_invoices as Array<Record<string, unknown>>;

		const plain = await v2.run({ operation: 'get', orderId: byId(order.id_order), embedded: ['order_invoices'] });
		const withLinks = await v2.run({
			operation: 'get',
			orderId: byId(order.id_order),
			embedded: ['order_invoices'],
			options: { includeDownloadLinks: true },
		});

		expect(invoices(plain.items[0].json).length).toBeGreaterThan(0);
		expect(
			invoices(plain.items[0].json).every((invoice) => invoice.url === undefined && invoice.id_invoice !== undefined),
		).toBe(true);
		expect(JSON.stringify(plain.items)).not.toContain('access_token');
		expect(invoices(withLinks.items[0].json).every((invoice) => String(invoice.url).includes('access_token='))).toBe(
			true,
		);
	});

	it('one request per input item, each output paired with its item', async () => {
		const [first, second] = merchantOrders();
		const run = await v2.run(
			{ operation: 'get', orderId: byId('={{ $json.id }}') },
			{ items: [{ json: { id: first.id_order } }, { json: { id: second.id_order } }] },
		);
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => request.path)).toEqual([
			`/orders/${first.id_order}`,
			`/orders/${second.id_order}`,
		]);
		expect(run.items.map((item) => [item.json.id_order, item.pairedItem])).toEqual([
			[first.id_order, { item: 0 }],
			[second.id_order, { item: 1 }],
		]);
	});

	it('an unknown order: a 404 that names it', async () => {
		const run = await v2.run({ operation: 'get', orderId: byId('NOSUCH1') });
		expect(run.error?.message).toBe('Could not get order NOSUCH1: it was not found');
		expect(run.error?.description).toContain('The API said: Order NOSUCH1 not found');
		expect(v2.requests()[0]).toMatchObject({ path: '/orders/NOSUCH1', status: 404 });
	});

	it.each(['../units/1', '..', '.', 'M1/2', 'M1\\2', 'M1\n2', '   '])(
		'refuses the order ID %p before sending anything',
		async (id) => {
			const run = await v2.run({ operation: 'get', orderId: fromExpression(id) });
			expect(run.error?.message).toMatch(/^"Order" (must be an ID|is required)/);
			expect(v2.requests()).toHaveLength(0);
		},
	);

	it.each([
		['a suffix', '-2', '-2'],
		['a question mark', '?x=1', '%3Fx%3D1'],
		['a hash and a space', '#x y', '%23x%20y'],
	])('takes an order ID with %s as one path segment', async (_, suffix, encoded) => {
		const order = merchantOrders()[0];
		const raw = order.id_order;
		order.id_order = `${raw}${suffix}`;
		const run = await v2.run({ operation: 'get', orderId: byId(order.id_order) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ rawUrl: `/v2/orders/${raw}${encoded}`, status: 200 });
		expect(run.items[0].json.id_order).toBe(order.id_order);
	});

	it('with Continue On Fail, a bad item becomes an error item and the others go on', async () => {
		const order = merchantOrders()[0];
		const run = await v2.run(
			{ operation: 'get', orderId: byId('={{ $json.id }}') },
			{ items: [{ json: { id: '../x' } }, { json: { id: order.id_order } }], continueOnFail: true },
		);
		expect(run.error).toBeUndefined();
		expect(run.items[0]).toMatchObject({
			json: { error: expect.stringContaining('"Order" must be an ID') },
			pairedItem: { item: 0 },
		});
		expect(run.items[1]).toMatchObject({ json: { id_order: order.id_order }, pairedItem: { item: 1 } });
		expect(v2.requests()).toHaveLength(1);
	});
});
