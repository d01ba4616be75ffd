/**
 * What the v1 reads do with a 2xx answer of the wrong form (a list where a record is read, JSON text, null, an
 * empty body): they fail with a clear headline, after one request, instead of outputting it as if it were the
 * record. Run through n8n-core against the strict sandbox, with a proxy in front of it that answers in its place
 * (the sandbox itself only gives answers of the documented form).
 */
import type { ServerResponse } from 'node:http';

import { startFaultProxy, type FaultProxy } from '../../hardening/proxy';
import { useSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

const file = useSandbox({ strict: true });
let proxy: FaultProxy;
/** The sandbox's keys, with the proxy in front of it as Base URL. */
let credentials: SellerCredentials;

beforeAll(async () => {
	proxy = await startFaultProxy(file.sandbox().baseUrl);
	credentials = { ...file.credentials(), baseUrl: proxy.baseUrl };
});
afterAll(async () => await proxy.close());
beforeEach(() => proxy.seen.splice(0));

const byId = (value: number | string) => ({ __rl: true, mode: 'id', value: String(value) });
const seen = () => proxy.seen.map((request) => `${request.method} ${request.path}`);
/** Answers one request to `path` with a 200 and `body`, in place of the sandbox. */
const answerWith = (method: string, path: string, body: string) =>
	proxy.add({
		method,
		path,
		action: (_request, response: ServerResponse) => {
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(body);
		},
	});

describe('a read whose answer is not a record fails clearly, after one request', () => {
	const order = () => file.sandbox().control.db.orders.find((candidate) => !candidate._fulfilled_by_marketplace)!;

	it.each([
		['a list', '[{"id_order":"X"}]'],
		['JSON text', '"OK"'],
		['null', 'null'],
		['an empty body', ''],
	])('Order → Get answered with %s', async (_name, body) => {
		const id = order().id_order;
		answerWith('GET', `/orders/${id}`, body);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'get', orderId: byId(id) },
		});
		expect(seen()).toEqual([`GET /orders/${id}`]);
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe(`Could not get order ${id}: the marketplace's answer was not a record`);
		expect(run.error?.description).toBe(
			`Request: GET /orders/${id}, answered without a record. Check that the Base URL of the credentials is the API's.`,
		);
		expect(run.error?.description).not.toContain(file.sandbox().secretKey);
		expect(run.error?.description).not.toContain(file.sandbox().clientKey);
	});

	it.each([
		[
			'Unit → Get',
			() => ({ resource: 'unit', operation: 'get', unitId: byId(file.sandbox().control.db.units[0].id_unit) }),
			() => `/units/${file.sandbox().control.db.units[0].id_unit}/`,
			() => `Could not get unit ${file.sandbox().control.db.units[0].id_unit}`,
		],
		[
			'Ticket → Get',
			() => ({ resource: 'ticket', operation: 'get', ticketId: byId(file.sandbox().control.db.tickets[0].id_ticket) }),
			() => `/tickets/${file.sandbox().control.db.tickets[0].id_ticket}/`,
			() => `Could not get ticket ${file.sandbox().control.db.tickets[0].id_ticket}`,
		],
		[
			'Status → Ping',
			() => ({ resource: 'status', operation: 'ping' }),
			() => '/status/ping/',
			() => 'Could not check the connection',
		],
		[
			'Order Invoice → Download',
			() => ({
				resource: 'orderInvoice',
				operation: 'download',
				invoiceId: byId(file.sandbox().control.db.orderInvoices[0].id_invoice),
				binaryPropertyName: 'data',
			}),
			() => `/order-invoices/${file.sandbox().control.db.orderInvoices[0].id_invoice}/`,
			() => `Could not download order invoice ${file.sandbox().control.db.orderInvoices[0].id_invoice}`,
		],
	])('%s answered with a list', async (_name, parameters, path, attempt) => {
		answerWith('GET', path(), '[]');
		const run = await runSellerNode(credentials, { parameters: parameters() });
		expect(seen()).toEqual([`GET ${path()}`]);
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe(`${attempt()}: the marketplace's answer was not a record`);
	});

	it('Subscription → Update whose read of the current subscription is a list changes nothing', async () => {
		// The proxy answers the read, so the subscription need not exist (the sandbox seeds none).
		const path = '/subscriptions/77/';
		answerWith('GET', path, '[]');
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'subscription',
				operation: 'update',
				subscriptionId: byId(77),
				updateFields: { isActive: false },
			},
		});
		expect(seen()).toEqual([`GET ${path}`]);
		expect(run.error?.message).toBe("Could not update subscription 77: the marketplace's answer was not a record");
	});

	it('Category → Suggest answered with a record instead of the list of categories', async () => {
		answerWith('POST', '/categories/decide/', '{"id_category":1}');
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'category',
				operation: 'suggest',
				title: 'Tee',
				price: 499,
				productDescription: 'Grüner Tee',
				manufacturer: 'Acme',
			},
		});
		expect(seen()).toEqual(['POST /categories/decide/']);
		expect(run.items).toHaveLength(0);
		expect(run.error?.message).toBe(
			"Could not suggest categories for a product: the marketplace's answer was not the list it should be",
		);
		expect(run.error?.description).toBe(
			"Request: POST /categories/decide/, answered without a list. Check that the Base URL of the credentials is the API's.",
		);
	});
});

describe('the record itself is output as before', () => {
	it('Order → Get through the same proxy outputs the order the sandbox answered', async () => {
		const order = file.sandbox().control.db.orders.find((candidate) => !candidate._fulfilled_by_marketplace)!;
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'order', operation: 'get', orderId: byId(order.id_order) },
		});
		expect(run.error).toBeUndefined();
		expect(seen()).toEqual([`GET /orders/${order.id_order}`]);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ id_order: order.id_order, ts_created: order.ts_created });
	});
});
