/**
 * The pickers of node version 1 against a sandbox with many pages of records (30 a page), through n8n-core's real
 * LoadOptionsContext: a typed ID is found on any page, what an operation cannot act on is not offered, and the
 * fields that became pickers still run with the plain strings saved before, or with locator values.
 */
import type { IDataObject } from 'n8n-workflow';

import { SellerMarketplace } from '../../../nodes/SellerMarketplace/SellerMarketplace.node';
import { SellerMarketplaceV1 } from '../../../nodes/SellerMarketplace/v1/SellerMarketplaceV1.node';
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { loadOptionsContext, runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;
const { listSearch } = new SellerMarketplaceV1(new SellerMarketplace().description).methods;

beforeAll(async () => {
	sandbox = await startStrictSandbox({ orders: 150 });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.clearRequests());

const requests = () =>
	sandbox.control
		.requests()
		.map((request) => ({ method: request.method, path: request.path, query: request.query, status: request.status }));
const values = (result: { results: Array<{ value: unknown }> }) => result.results.map((entry) => String(entry.value));
const context = (parameters: IDataObject) => loadOptionsContext(credentials, parameters);

describe('list searches of version 1', () => {
	it('Order → Get: an order far beyond the first page is read by its ID and shown first', async () => {
		const visible = sandbox.control.db.orders.filter((order) => !order._fulfilled_by_marketplace);
		expect(visible.length).toBeGreaterThan(90);
		const deep = [...visible].sort((a, b) => a.ts_created.localeCompare(b.ts_created))[0];
		const first = await listSearch.searchOrders.call(context({ resource: 'order', operation: 'get' }));
		expect(values(first)).not.toContain(deep.id_order);
		sandbox.control.clearRequests();
		const found = await listSearch.searchOrders.call(context({ resource: 'order', operation: 'get' }), deep.id_order);
		expect(values(found)[0]).toBe(deep.id_order);
		expect(requests()[0]).toEqual({ method: 'GET', path: `/orders/${deep.id_order}`, query: {}, status: 200 });
		expect(sandbox.control.requests().every((request) => request.signatureValid)).toBe(true);
	});

	it('an order the marketplace fulfils (403 when read) is not offered, and the list still shows', async () => {
		const fulfilled = sandbox.control.db.orders.find((order) => order._fulfilled_by_marketplace)!;
		const found = await listSearch.searchOrders.call(
			context({ resource: 'order', operation: 'get' }),
			fulfilled.id_order,
		);
		expect(requests()[0]).toEqual({ method: 'GET', path: `/orders/${fulfilled.id_order}`, query: {}, status: 403 });
		expect(values(found)).not.toContain(fulfilled.id_order);
		expect(requests()[1]).toMatchObject({ path: '/orders/seller/', status: 200 });
	});

	it('Order Unit → Send asks for units waiting to be sent; one of them on page 3 is found by its ID; a sent one is not offered', async () => {
		const list = await listSearch.searchOrderUnits.call(context({ resource: 'orderUnit', operation: 'send' }));
		expect(requests()).toEqual([
			{
				method: 'GET',
				path: '/order-units/seller/',
				query: { status: 'need_to_be_sent', limit: '30', offset: '0' },
				status: 200,
			},
		]);
		expect(list.results.every((entry) => entry.name.includes('(need_to_be_sent, order '))).toBe(true);
		expect(list.paginationToken).toBe('30');
		const waiting = sandbox.control.db.orderUnits
			.filter((unit) => !unit._fulfilled_by_marketplace && unit.status === 'need_to_be_sent')
			.sort((a, b) => b.ts_created.localeCompare(a.ts_created));
		expect(waiting.length).toBeGreaterThan(70);
		const deep = waiting[70];
		const found = await listSearch.searchOrderUnits.call(
			context({ resource: 'orderUnit', operation: 'send' }),
			String(deep.id_order_unit),
		);
		expect(values(found)[0]).toBe(String(deep.id_order_unit));
		const sent = sandbox.control.db.orderUnits.find(
			(unit) => !unit._fulfilled_by_marketplace && unit.status === 'sent',
		)!;
		const notOffered = await listSearch.searchOrderUnits.call(
			context({ resource: 'orderUnit', operation: 'send' }),
			String(sent.id_order_unit),
		);
		expect(values(notOffered)).not.toContain(String(sent.id_order_unit));
	});

	it('Ticket → Close offers only tickets the seller can close', async () => {
		const result = await listSearch.searchTickets.call(context({ resource: 'ticket', operation: 'close' }));
		expect(requests()[0].query).toEqual({ status: 'opened,buyer_closed', limit: '30', offset: '0' });
		const closable = sandbox.control.db.tickets.filter((ticket) => ['opened', 'buyer_closed'].includes(ticket.status));
		expect(values(result).sort()).toEqual(closable.map((ticket) => ticket.id_ticket).sort());
	});

	it.each([
		[
			'searchUnits',
			'unit',
			() => sandbox.control.db.units.find((unit) => unit._visible_from <= sandbox.control.now())!.id_unit,
			'/units/',
		],
		['searchReturns', 'return', () => sandbox.control.db.returns[0].id_return, '/returns/'],
		['searchReturnUnits', 'returnUnit', () => sandbox.control.db.returnUnits[0].id_return_unit, '/return-units/'],
		['searchInvoices', 'orderInvoice', () => sandbox.control.db.orderInvoices[0].id_invoice, '/order-invoices/'],
		['searchCategories', 'category', () => sandbox.control.db.categories[5].id_category, '/categories/'],
	] as const)('%s: a typed ID is read by its ID and shown first', async (method, resource, id, path) => {
		const wanted = String(id());
		const found = await listSearch[method].call(context({ resource, operation: 'get' }), wanted);
		expect(values(found)[0]).toBe(wanted);
		expect(requests()[0]).toMatchObject({ method: 'GET', path: `${path}${wanted}/`, status: 200 });
	});
});

describe('more pickers of version 1', () => {
	it('Item: the API search by title, and an EAN typed looked up by the EAN filter', async () => {
		const item = sandbox.control.db.items[0];
		const byEan = await listSearch.searchItems.call(context({ resource: 'item', operation: 'get' }), item.eans[0]);
		expect(values(byEan)[0]).toBe(String(item.id_item));
		expect(requests()[0]).toEqual({
			method: 'GET',
			path: '/items/',
			query: { ean: item.eans[0], limit: '30', offset: '0' },
			status: 200,
		});
		const empty = await listSearch.searchItems.call(context({ resource: 'item', operation: 'get' }));
		expect(empty.results).toEqual([]);
	});

	it('Claim → Close offers only open claims; the list has no GET of one claim, so a typed ID is looked for in the list', async () => {
		await listSearch.searchClaims.call(context({ resource: 'claim', operation: 'close' }), '4711');
		expect(requests().map((request) => [request.path, request.query.status])).toEqual([
			['/claims/seller/', 'opened,buyer_closed'],
		]);
	});

	it('Subscription: a typed ID is read directly', async () => {
		sandbox.control.db.subscriptions.push({
			id_subscription: 902,
			callback_url: 'https://shop.example/b',
			fallback_email: 'ops@shop.example',
			event_name: 'order_new',
			is_active: true,
		} as never);
		const found = await listSearch.searchSubscriptions.call(
			context({ resource: 'subscription', operation: 'delete' }),
			'902',
		);
		expect(found.results[0]).toEqual({ name: 'New Order → https://shop.example/b', value: '902' });
		expect(requests()[0]).toMatchObject({ method: 'GET', path: '/subscriptions/902/', status: 200 });
	});
});

describe('fields that became pickers still run as saved before', () => {
	const unit = () => sandbox.control.db.units.find((candidate) => candidate._visible_from <= sandbox.control.now())!;

	it.each([
		['a plain string, as saved before', (id: number): IDataObject | string => String(id)],
		['From List', (id: number): IDataObject | string => ({ __rl: true, mode: 'list', value: String(id) })],
		['By ID', (id: number): IDataObject | string => ({ __rl: true, mode: 'id', value: ` ${id} ` })],
	])('Unit → Get with %s', async (_mode, value) => {
		const { id_unit: id } = unit();
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'get', unitId: value(id) },
		});
		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([{ method: 'GET', path: `/units/${id}/`, query: {}, status: 200 }]);
		expect(run.items.map((item) => item.json.id_unit)).toEqual([id]);
	});

	it('a bad ID typed By ID stops the run before anything is sent, naming the field', async () => {
		const run = runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'get', returnId: { __rl: true, mode: 'id', value: '1/../2' } },
		});
		await expect(run).rejects.toThrow(
			`The 'Seller Marketplace' node has issues:\n- "Return" must be a positive whole number, such as 391581935120`,
		);
		expect(requests()).toEqual([]);
	});

	it('a bad saved ID of one item is refused before it is sent, naming the field and the item', async () => {
		const { id_unit: id } = unit();
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'get', unitId: '={{ $json.id }}' },
			items: [{ json: { id } }, { json: { id: '../orders/seller' } }],
			continueOnFail: true,
		});
		expect(run.items[1].json).toEqual({
			error: '"Unit" must be a positive whole number, but it is "../orders/seller" [item 1]',
		});
		expect(requests()).toEqual([{ method: 'GET', path: `/units/${id}/`, query: {}, status: 200 }]);
	});
});
