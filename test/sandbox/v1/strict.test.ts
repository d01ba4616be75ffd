/**
 * The strict and the lenient sandbox side by side (docs/decisions.md). Every alias, a second form of
 * something the spec writes, is answered by the lenient sandbox, which names it in the request log's
 * `alias`, and refused by the strict one (the node's tests run against it), which changes nothing.
 */
import { spawn } from 'child_process';
import type { SandboxDb, Subscription } from '../../../sandbox';
import { ApiResponse, CallbackServer, startCallbackServer, TestClient, useV1Client } from './client';
import { budget } from '../../budget';

const lenient = useV1Client();
const strict = useV1Client({ strict: true });
let callback: CallbackServer;

beforeAll(async () => {
	callback = await startCallbackServer();
});
afterAll(async () => await callback.close());
beforeEach(() => {
	lenient.sandbox().control.reset();
	strict.sandbox().control.reset();
});

/** A sent order unit of the seller's that is not part of a return yet. */
const openOrderUnit = (db: SandboxDb) =>
	db.orderUnits.find(
		(u) =>
			!u._fulfilled_by_marketplace &&
			u.status === 'sent' &&
			!db.returnUnits.some((r) => r.id_order_unit === u.id_order_unit),
	)!;
const openReturnUnit = (db: SandboxDb) => db.returnUnits.find((u) => u.status === 'need_to_be_returned')!;
const visibleOrder = (db: SandboxDb) => db.orders.find((o) => !o._fulfilled_by_marketplace)!;
/** Stores a subscription to the local callback, as if created earlier. */
const addSubscription = (db: SandboxDb): Subscription => {
	const record: Subscription = {
		id_subscription: 7,
		callback_url: callback.url,
		fallback_email: 'ops@example.test',
		event_name: 'order_new',
		is_active: true,
	};
	db.subscriptions.push(record);
	return record;
};

interface AliasCase {
	/** state the request acts on, stored straight in the sandbox */
	setup?: (db: SandboxDb) => void;
	/** the request, built from the sandbox's own (identically seeded) state */
	send: (api: TestClient, db: SandboxDb) => Promise<ApiResponse>;
	alias: string;
	strictStatus: number;
	strictMessage: RegExp;
}

