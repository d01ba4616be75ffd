import fs from 'fs';
import os from 'os';
import path from 'path';
import { startSandbox } from '../../../sandbox';
import { documentedExceptions, loadContract } from '../../../sandbox/v2/contract';
import type { V2Handler } from '../../../sandbox/v2/handler';
import { loadHandlers, ROUTES_DIR, V2Runtime } from '../../../sandbox/v2/runtime';
import { problem, useV2Client, V2Client } from './client';

describe('sandbox API v2: paths and methods as the OpenAPI writes them', () => {
	const { api } = useV2Client();

	it.each([
		['a trailing slash', '/orders/', /no trailing slash/],
		['an unknown resource', '/shipments-list', /No endpoint/],
		['the /v2 root', '', /No endpoint GET \//],
		['a double slash', '//orders', /No endpoint/],
		['a v1-style trailing slash on an action', '/order-units/1000055/send/', /no trailing slash/],
	])('answers 404 in the problem shape for %s', async (_, path, message) => {
		const response = await api().get(path);
		expect(response.status).toBe(404);
		expect(response.json).toEqual(problem('/problems/not-found'));
		expect(response.json.message).toMatch(message);
	});

	it('answers 405 with Allow for a known path and another method', async () => {
		const response = await api().call('PUT', '/units/500001?storefront=de', { body: {} });
		expect(response.status).toBe(405);
		expect(response.headers.allow).toBe('GET, PATCH, DELETE');
		expect(response.json).toEqual(problem('about:blank'));
		expect((await api().post('/orders', {})).headers.allow).toBe('GET');
	});

	it('has no v1 paths: /orders/seller is the order with id "seller", /order-units/seller is not an id at all', async () => {
		const order = await api().get('/orders/seller');
		expect(order.status).toBe(404);
		expect(order.json.message).toBe('Order seller not found');
		const unit = await api().get('/order-units/seller');
		expect(unit.status).toBe(400);
		expect(unit.json).toEqual(problem('/problems/validation-error', ['id_order_unit']));
	});

	it('answers 501 for an operation of the OpenAPI that no route file handles', async () => {
		// Every operation is simulated now: take one handler away for this test.
		const loaded = Object.getOwnPropertyDescriptor(V2Runtime.prototype, 'handlers')!.get!;
		const spy = jest.spyOn(V2Runtime.prototype, 'handlers', 'get').mockImplementation(function (this: V2Runtime) {
			const handlers = new Map(loaded.call(this) as Map<string, V2Handler>);
			handlers.delete('GetShippingAddresses');
			return handlers;
		});
		try {
			const response = await api().get('/shipping-addresses');
			expect(response.status).toBe(501);
			expect(response.json).toEqual(problem('about:blank'));
			expect(response.json.message).toBe(
				'GetShippingAddresses (GET /shipping-addresses) is not simulated by the sandbox yet',
			);
		} finally {
			spy.mockRestore();
		}
		expect((await api().get('/shipping-addresses')).status).toBe(200);
	});

	it('routes literal paths before parameters: /units/status is not a unit id', async () => {
		const response = await api().post('/units/status?storefront=de', { unit_ids: [500001] });
		expect(response.status).toBe(200);
		const asId = await api().get('/units/status?storefront=de');
		expect(asId.status).toBe(400);
		expect(asId.json).toEqual(problem('/problems/validation-error', ['id_unit']));
	});
});

describe('sandbox API v2: requests that break the OpenAPI are refused with 400 naming the field', () => {
	const { sandbox, api } = useV2Client();

	it.each([
		[
			'an unknown query parameter',
			'/orders?sort=ts_created:desc',
			'sort',
			/is not a query parameter of GetOrders \(accepted: storefront, /,
		],
		['a limit above the maximum', '/orders?limit=101', 'limit', /must be <= 100/],
		['a limit below the minimum', '/orders?limit=0', 'limit', /must be >= 1/],
		['a negative offset', '/orders?offset=-1', 'offset', /must be >= 0/],
		[
			'a value outside an enum',
			'/order-units?status=shipped',
			'status',
			/must be one of: "cancelled", "need_to_be_sent"/,
		],
		['a parameter given twice', '/orders?limit=1&limit=2', 'limit', /may be given only once/],
		['a number in exponent form', '/orders?limit=1e1', 'limit', /plain decimal integer/],
		['a hexadecimal number', '/orders?offset=0x10', 'offset', /plain decimal integer/],
		['a number with a leading zero', '/orders?limit=010', 'limit', /plain decimal integer/],
		['a number with a sign', '/orders?limit=%2B5', 'limit', /plain decimal integer/],
		['an empty number', '/orders?limit=', 'limit', /plain decimal integer/],
		[
			'a date-time without a zone',
			'/orders?ts_created_from_iso=2024-01-01T00:00:00',
			'ts_created_from_iso',
			/must match format "date-time"/,
		],
		['an impossible date', '/orders?ts_created_from_iso=2024-02-30T00:00:00Z', 'ts_created_from_iso', /date-time/],
		['a path id that is not an integer', '/order-units/12abc', 'id_order_unit', /plain decimal integer/],
		['a path id with an exponent', '/order-units/1e6', 'id_order_unit', /plain decimal integer/],
		['a missing required parameter', '/units', 'storefront', /is required/],
		['a storefront outside the enum', '/units?storefront=uk', 'storefront', /must be one of: "de", "cz"/],
	])('refuses %s', async (_, path, field, message) => {
		const response = await api().get(path);
		expect(response.status).toBe(400);
		expect(response.json).toEqual(problem('/problems/validation-error', [field]));
		expect(response.json.errors.find((e: { field: string }) => e.field === field).message).toMatch(message);
	});

	it.each(['__proto__', 'constructor', 'toString'])(
		'treats a query parameter named %s as the unknown name it is',
		async (name) => {
			const response = await api().get(`/orders?${name}=1&${name}=2`);
			expect(response.status).toBe(400);
			expect(response.json.errors).toEqual([
				{ field: name, message: expect.stringMatching(/^is not a query parameter of GetOrders/) },
			]);
			expect(sandbox().control.requests()[0].queryValues).toEqual(JSON.parse(`{"${name}": ["1", "2"]}`));
		},
	);

	it('lists every offending parameter at once', async () => {
		const response = await api().get('/order-units?limit=500&offset=-2&status=lost&colour=red');
		expect(response.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
			'colour',
			'limit',
			'offset',
			'status',
		]);
	});

	it('takes only the documented wire form: repeated keys for array parameters, one comma list for embedded, + for a space', async () => {
		const repeated = await api().get('/order-units?status=sent&status=received&limit=100');
		expect(new Set(repeated.json.data.map((u: { status: string }) => u.status))).toEqual(new Set(['sent', 'received']));
		const comma = await api().get('/order-units?status=sent%2Creceived');
		expect(comma.status).toBe(400);
		expect(comma.json.errors).toEqual([
			{
				field: 'status',
				message: 'takes several values as repeated keys (status=a&status=b), not as a comma-separated list',
			},
		]);
		const embedded = await api().get('/order-units/1000001?embedded=tickets%2Cdelivery');
		expect(Object.keys(embedded.json.data)).toEqual(expect.arrayContaining(['tickets', 'delivery']));
		const repeatedEmbedded = await api().get('/order-units/1000001?embedded=tickets&embedded=delivery');
		expect(repeatedEmbedded.status).toBe(400);
		expect(repeatedEmbedded.json.errors).toEqual([
			{
				field: 'embedded',
				message: 'may be given only once, as one comma-separated list (embedded=a,b), not as repeated keys',
			},
		]);
		const plus = await api().get('/vouchers?search_term=summer+sale');
		expect(plus.status).toBe(200);
		const percent = await api().get('/vouchers?search_term=summer%20sale');
		expect(percent.status).toBe(400);
		expect(percent.json.errors).toEqual([
			{ field: 'search_term', message: expect.stringMatching(/space as %20.*a space as \+/) },
		]);
	});

	it('reads the wire-form exceptions from documented-exceptions.json: every embedded parameter of the OpenAPI, and nothing else', () => {
		const exceptions = documentedExceptions();
		const contract = loadContract();
		const embeddedParameters = contract.operations.flatMap((o) =>
			o.parameters.filter((p) => p.in === 'query' && p.name === 'embedded').map(() => `${o.method} ${o.path}`),
		);
		expect(exceptions.map((e) => `${e.method} ${e.path}`).sort()).toEqual(embeddedParameters.sort());
		for (const e of exceptions)
			expect(e).toEqual({
				path: e.path,
				method: e.method,
				parameter: 'embedded',
				in: 'query',
				style: 'form',
				explode: false,
				reason: expect.any(String),
			});
	});

	const send = '/order-units/1000055/send';
	const good = { tracking_numbers: '0034', carrier_code: 'DHL' };

	it.each([
		['an unknown field', { ...good, tracking_number: '1' }, 'tracking_number', /is not a known field/],
		['a missing field', { carrier_code: 'DHL' }, 'tracking_numbers', /is required/],
		['a wrong type', { ...good, tracking_numbers: 34 }, 'tracking_numbers', /must be string/],
		['an array instead of an object', [good], 'body', /must be object/],
	])('refuses a body with %s', async (_, body, field, message) => {
		const response = await api().patch(send, body);
		expect(response.status).toBe(400);
		expect(response.json).toEqual(problem('/problems/validation-error', [field]));
		expect(response.json.errors[0].message).toMatch(message);
		expect(sandbox().control.db.orderUnits.find((u) => u.id_order_unit === 1000055)!.status).toBe('need_to_be_sent');
	});

	it('names nested fields of a body by their path', async () => {
		const response = await api().post('/units/bulk?storefront=de', [
			{ id_unit: 500001, unit_data: { amount: -1, colour: 'red' } },
		]);
		expect(response.status).toBe(400);
		expect(response.json.errors).toEqual(
			expect.arrayContaining([
				{ field: '[0].unit_data.amount', message: 'must be >= 0' },
				{ field: '[0].unit_data.colour', message: 'is not a known field' },
			]),
		);
	});

	it('refuses a missing body, malformed JSON, a body without Content-Type: application/json and a body where none belongs', async () => {
		const missing = await api().call('PATCH', send);
		expect(missing.json).toEqual(problem('/problems/validation-error', ['body']));
		const malformed = await api().patch(send, '{"tracking_numbers": "1",');
		expect(malformed.json.errors).toEqual([{ field: 'body', message: expect.stringMatching(/^is not valid JSON/) }]);
		const form = await api().patch(send, JSON.stringify(good), {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		});
		expect(form.json).toEqual(problem('/problems/validation-error', ['Content-Type']));
		const onGet = await api().call('GET', '/carriers', { body: {} });
		expect(onGet.status).toBe(400);
		expect(onGet.json.errors).toEqual([{ field: 'body', message: 'must be empty: GetCarriers takes no request body' }]);
		for (const response of [missing, malformed, form]) expect(response.status).toBe(400);
	});

	it('accepts the same request once it is valid (the checks above are not blanket refusals)', async () => {
		const response = await api().patch(send, good);
		expect(response.status).toBe(204);
		expect(response.text).toBe('');
	});
});

describe('sandbox API v2: responses are checked against the OpenAPI', () => {
	it('in strict mode, a response that breaks the contract becomes a 500 naming the mismatch and is recorded', async () => {
		const sandbox = await startSandbox({ port: 0, strictResponses: true });
		try {
			const api = new V2Client(sandbox);
			sandbox.control.db.orderUnits[0].status = 'misplaced';
			const response = await api.get(`/order-units/${sandbox.control.db.orderUnits[0].id_order_unit}`);
			expect(response.status).toBe(500);
			expect(response.json).toEqual(problem('/problems/server-error'));
			expect(response.json.message).toMatch(
				/^Sandbox bug: the 200 answer of GetOrderUnit does not match the OpenAPI: data.status: must be one of/,
			);
			expect(sandbox.control.responseViolations()).toEqual([
				expect.objectContaining({
					operationId: 'GetOrderUnit',
					status: 200,
					problems: [expect.stringMatching(/^data\.status: must be one of/)],
				}),
			]);
			expect(api.breaches).toEqual([]);
		} finally {
			await sandbox.close();
		}
	});

	it('without strict mode, the response goes out as it is; the record and the client-side check both catch it', async () => {
		const sandbox = await startSandbox({ port: 0, strictResponses: false });
		try {
			const api = new V2Client(sandbox);
			sandbox.control.db.units[0].listing_price = 0;
			const response = await api.get(`/units/${sandbox.control.db.units[0].id_unit}?storefront=de`);
			expect(response.status).toBe(200);
			expect(response.json.data.listing_price).toBe(0);
			expect(sandbox.control.responseViolations()).toHaveLength(1);
			expect(api.breaches).toEqual([
				expect.objectContaining({ status: 200, problems: ['data.listing_price: must be >= 1'] }),
			]);
			const viaHttp = await api.control('GET', '/response-violations');
			expect(viaHttp.json).toEqual(sandbox.control.responseViolations());
			expect((await api.control('DELETE', '/response-violations')).status).toBe(204);
			expect(sandbox.control.responseViolations()).toEqual([]);
		} finally {
			await sandbox.close();
		}
	});

	it('flags a status the operation does not declare', () => {
		const contract = loadContract();
		const { operation } = contract.match('PATCH', '/order-units/1/refund');
		const body = { type: '/problems/action-not-allowed', message: 'no', errors: [] };
		expect(contract.checkResponse(operation, 403, body, {}, [429, 501])).toEqual([
			'status 403 is not declared for RefundOrderUnit (declared: 204, 400, 401, 404, 500)',
		]);
		expect(contract.checkResponse(operation, 204, { data: 1 }, {}, [])).toEqual([
			'status 204 of RefundOrderUnit has no body, but one was sent',
		]);
	});

	it('is on by default under jest', async () => {
		const sandbox = await startSandbox({ port: 0 });
		try {
			sandbox.control.db.orders[0].is_marketplace_deemed_supplier = 'no' as unknown as boolean;
			const response = await new V2Client(sandbox).get(`/orders/${sandbox.control.db.orders[0].id_order}`);
			expect(response.status).toBe(500);
		} finally {
			await sandbox.close();
		}
	});
});

describe('sandbox API v2: route files', () => {
	it('handles every operation of the OpenAPI but those listed as not served yet, each in one route file', () => {
		// loadHandlers refuses an operationId the OpenAPI does not have, and one handled twice; nothing is typed here, so
		// an operation added to the OpenAPI and its route needs no change to this test.
		const handled = [...loadHandlers(loadContract()).keys()].sort();
		const notServed = JSON.parse(
			fs.readFileSync(path.join(__dirname, '../../SellerMarketplace/v2/coverage/sandbox-not-yet-served.json'), 'utf8'),
		) as string[];
		const documented = loadContract().operations.map((operation) => operation.operationId);
		expect(handled).toEqual(documented.filter((operationId) => !notServed.includes(operationId)).sort());
		// Every file of the routes folder handles something (a file left empty by a move is noticed).
		for (const file of fs.readdirSync(ROUTES_DIR).filter((name) => name.endsWith('.ts'))) {
			const { operations } = require(path.join(ROUTES_DIR, file)) as { operations: object };
			expect([file, Object.keys(operations).length > 0]).toEqual([file, true]);
		}
	});

	it('a new file in the routes folder is all it takes; a misspelt operationId or a double handler stops the start', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v2-routes-'));
		try {
			fs.writeFileSync(
				path.join(dir, 'warehouses.js'),
				'exports.operations = { getWarehouses: () => ({ status: 200, body: { data: [] } }) };',
			);
			expect([...loadHandlers(loadContract(), dir).keys()]).toEqual(['getWarehouses']);
			fs.writeFileSync(path.join(dir, 'x-more.js'), 'exports.operations = { getWarehouses: () => ({ status: 200 }) };');
			expect(() => loadHandlers(loadContract(), dir)).toThrow(
				"sandbox/v2/routes/x-more.js: 'getWarehouses' is handled twice",
			);
			fs.rmSync(path.join(dir, 'x-more.js'));
			fs.writeFileSync(path.join(dir, 'typo.js'), 'exports.operations = { GetWarehouses: () => ({ status: 200 }) };');
			expect(() => loadHandlers(loadContract(), dir)).toThrow(
				"sandbox/v2/routes/typo.js: the OpenAPI has no operation 'GetWarehouses'",
			);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('sandbox API v2: injected faults', () => {
	const { sandbox, api } = useV2Client();

	it('a status fault on a /v2 path answers in the problem shape before anything changes', async () => {
		const unit = sandbox().control.db.orderUnits.find(
			(u) => u.status === 'need_to_be_sent' && !u._fulfilled_by_marketplace,
		)!;
		sandbox().control.addFault({
			path: '/v2/order-units/*/send',
			kind: 'status',
			status: 503,
			retryAfter: '2',
			times: 1,
		});
		const send = () =>
			api().patch(
				`/order-units/${unit.id_order_unit}/send`,
				{ tracking_numbers: '1', carrier_code: 'DHL' },
				{ anyStatus: true },
			);
		const faulted = await send();
		expect(faulted.status).toBe(503);
		expect(faulted.headers['retry-after']).toBe('2');
		expect(faulted.json).toEqual({ type: 'about:blank', message: 'Injected fault: HTTP 503', errors: [] });
		expect(unit.status).toBe('need_to_be_sent');
		expect(sandbox().control.requests()[0]).toMatchObject({
			fault: 'f1 status 503',
			status: 503,
			signatureValid: true,
		});
		expect((await send()).status).toBe(204);
	});

	it('a fault on a v1 path leaves /v2 alone; a reset fault drops the connection', async () => {
		sandbox().control.addFault({ path: '/order-units/seller/', kind: 'status', status: 500 });
		expect((await api().get('/order-units?limit=1')).status).toBe(200);
		sandbox().control.addFault({ path: '/v2/carriers', kind: 'reset', times: 1 });
		await expect(api().get('/carriers')).rejects.toThrow(/socket hang up|ECONNRESET/);
		expect((await api().get('/carriers')).status).toBe(200);
	});
});
