/**
 * The dropdowns and searchable lists of the node's form, called through n8n-core's real LoadOptionsContext
 * as the editor calls them, against the sandbox.
 */
import { SellerMarketplace } from '../../../nodes/SellerMarketplace/SellerMarketplace.node';
import { SellerMarketplaceV1 } from '../../../nodes/SellerMarketplace/v1/SellerMarketplaceV1.node';
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { loadOptionsContext, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;
const { listSearch, loadOptions } = new SellerMarketplaceV1(new SellerMarketplace().description).methods;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.clearRequests());

const requests = () =>
	sandbox.control.requests().map((request) => ({
		method: request.method,
		path: request.path,
		query: request.query,
		signatureValid: request.signatureValid,
	}));

describe('list search (resource locators)', () => {
	it('orders: one page at a time, with a token for the next', async () => {
		const first = await listSearch.searchOrders.call(loadOptionsContext(credentials));
		const visible = sandbox.control.db.orders.filter((order) => !order._fulfilled_by_marketplace);
		expect(first.results).toHaveLength(Math.min(30, visible.length));
		expect(first.results.every((entry) => visible.some((order) => order.id_order === entry.value))).toBe(true);
		expect(requests()).toEqual([
			{ method: 'GET', path: '/orders/seller/', query: { limit: '30', offset: '0' }, signatureValid: true },
		]);
		expect(first.paginationToken).toBe(visible.length > 30 ? '30' : undefined);
	});

	it('order units: the filter narrows the entries shown', async () => {
		const all = await listSearch.searchOrderUnits.call(loadOptionsContext(credentials));
		const picked = sandbox.control.db.orderUnits.find((unit) => String(unit.id_order_unit) === all.results[2].value)!;
		const result = await listSearch.searchOrderUnits.call(
			loadOptionsContext(credentials),
			String(picked.id_order_unit),
		);
		expect(result.results.map((entry) => entry.value)).toEqual([String(picked.id_order_unit)]);
		expect(result.results[0].name).toContain(`order ${picked.id_order}`);
	});

	it('tickets keep their zero-padded ids', async () => {
		const result = await listSearch.searchTickets.call(loadOptionsContext(credentials));
		expect(result.results.map((entry) => entry.value)).toEqual(expect.arrayContaining(['0013163664']));
	});

	it('categories search by name through the API, and list the main areas without a filter', async () => {
		const areas = await listSearch.searchCategories.call(loadOptionsContext(credentials));
		expect(areas.results).toHaveLength(13);
		expect(requests()[0].query).toEqual({ id_parent: '1', limit: '30', offset: '0' });
		sandbox.control.clearRequests();
		const leaf = sandbox.control.db.categories.find((category) => category.name === 'haushalt-kaffeemaschinen')!;
		const found = await listSearch.searchCategories.call(loadOptionsContext(credentials), 'kaffee');
		expect(requests()[0].query).toMatchObject({ q: 'kaffee' });
		expect(found.results.map((entry) => entry.value)).toContain(String(leaf.id_category));
	});
});

describe('dropdowns loaded from the account', () => {
	it('shipping groups and warehouses, sorted by name', async () => {
		const groups = await loadOptions.getShippingGroups.call(loadOptionsContext(credentials));
		expect(groups.map((option) => option.value)).toEqual(
			sandbox.control.db.shippingGroups.map((group) => group.name).sort(),
		);
		const warehouses = await loadOptions.getWarehouses.call(loadOptionsContext(credentials));
		expect(warehouses.map((option) => option.name)).toEqual(
			sandbox.control.db.warehouses.map((warehouse) => warehouse.name).sort(),
		);
		expect(sandbox.control.requests().every((request) => request.signatureValid)).toBe(true);
	});

	it('subscriptions show event, address and whether they are active', async () => {
		sandbox.control.db.subscriptions.push({
			id_subscription: 901,
			callback_url: 'https://shop.example/webhook',
			fallback_email: 'ops@shop.example',
			event_name: 'order_new',
			is_active: false,
		} as never);
		const options = await listSearch.searchSubscriptions.call(
			loadOptionsContext(credentials, { resource: 'subscription', operation: 'get' }),
		);
		expect(options.results).toContainEqual({
			name: 'New Order → https://shop.example/webhook (Inactive)',
			value: '901',
		});
	});

	it('a failing dropdown shows the API error, not a crash', async () => {
		sandbox.control.addFault({ path: '/warehouses/seller/', kind: 'status', status: 404 });
		try {
			await expect(loadOptions.getWarehouses.call(loadOptionsContext(credentials))).rejects.toThrow(
				'Not found: GET /warehouses/seller/',
			);
		} finally {
			sandbox.control.clearFaults();
		}
	});
});
