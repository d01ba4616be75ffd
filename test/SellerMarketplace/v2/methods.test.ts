/**
 * The form's lists of node version 2, through n8n-core's LoadOptionsContext as the editor calls them: the order and
 * order unit searches against the v2 sandbox; shipping groups and warehouses (not simulated by the sandbox) against
 * a recording server.
 */
import type { ServerResponse } from 'node:http';

import { SellerMarketplaceV2Api } from '../../../credentials/SellerMarketplaceV2Api.credentials';
import * as listSearch from '../../../nodes/SellerMarketplace/v2/methods/listSearch';
import * as loadOptions from '../../../nodes/SellerMarketplace/v2/methods/loadOptions';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { startRecordingServer, V2_RECORDING, type RecordingServer } from '../../harness/recording-server';
import { loadOptionsContextV2, type SellerCredentialsV2 } from '../../harness/workflow';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 60 });

describe('order and order unit searches', () => {
	it('lists the newest orders 100 at a time, and offers the next page', async () => {
		const context = loadOptionsContextV2(v2.credentials(), { resource: 'order', operation: 'get' });
		const first = await listSearch.searchOrders.call(context);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/orders',
			query: { limit: '100', offset: '0' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		const merchant = v2.sandbox().control.db.orders.filter((order) => !order._fulfilled_by_marketplace);
		expect(first.results).toHaveLength(Math.min(100, merchant.length));
		expect(first.results[0]).toEqual({
			name: expect.stringMatching(/^\w+ \((de|at|cz), \d{4}-\d\d-\d\dT[\d:]+Z, \d+ units\)$/),
			value: expect.any(String),
		});
		expect(first.paginationToken).toBe(merchant.length > 100 ? '100' : undefined);
		if (first.paginationToken) {
			const second = await listSearch.searchOrders.call(context, undefined, first.paginationToken);
			expect(v2.requests()[1].query).toMatchObject({ offset: '100' });
			expect(second.results.length).toBe(merchant.length - 100);
		}
	});

	it('an order unit ID typed in the search: read by its ID, looked for as an offer ID, and not repeated from the list', async () => {
		const context = loadOptionsContextV2(v2.credentials(), { resource: 'orderUnit', operation: 'get' });
		const all = await listSearch.searchOrderUnits.call(context);
		expect(all.results.length).toBeGreaterThan(5);
		const id = Number(all.results[4].value);
		const unit = v2.sandbox().control.db.orderUnits.find((candidate) => candidate.id_order_unit === id)!;
		const found = await listSearch.searchOrderUnits.call(context, ` ${id} `);
		expect(
			v2
				.requests()
				.slice(1)
				.map((request) => [request.path, request.query]),
		).toEqual([
			[`/order-units/${id}`, {}],
			['/order-units', { id_offer: String(id), limit: '100', offset: '0' }],
			['/order-units', { limit: '100', offset: '0' }],
		]);
		expect(found.results).toEqual([
			{ name: `${id}: ${unit.item.title} (${unit.status}, order ${unit.id_order})`, value: String(id) },
		]);
	});
});

describe('shipping group and warehouse dropdowns', () => {
	let server: RecordingServer;
	let credentials: SellerCredentialsV2;
	beforeAll(async () => {
		const secretKey = 'k'.repeat(64);
		server = await startRecordingServer(secretKey, V2_RECORDING);
		credentials = {
			clientKey: 'c'.repeat(32),
			secretKey,
			baseUrl: server.baseUrl,
			storefront: 'at',
			userAgent: DEFAULT_USER_AGENT,
		};
		server.respondWith((request, response: ServerResponse) => {
			const path = new URL(request.fullUrl).pathname;
			const data = path.endsWith('/shipping-groups')
				? [
						{ id_shipping_group: 2, name: 'Spedition', is_default: false },
						{ id_shipping_group: 1, name: 'Paket', is_default: true },
					]
				: [{ id_warehouse: 7, name: 'Hauptlager', is_default: true }];
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ data, pagination: { offset: 0, limit: 30, total: data.length } }));
		});
	});
	afterAll(async () => await server.close());
	beforeEach(() => server.requests.splice(0));

	it("lists the shipping groups of the form's storefront, or of the credentials' default", async () => {
		const chosen = await loadOptions.getShippingGroups.call(
			loadOptionsContextV2(credentials, { resource: 'unit', operation: 'create', storefront: 'cz' }),
		);
		const fallback = await loadOptions.getShippingGroups.call(
			loadOptionsContextV2(credentials, { resource: 'unit', operation: 'create', storefront: 'credentials' }),
		);
		expect(server.requests.map((request) => new URL(request.fullUrl).search)).toEqual([
			'?storefront=cz&limit=30&offset=0',
			'?storefront=at&limit=30&offset=0',
		]);
		expect(server.requests.every((request) => request.signatureValid)).toBe(true);
		expect(chosen).toEqual([
			{ name: 'Paket (Default)', value: 1 },
			{ name: 'Spedition', value: 2 },
		]);
		expect(fallback).toEqual(chosen);
	});

	it('lists the warehouses by ID', async () => {
		const options = await loadOptions.getWarehouses.call(
			loadOptionsContextV2(credentials, { resource: 'unit', operation: 'create' }),
		);
		expect(new URL(server.requests[0].fullUrl).pathname).toBe('/v2/warehouses');
		expect(options).toEqual([{ name: 'Hauptlager (Default)', value: 7 }]);
	});
});

describe('the credentials form', () => {
	it('hides both secrets, and offers the storefronts of the OpenAPI', () => {
		const { properties } = new SellerMarketplaceV2Api();
		const byName = Object.fromEntries(properties.map((property) => [property.name, property]));
		expect(byName.secretKey.typeOptions).toEqual({ password: true });
		expect(byName.partnerSecretKey.typeOptions).toEqual({ password: true });
		expect(byName.clientKey.typeOptions).toBeUndefined();
		expect((byName.storefront.options as Array<{ value: string }>).map((option) => option.value).sort()).toEqual([
			'at',
			'cz',
			'de',
			'es',
			'fr',
			'it',
			'nl',
			'pl',
			'sk',
		]);
		expect(byName.baseUrl.default).toBe('https://sellerapi.kaufland.com/v2');
	});
});