const cases: Record<string, AliasCase> = {
	'GET /orders/{id}/ with a trailing slash': {
		send: (api, db) => api.get(`/orders/${visibleOrder(db).id_order}/`),
		alias: 'path /orders/{id}/',
		strictStatus: 404,
		strictMessage: /is not the spec's path; it writes GET \/orders\/\{id\}/,
	},
	'GET /items/{id}/ with a trailing slash': {
		send: (api, db) => api.get(`/items/${db.items[0].id_item}/?embedded=units`),
		alias: 'path /items/{id}/',
		strictStatus: 404,
		strictMessage: /it writes GET \/items\/\{id\}/,
	},
	'PATCH /order-units/{id}/refund/ with a hyphen': {
		send: (api, db) =>
			api.patch(`/order-units/${openOrderUnit(db).id_order_unit}/refund/`, { amount: 100, reason: 'delivery_delay' }),
		alias: 'path /order-units/{id}/refund/',
		strictStatus: 404,
		strictMessage: /it writes PATCH \/order_units\/\{id\}\/refund\//,
	},
	'POST /category/decide/': {
		send: (api) =>
			api.post('/category/decide/', {
				item: { title: 'Tee', description: 'Grüner Tee', manufacturer: 'Acme' },
				price: 499,
			}),
		alias: 'path /category/decide/',
		strictStatus: 404,
		strictMessage: /it writes POST \/categories\/decide\//,
	},
	'POST /returns/ with a trailing slash': {
		send: (api, db) =>
			api.post('/returns/', {
				id_order_unit: [openOrderUnit(db).id_order_unit],
				reason: 'defect',
				note: 'Kaputt angekommen',
			}),
		alias: 'path /returns/',
		strictStatus: 404,
		strictMessage: /it writes POST \/returns/,
	},
	'PATCH /ticket/{id}/close/': {
		send: (api, db) => api.patch(`/ticket/${db.tickets.find((t) => t.status === 'opened')!.id_ticket}/close/`),
		alias: 'path /ticket/{id}/close/',
		strictStatus: 404,
		strictMessage: /it writes PATCH \/tickets\/\{id\}\/close\//,
	},
	'GET /product-data-status/?ean=': {
		send: (api, db) => api.get(`/product-data-status/?ean=${db.productData[0].ean}`),
		alias: 'path /product-data-status/',
		strictStatus: 404,
		strictMessage: /it writes GET \/product-data-status\/\{ean\}\//,
	},
	'a repeated query parameter instead of a comma-separated list': {
		send: (api) => api.get('/order-units/seller/?status=sent&status=received'),
		alias: 'repeated query parameter status',
		strictStatus: 400,
		strictMessage: /'status' is given more than once; give several values comma-separated/,
	},
	'additional_attributes as the SDK list of {attribute, value}': {
		send: (api) =>
			api.put('/product-data/4006381333931/', {
				title: ['Tee'],
				additional_attributes: [{ attribute: 'Farbe', value: ['grün'] }],
			}),
		alias: 'additional_attributes as a list of {attribute, value}',
		strictStatus: 400,
		strictMessage: /additional_attributes must be an object of attribute name → array of values/,
	},
	'a category decision item without description and manufacturer': {
		send: (api) => api.post('/categories/decide/', { item: { title: 'Tee' }, price: 499 }),
		alias: 'category decision item without description, manufacturer',
		strictStatus: 400,
		strictMessage: /body.item needs title, description and manufacturer/,
	},
	'categories by id_parent and q at once': {
		send: (api) => api.get('/categories/?id_parent=1&q=tee'),
		alias: 'id_parent and q together',
		strictStatus: 400,
		strictMessage: /give id_parent .* or q .*, not both/,
	},
	'a subscription PATCH with a partial body': {
		setup: addSubscription,
		send: (api, db) =>
			api.patch(`/subscriptions/${db.subscriptions[0].id_subscription}/`, { fallback_email: 'new@example.test' }),
		alias: 'partial subscription body (without callback_url, event_name, is_active)',
		strictStatus: 400,
		strictMessage:
			/needs the whole body: callback_url, fallback_email, event_name, is_active; callback_url, event_name, is_active missing/,
	},
	'a unit PATCH that sends id_item and id_offer unchanged': {
		send: (api, db) => {
			const unit = db.units[0];
			return api.patch(`/units/${unit.id_unit}/`, { id_item: unit.id_item, id_offer: unit.id_offer, amount: 3 });
		},
		alias: 'PATCH body with id_item, id_offer',
		strictStatus: 400,
		strictMessage: /id_item and id_offer cannot be sent in PATCH/,
	},
	'body {} on fulfil (the spec: no body)': {
		send: (api, db) => api.patch(`/order-units/${openOrderUnit(db).id_order_unit}/fulfil/`, {}),
		alias: 'body {} where the spec says no body',
		strictStatus: 400,
		strictMessage: /PATCH \/order-units\/\{id\}\/fulfil\/ takes no body, not even \{\}/,
	},
	'body {} on a return unit accept': {
		send: (api, db) => api.patch(`/return-units/${openReturnUnit(db).id_return_unit}/accept/`, {}),
		alias: 'body {} where the spec says no body',
		strictStatus: 400,
		strictMessage: /accept\/ takes no body/,
	},
	'body {} on a return unit repair': {
		send: (api, db) => api.patch(`/return-units/${openReturnUnit(db).id_return_unit}/repair/`, {}),
		alias: 'body {} where the spec says no body',
		strictStatus: 400,
		strictMessage: /repair\/ takes no body/,
	},
	'body {} on a ticket close': {
		send: (api, db) => api.patch(`/tickets/${db.tickets.find((t) => t.status === 'opened')!.id_ticket}/close/`, {}),
		alias: 'body {} where the spec says no body',
		strictStatus: 400,
		strictMessage: /close\/ takes no body/,
	},
	'body {} on a claim close': {
		send: (api, db) => api.patch(`/claims/${db.claims.find((c) => c.status === 'opened')!.id_claim}/close/`, {}),
		alias: 'body {} where the spec says no body',
		strictStatus: 400,
		strictMessage: /close\/ takes no body/,
	},
	'body {} on an invoice delete': {
		// Node sends a DELETE body only with a Content-Length
		send: (api, db) =>
			api.delete(`/order-invoices/${db.orderInvoices[0].id_invoice}/`, {
				body: {},
				headers: { 'Content-Length': '2' },
			}),
		alias: 'body {} where the spec says no body',
		strictStatus: 400,
		strictMessage: /DELETE \/order-invoices\/\{id\}\/ takes no body/,
	},
};

