/** Order → Get (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned, fromExpression } from '../../setup';
import { useOrderSandbox, iso, byId } from './setup';

const { v2, merchantOrders } = useOrderSandbox();

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
