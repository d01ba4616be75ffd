/**
 * The pickers of node version 2 against a sandbox with several pages of records, through n8n-core's real
 * LoadOptionsContext as the editor calls them: a typed ID is found on any page, the API's own searches are used,
 * and each operation offers only what it can act on. Then runs with locator values in both modes, a plain string
 * as saved before the field was a locator, and bad IDs refused before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import * as listSearch from '../../../nodes/SellerMarketplace/v2/methods/listSearch';
import { loadOptionsContextV2 } from '../../harness/workflow';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 300 });

const context = (parameters: IDataObject) => loadOptionsContextV2(v2.credentials(), parameters);
const requests = () =>
	v2
		.requests()
		.map((request) => ({ method: request.method, path: request.path, query: request.query, status: request.status }));
const values = (result: { results: Array<{ value: unknown }> }) => result.results.map((entry) => String(entry.value));
const db = () => v2.sandbox().control.db;
const newestFirst = <T extends { ts_created: string }>(rows: T[], id: (row: T) => number | string) =>
	[...rows].sort(
		(a, b) =>
			b.ts_created.localeCompare(a.ts_created) ||
			String(id(b)).localeCompare(String(id(a)), undefined, { numeric: true }),
	);

describe('a typed ID is found however many pages the seller has', () => {
	it('Order → Get: an order of page 3 is read by its ID and shown first; the list pages on after it', async () => {
		const orders = newestFirst(
			db().orders.filter((order) => !order._fulfilled_by_marketplace),
			(order) => order.id_order,
		);
		expect(orders.length).toBeGreaterThan(250);
		const deep = orders[250];
		const found = await listSearch.searchOrders.call(
			context({ resource: 'order', operation: 'get' }),
			` ${deep.id_order} `,
		);
		expect(found.results[0]).toEqual({
			name: expect.stringMatching(new RegExp(`^${deep.id_order} \\(\\w+, [\\dT:-]+Z, \\d+ units\\)$`)),
			value: deep.id_order,
		});
		expect(values(found).filter((value) => value === deep.id_order)).toHaveLength(1);
		expect(requests().slice(0, 2)).toEqual([
			{ method: 'GET', path: `/orders/${deep.id_order}`, query: {}, status: 200 },
			{ method: 'GET', path: '/orders', query: { limit: '100', offset: '0' }, status: 200 },
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));

		v2.sandbox().control.clearRequests();
		const third = await listSearch.searchOrders.call(
			context({ resource: 'order', operation: 'get' }),
			undefined,
			'200',
		);
		expect(requests()).toEqual([
			{ method: 'GET', path: '/orders', query: { limit: '100', offset: '200' }, status: 200 },
		]);
		expect(values(third)).toContain(deep.id_order);
		expect(third.paginationToken).toBe(orders.length > 300 ? '300' : undefined);
	});

	it('an ID that names no order: nothing is made up, and the list is still searched', async () => {
		const found = await listSearch.searchOrders.call(context({ resource: 'order', operation: 'get' }), 'NOPE404');
		expect(found.results).toEqual([]);
		expect(requests()[0]).toEqual({ method: 'GET', path: '/orders/NOPE404', query: {}, status: 404 });
		expect(
			requests()
				.slice(1)
				.every((request) => request.path === '/orders'),
		).toBe(true);
	});

	it('Subscription: one of 70 (three pages of 30) is read by its ID', async () => {
		for (let index = 0; index < 70; index++) {
			db().subscriptions.push({
				id_subscription: 5000 + index,
				callback_url: `https://shop.example/hook/${index}`,
				fallback_email: 'ops@shop.example',
				event_name: 'order_new',
				is_active: true,
			} as never);
		}
		const found = await listSearch.searchSubscriptions.call(
			context({ resource: 'subscription', operation: 'delete' }),
			'5065',
		);
		expect(found.results[0]).toEqual({
			name: 'New Order (All Storefronts) → https://shop.example/hook/65',
			value: '5065',
		});
		expect(requests()[0]).toMatchObject({ method: 'GET', path: '/subscriptions/5065', status: 200 });
		const first = await listSearch.searchSubscriptions.call(context({ resource: 'subscription', operation: 'delete' }));
		expect(first.results).toHaveLength(30);
		expect(first.paginationToken).toBe('30');
	});

	it('Unit: found by its ID, by your offer ID (the API filter), or by EAN', async () => {
		const [listed] = (
			await listSearch.searchUnits.call(context({ resource: 'unit', operation: 'get', storefront: 'de' }))
		).results;
		const unit = db().units.find((candidate) => String(candidate.id_unit) === listed.value)!;
		v2.sandbox().control.clearRequests();
		const byId = await listSearch.searchUnits.call(
			context({ resource: 'unit', operation: 'get', storefront: 'de' }),
			String(unit.id_unit),
		);
		expect(values(byId)[0]).toBe(String(unit.id_unit));
		expect(requests()[0]).toEqual({
			method: 'GET',
			path: `/units/${unit.id_unit}`,
			query: { storefront: 'de' },
			status: 200,
		});
		v2.sandbox().control.clearRequests();
		const byOffer = await listSearch.searchUnits.call(
			context({ resource: 'unit', operation: 'get', storefront: 'de' }),
			unit.id_offer,
		);
		expect(values(byOffer)[0]).toBe(String(unit.id_unit));
		expect(requests()).toContainEqual({
			method: 'GET',
			path: '/units',
			query: { storefront: 'de', id_offer: unit.id_offer, limit: '100', offset: '0' },
			status: 200,
		});
	});
});

describe('pickers offer what fits the operation', () => {
	it('Order Unit → Send asks the API for units waiting to be sent, and finds one of them on page 3 by its ID', async () => {
		const waiting = newestFirst(
			db().orderUnits.filter((unit) => unit.status === 'need_to_be_sent' && !unit._fulfilled_by_marketplace),
			(unit) => unit.id_order_unit,
		);
		expect(waiting.length).toBeGreaterThan(250);
		const list = await listSearch.searchOrderUnits.call(context({ resource: 'orderUnit', operation: 'send' }));
		expect(requests()).toEqual([
			{
				method: 'GET',
				path: '/order-units',
				query: { status: 'need_to_be_sent', fulfillment_type: 'fulfilled_by_merchant', limit: '100', offset: '0' },
				status: 200,
			},
		]);
		expect(list.results).toHaveLength(100);
		expect(list.results.every((entry) => entry.name.includes('(need_to_be_sent, order '))).toBe(true);

		v2.sandbox().control.clearRequests();
		const deep = waiting[230];
		const found = await listSearch.searchOrderUnits.call(
			context({ resource: 'orderUnit', operation: 'send' }),
			String(deep.id_order_unit),
		);
		expect(found.results[0]).toEqual({
			name: `${deep.id_order_unit}: ${deep.item.title} (need_to_be_sent, order ${deep.id_order})`,
			value: String(deep.id_order_unit),
		});
		expect(requests()[0]).toEqual({
			method: 'GET',
			path: `/order-units/${deep.id_order_unit}`,
			query: {},
			status: 200,
		});
	});

	it('a unit already sent is not offered to Send, but is to Get', async () => {
		const sent = db().orderUnits.find((unit) => unit.status === 'sent' && !unit._fulfilled_by_marketplace)!;
		const toSend = await listSearch.searchOrderUnits.call(
			context({ resource: 'orderUnit', operation: 'send' }),
			String(sent.id_order_unit),
		);
		expect(values(toSend)).not.toContain(String(sent.id_order_unit));
		const toRead = await listSearch.searchOrderUnits.call(
			context({ resource: 'orderUnit', operation: 'get' }),
			String(sent.id_order_unit),
		);
		expect(values(toRead)[0]).toBe(String(sent.id_order_unit));
	});

	it('Cancel offers open units and units waiting to be sent (two statuses: checked by the node, not sent); Fulfil only open ones', async () => {
		const cancel = await listSearch.searchOrderUnits.call(context({ resource: 'orderUnit', operation: 'cancel' }));
		const cancelRequests = v2.requests().length;
		await listSearch.searchOrderUnits.call(context({ resource: 'orderUnit', operation: 'fulfil' }));
		expect(v2.requests().map((request) => request.queryValues?.status)).toEqual([
			...Array.from({ length: cancelRequests }, () => undefined),
			['open'],
		]);
		const offered = new Set(values(cancel));
		expect(offered.size).toBeGreaterThan(0);
		for (const unit of db().orderUnits.filter((row) => offered.has(String(row.id_order_unit))))
			expect(['open', 'need_to_be_sent']).toContain(unit.status);
	});

	it('Ticket → Close offers only tickets the seller can close, and reads a typed ticket ID directly', async () => {
		const result = await listSearch.searchTickets.call(context({ resource: 'ticket', operation: 'close' }));
		expect(v2.requests()[0].queryValues).toMatchObject({ limit: ['30'] });
		expect(v2.requests()[0].queryValues).not.toHaveProperty('status');
		const closable = db().tickets.filter((ticket) => ['opened', 'buyer_closed'].includes(ticket.status));
		expect(values(result).sort()).toEqual(closable.map((ticket) => ticket.id_ticket).sort());
		const [ticket] = closable;
		v2.sandbox().control.clearRequests();
		const found = await listSearch.searchTickets.call(
			context({ resource: 'ticket', operation: 'close' }),
			ticket.id_ticket,
		);
		expect(values(found)).toEqual([ticket.id_ticket]);
		expect(requests()[0]).toEqual({ method: 'GET', path: `/tickets/${ticket.id_ticket}`, query: {}, status: 200 });
	});

	it('Return Unit → Accept offers only return units still open, of units the seller fulfils', async () => {
		await listSearch.searchReturnUnits.call(context({ resource: 'returnUnit', operation: 'accept' }));
		expect(v2.requests()[0].queryValues).toMatchObject({ fulfillment_type: ['fulfilled_by_merchant'] });
		expect(v2.requests()[0].queryValues).not.toHaveProperty('status');
	});

	it("Order Invoice: with an order chosen, that order's invoices", async () => {
		const invoice = db().orderInvoices[0];
		const result = await listSearch.searchInvoices.call(
			context({
				resource: 'orderInvoice',
				operation: 'get',
				orderId: { __rl: true, mode: 'id', value: invoice.id_order },
			}),
		);
		expect(requests()).toEqual([
			{ method: 'GET', path: `/orders/${invoice.id_order}`, query: { embedded: 'order_invoices' }, status: 200 },
		]);
		expect(values(result)).toEqual(
			db()
				.orderInvoices.filter((candidate) => candidate.id_order === invoice.id_order)
				.map((candidate) => String(candidate.id_invoice)),
		);
	});

	it("Product: the catalogue's own search, and a typed EAN read directly", async () => {
		const item = db().items[0];
		const byEan = await listSearch.searchProducts.call(
			context({ resource: 'product', operation: 'get', storefront: 'de' }),
			item.eans[0],
		);
		expect(values(byEan)[0]).toBe(String(item.id_item));
		expect(requests()[0]).toEqual({
			method: 'GET',
			path: `/products/ean/${item.eans[0]}`,
			query: { storefront: 'de' },
			status: 200,
		});
		v2.sandbox().control.clearRequests();
		const word = item.title.split(' ')[0];
		const byWord = await listSearch.searchProducts.call(
			context({ resource: 'product', operation: 'get', storefront: 'de' }),
			word,
		);
		expect(requests()).toEqual([
			{
				method: 'GET',
				path: '/products/search',
				query: { storefront: 'de', q: word, limit: '100', offset: '0' },
				status: 200,
			},
		]);
		expect(values(byWord)).toContain(String(item.id_item));
	});

	it('Category: a typed category ID is read directly, before the name search', async () => {
		const category = db().categories.find((candidate) => candidate.id_category > 1)!;
		const found = await listSearch.searchCategories.call(
			context({ resource: 'category', operation: 'get', storefront: 'de' }),
			String(category.id_category),
		);
		expect(values(found)[0]).toBe(String(category.id_category));
		expect(requests()[0]).toEqual({
			method: 'GET',
			path: `/categories/${category.id_category}`,
			query: { storefront: 'de' },
			status: 200,
		});
	});

	it.each([
		['searchReturns', { resource: 'return', operation: 'get' }, '/returns/777', '/returns'],
		[
			'searchImportFiles',
			{ resource: 'importFile', operation: 'get', fileType: 'variantSuggestions' },
			'/variant-suggestions/feed/777',
			'/variant-suggestions/feed',
		],
		['searchReports', { resource: 'report', operation: 'get' }, '/reports/777', '/reports'],
		[
			'searchAttributes',
			{ resource: 'attribute', operation: 'get', storefront: 'de' },
			'/attributes/777',
			'/attributes/search',
		],
		['searchWarehouses', { resource: 'warehouse', operation: 'get' }, '/warehouses/777', '/warehouses'],
	] as const)('%s: a typed ID is asked for by its ID first, then the list', async (method, parameters, one, list) => {
		const result = await listSearch[method].call(context(parameters), '777');
		expect(requests()[0]).toMatchObject({ method: 'GET', path: one });
		expect(
			requests()
				.slice(1)
				.every((request) => request.path === list),
		).toBe(true);
		expect(requests().length).toBeGreaterThan(1);
		expect(result.results.every((entry) => typeof entry.name === 'string' && typeof entry.value === 'string')).toBe(
			true,
		);
	});

	it('a failed page is reported, not dropped', async () => {
		v2.sandbox().control.addFault({ path: '/v2/order-units', kind: 'status', status: 403 });
		try {
			await expect(
				listSearch.searchOrderUnits.call(context({ resource: 'orderUnit', operation: 'send' })),
			).rejects.toThrow();
		} finally {
			v2.sandbox().control.clearFaults();
		}
	});
});

describe('running with a picked order unit', () => {
	const waitingUnit = () =>
		db().orderUnits.find((unit) => unit.status === 'need_to_be_sent' && !unit._fulfilled_by_marketplace)!;
	const send = (orderUnitId: IDataObject | string) =>
		v2.run({ resource: 'orderUnit', operation: 'send', orderUnitId, carrierCode: 'DHL', trackingNumbers: 'T-1' });

	it.each([
		[
			'From List',
			(id: number): IDataObject | string => ({
				__rl: true,
				mode: 'list',
				value: String(id),
				cachedResultName: `${id}: …`,
			}),
		],
		['By ID', (id: number): IDataObject | string => ({ __rl: true, mode: 'id', value: ` ${id} ` })],
		['a plain string, as saved before', (id: number): IDataObject | string => String(id)],
	])('%s: marks that unit sent', async (_mode, value) => {
		const unit = waitingUnit();
		const run = await send(value(unit.id_order_unit));
		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([
			{ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/send`, query: {}, status: 204 },
		]);
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, id_order_unit: unit.id_order_unit, tracking_numbers: 'T-1', carrier_code: 'DHL' },
		]);
	});

	it.each([
		[
			'orderUnit',
			'send',
			'orderUnitId',
			'12/../34',
			'"Order Unit" must be a positive whole number, such as 391581935120',
		],
		['orderUnit', 'get', 'orderUnitId', '-5', '"Order Unit" must be a positive whole number, such as 391581935120'],
		[
			'ticket',
			'close',
			'ticketId',
			'0021234567',
			'"Ticket" must be a ticket ID: 001 followed by digits, like 0011234567 (keep the leading zeros)',
		],
		[
			'order',
			'get',
			'orderId',
			'..',
			'"Order" must be an ID such as MB7UWLD: not "." or "..", and without slashes, backslashes or control characters',
		],
		['unit', 'get', 'unitId', '1e3', '"Unit" must be a positive whole number, such as 391581935120'],
		[
			'subscription',
			'delete',
			'subscriptionId',
			'9007199254740993',
			'"Subscription" must be a positive whole number, such as 391581935120',
		],
	])(
		'%s → %s: a bad ID typed By ID stops the run before anything is sent, naming the field',
		async (resource, operation, field, value, message) => {
			const run = v2.run({
				resource,
				operation,
				storefront: 'de',
				carrierCode: 'DHL',
				trackingNumbers: 'T-1',
				[field]: { __rl: true, mode: 'id', value },
			});
			await expect(run).rejects.toThrow(`The 'Seller Marketplace' node has issues:\n- ${message}`);
			expect(v2.requests()).toEqual([]);
		},
	);

	it.each([
		['By ID from an expression', (id: string) => ({ __rl: true, mode: 'id', value: id })],
		['a plain string, as saved before', (id: string) => id],
	])('%s: a bad ID of one item is refused before it is sent, naming the field and the item', async (_mode, value) => {
		const unit = waitingUnit();
		const run = await v2.run(
			{
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: value('={{ $json.id }}'),
				carrierCode: 'DHL',
				trackingNumbers: 'T-1',
			},
			{ items: [{ json: { id: unit.id_order_unit } }, { json: { id: '7/../send' } }], continueOnFail: true },
		);
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, id_order_unit: unit.id_order_unit, tracking_numbers: 'T-1', carrier_code: 'DHL' },
			{ error: '"Order Unit" must be a positive whole number, but it is "7/../send" [item 1]' },
		]);
		expect(requests()).toEqual([
			{ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/send`, query: {}, status: 204 },
		]);
	});
});
