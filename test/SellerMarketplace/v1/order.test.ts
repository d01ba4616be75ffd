/**
 * Order: Get Many and Get, run through n8n-core against the sandbox. Every test asserts the request the
 * sandbox received and the items the node output; seed records are looked up in `sandbox.control.db`.
 */
import type { Order, Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	// 45 orders: more than one page (the API hands out at most 30 records per request).
	sandbox = await startStrictSandbox({ orders: 45 });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const visibleOrders = (): Order[] =>
	sandbox.control.db.orders
		.filter((order) => !order._fulfilled_by_marketplace)
		.sort((a, b) => b.ts_created.localeCompare(a.ts_created));
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
/** The n8n date picker hands out ISO strings; the API takes `YYYY-MM-DD HH:MM:SS`. */
const isoOf = (timestamp: string) => `${timestamp.replace(' ', 'T')}.000Z`;

describe('Order → Get Many', () => {
	it('asks for one page of the requested size and outputs one item per order (Limit)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'getMany', returnAll: false, limit: 7 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/orders/seller/',
			query: { limit: '7', offset: '0' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		const expected = visibleOrders().slice(0, 7);
		expect(run.items.map((item) => item.json)).toEqual(
			expected.map(
				({ id_order, seller_units_count, ts_created, ts_units_updated, is_marketplace_deemed_supplier }) => ({
					id_order,
					seller_units_count,
					ts_created,
					ts_units_updated,
					is_marketplace_deemed_supplier,
				}),
			),
		);
		expect(run.items.map((item) => item.pairedItem)).toEqual(expected.map(() => ({ item: 0 })));
	});

	it('reads every page with Return All and never lists orders fulfilled by the marketplace', async () => {
		const expected = visibleOrders();
		expect(expected.length).toBeGreaterThan(30);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'getMany', returnAll: true },
		});

		expect(run.error).toBeUndefined();
		expect(requests().length).toBeGreaterThanOrEqual(2);
		for (const request of requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/orders/seller/', signatureValid: true, status: 200 });
		}
		expect(
			requests()
				.map((request) => request.query.offset)
				.sort(),
		).toEqual(['0', '30']);
		const ids = run.items.map((item) => item.json.id_order);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual(expected.map((order) => order.id_order).sort());
	});

	it('sends the date filters in the API format and outputs only the matching orders', async () => {
		const orders = visibleOrders();
		const createdFrom = orders[9].ts_created;
		const unitsUpdatedFrom = [...orders].sort((a, b) => b.ts_units_updated.localeCompare(a.ts_units_updated))[14]
			.ts_units_updated;

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'order',
				operation: 'getMany',
				returnAll: true,
				filters: { createdFrom: isoOf(createdFrom), unitsUpdatedFrom },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/orders/seller/',
			query: { 'ts_created:from': createdFrom, 'ts_units_updated:from': unitsUpdatedFrom, limit: '30', offset: '0' },
			signatureValid: true,
		});
		const expected = orders.filter(
			(order) => order.ts_created >= createdFrom && order.ts_units_updated >= unitsUpdatedFrom,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(run.items.map((item) => item.json.id_order).sort()).toEqual(expected.map((order) => order.id_order).sort());
	});
});