describe.each(Object.entries(cases))('%s', (_name, { setup, send, alias, strictStatus, strictMessage }) => {
	it('the lenient sandbox answers it and logs the alias', async () => {
		setup?.(lenient.sandbox().control.db);
		const response = await send(lenient.api(), lenient.sandbox().control.db);
		expect(response.status).toBeLessThan(300);
		expect(lenient.sandbox().control.requests().at(-1)).toMatchObject({
			signatureValid: true,
			status: response.status,
			alias,
		});
	});

	it('the strict sandbox refuses it and changes nothing', async () => {
		const db = strict.sandbox().control.db;
		setup?.(db);
		const before = JSON.stringify(db);
		const response = await send(strict.api(), db);
		expect({ status: response.status, message: response.json?.message }).toEqual({
			status: strictStatus,
			message: expect.stringMatching(strictMessage),
		});
		expect(response.json.message).toMatch(/\(strict sandbox: aliases are refused\)$/);
		expect(JSON.stringify(strict.sandbox().control.db)).toBe(before);
		expect(strict.sandbox().control.deliveries()).toEqual([]);
		expect(strict.sandbox().control.requests().at(-1)?.alias).toBeUndefined();
	});
});

describe('the spec forms', () => {
	it('pass the strict sandbox without an alias', async () => {
		const api = strict.api();
		const db = strict.sandbox().control.db;
		const unit = openOrderUnit(db);
		const responses = [
			await api.get(`/orders/${visibleOrder(db).id_order}`),
			await api.get(`/items/${db.items[0].id_item}?embedded=category,units`),
			await api.patch(`/order_units/${unit.id_order_unit}/refund/`, { amount: 100, reason: 'delivery_delay' }),
			await api.post('/categories/decide/', {
				item: { title: 'Tee', description: 'Grüner Tee', manufacturer: 'Acme' },
				price: 499,
			}),
			await api.get(`/product-data-status/${db.productData[0].ean}/`),
			await api.get('/order-units/seller/?status=sent,received'),
			await api.put('/product-data/4006381333931/', { title: ['Tee'], additional_attributes: { Farbe: ['grün'] } }),
			await api.patch(`/order-units/${unit.id_order_unit}/fulfil/`),
			await api.post('/returns', { id_order_unit: [unit.id_order_unit], reason: 'defect', note: 'Kaputt angekommen' }),
		];
		expect(responses.map((r) => r.status)).toEqual([200, 200, 204, 200, 200, 200, 201, 204, 201]);
		expect(
			strict
				.sandbox()
				.control.requests()
				.map((r) => r.alias),
		).toEqual(responses.map(() => undefined));
	});

	it('a subscription PATCH with the full body verifies the callback and changes it', async () => {
		const db = strict.sandbox().control.db;
		const { id_subscription, callback_url, event_name } = addSubscription(db);
		const body = { callback_url, fallback_email: 'new@example.test', event_name, is_active: true };
		const response = await strict.api().patch(`/subscriptions/${id_subscription}/`, body);
		expect(response.status).toBe(204);
		expect(db.subscriptions).toEqual([{ id_subscription, ...body }]);
		expect(strict.sandbox().control.deliveries()).toEqual([
			expect.objectContaining({ kind: 'verification', id_subscription, ok: true }),
		]);
	});
});

describe('the command line', () => {
	it(
		'--strict starts a strict sandbox and says so',
		async () => {
			const child = spawn(
				process.execPath,
				['-r', 'ts-node/register/transpile-only', 'sandbox/cli.ts', '--port', '0', '--strict'],
				{
					cwd: `${__dirname}/../../..`,
					stdio: ['ignore', 'pipe', 'pipe'],
				},
			);
			try {
				let output = '';
				const baseUrl = await new Promise<string>((resolve, reject) => {
					child.stdout.on('data', (chunk: Buffer) => {
						output += chunk.toString('utf8');
						const match = /v1 base URL: +(\S+)/.exec(output);
						if (match) resolve(match[1]);
					});
					child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${output}`)));
				});
				expect(output).toMatch(/Mode: +strict/);
				const api = new TestClient({ ...strict.sandbox(), baseUrl });
				expect((await api.get('/status/ping/')).status).toBe(200);
				expect((await api.get('/orders/MABC123/')).json.message).toMatch(/strict sandbox: aliases are refused/);
			} finally {
				child.kill('SIGTERM');
			}
		},
		budget(30_000),
	);
});