describe('Order → Get', () => {
	it('reads one order with the related data asked for', async () => {
		const invoice = sandbox.control.db.orderInvoices[0];
		const order = sandbox.control.db.orders.find((candidate) => candidate.id_order === invoice.id_order)!;
		const units = sandbox.control.db.orderUnits.filter((unit) => unit.id_order === order.id_order);

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'order',
				operation: 'get',
				orderId: { __rl: true, mode: 'list', value: order.id_order },
				embedded: ['buyer', 'order_invoices', 'shipping_address'],
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			// as the spec writes it: no trailing slash
			rawUrl: `/api/v1/orders/${order.id_order}?embedded=buyer%2Corder_invoices%2Cshipping_address`,
			path: `/orders/${order.id_order}`,
			query: { embedded: 'buyer,order_invoices,shipping_address' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items).toHaveLength(1);
		const json = run.items[0].json;
		expect(json).toMatchObject({
			id_order: order.id_order,
			ts_created: order.ts_created,
			buyer: order.buyer,
			shipping_address: order.shipping_address,
		});
		expect(json).not.toHaveProperty('billing_address');
		expect((json.order_invoices as Array<{ id_invoice: number }>).map((entry) => entry.id_invoice)).toContain(
			invoice.id_invoice,
		);
		expect((json.order_units as Array<{ id_order_unit: number }>).map((unit) => unit.id_order_unit).sort()).toEqual(
			units.map((unit) => unit.id_order_unit).sort(),
		);
	});

	it('reads the order of every input item, taking the ID from an expression', async () => {
		const [first, second] = visibleOrders();

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'get', orderId: byId('={{ $json.order }}') },
			items: [{ json: { order: first.id_order } }, { json: { order: ` ${second.id_order} ` } }],
		});

		expect(run.error).toBeUndefined();
		expect(requests().map((request) => [request.method, request.path, request.query, request.signatureValid])).toEqual([
			['GET', `/orders/${first.id_order}`, {}, true],
			['GET', `/orders/${second.id_order}`, {}, true],
		]);
		expect(run.items.map((item) => [item.json.id_order, item.pairedItem])).toEqual([
			[first.id_order, { item: 0 }],
			[second.id_order, { item: 1 }],
		]);
	});

	it('explains that an order fulfilled by the marketplace cannot be read (403)', async () => {
		const hidden = sandbox.control.db.orders.find((order) => order._fulfilled_by_marketplace)!;
		expect(hidden).toBeDefined();

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'get', orderId: byId(hidden.id_order) },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/orders/${hidden.id_order}`,
			signatureValid: true,
			status: 403,
		});
		expect(run.items).toEqual([]);
		expect(run.error?.message).toBe(
			`Could not get order ${hidden.id_order}: it is fulfilled by the marketplace and cannot be read or changed through API v1`,
		);
		expect(run.error?.httpCode).toBe('403');
	});

	it('names the ID of an order that does not exist (404)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'get', orderId: byId('NOSUCH1') },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ method: 'GET', path: '/orders/NOSUCH1', signatureValid: true, status: 404 });
		expect(run.error?.message).toBe('Could not get order NOSUCH1: it was not found');
		expect(run.error?.httpCode).toBe('404');
	});

	it('outputs the error on the failing item and goes on with the next one when Continue On Fail is set', async () => {
		const [order] = visibleOrders();

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'get', orderId: byId('={{ $json.order }}') },
			items: [{ json: { order: '' } }, { json: { order: order.id_order } }],
			continueOnFail: true,
		});

		expect(run.error).toBeUndefined();
		expect(requests().map((request) => request.path)).toEqual([`/orders/${order.id_order}`]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(run.items[0].json).toEqual({ error: '"Order" is required and cannot be empty [item 0]' });
		expect(run.items[1].json.id_order).toBe(order.id_order);
	});
});

describe('Order: bad input is refused before any request is sent', () => {
	it.each([
		// A literal empty required field is refused by n8n itself; an expression can still produce one.
		[
			'an order ID expression that is empty',
			{ operation: 'get', orderId: byId('={{ $json.order }}') },
			'"Order" is required and cannot be empty [item 0]',
		],
		[
			'an order ID of only spaces',
			{ operation: 'get', orderId: byId('={{ "   " }}') },
			'"Order" is required and cannot be empty [item 0]',
		],
		[
			'a creation date that is not a date',
			{ operation: 'getMany', returnAll: true, filters: { createdFrom: 'last tuesday' } },
			'"Created After" must be a date like 2026-11-20 or 2026-11-20 08:30:00, but it is "last tuesday" [item 0]',
		],
		[
			'a units-updated date that is not a date',
			{ operation: 'getMany', returnAll: true, filters: { unitsUpdatedFrom: '20.11.2026' } },
			'"Units Updated After" must be a date like 2026-11-20 or 2026-11-20 08:30:00, but it is "20.11.2026" [item 0]',
		],
	])('%s', async (_case, parameters, message) => {
		const run = await runSellerNode(credentials, { parameters: { resource: 'order', ...parameters } });

		expect(run.error?.message).toBe(message);
		expect(run.items).toEqual([]);
		expect(requests()).toEqual([]);
	});
});
