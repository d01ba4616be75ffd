/**
 * Issue 15, item 4: what a seller reads when an operation fails, through n8n-core against the sandboxes of both
 * API versions. The headline says what could not be done, to which record, and why, in the seller's words; the
 * description (HTML, as n8n's editor shows it) keeps its lines and the request for support.
 */
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { startRecordingServer, V2_RECORDING } from '../../harness/recording-server';

import type { OrderUnit } from '../../../sandbox';
import { startFaultProxy, type FaultProxy } from '../../hardening/proxy';
import { useSandbox } from '../../harness/sandbox';
import { runSellerNode, runSellerNodeV2 } from '../../harness/workflow';
import { useSandboxV2 } from '../v2/setup';

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

describe('API v1 (node version 1)', () => {
	const v1 = useSandbox({ strict: true });
	const units = (): OrderUnit[] => v1.sandbox().control.db.orderUnits.filter((unit) => !unit._fulfilled_by_marketplace);
	const unitIn = (status: string) => units().find((unit) => unit.status === status)!;
	const run = async (parameters: IDataObject, credentials = v1.credentials()) =>
		await runSellerNode(credentials, { parameters });

	it('409: sending a unit already sent names the unit, the action and the reason', async () => {
		const unit = unitIn('sent');
		const result = await run({
			resource: 'orderUnit',
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumber: 'T-1',
		});

		expect(v1.sandbox().control.requests()).toEqual([
			expect.objectContaining({ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/send/`, status: 409 }),
		]);
		expect(result.error?.message).toBe(
			`Could not mark order unit ${unit.id_order_unit} as sent: it is 'sent'; only units in 'need_to_be_sent' can be sent`,
		);
		expect(result.error?.description).toMatch(
			new RegExp(
				[
					`^The API said: Order unit ${unit.id_order_unit} is 'sent'; only units in 'need_to_be_sent' can be sent`,
					'Check the values sent for this item\\.',
					'Request ID: [0-9a-f]+',
					`Request: PATCH /order-units/${unit.id_order_unit}/send/, answered 409$`,
				].join('<br>'),
			),
		);
	});

	it('404: an unknown order unit', async () => {
		const result = await run({ resource: 'orderUnit', operation: 'get', orderUnitId: byId(1001056) });

		expect(v1.sandbox().control.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/order-units/1001056/',
			status: 404,
		});
		expect(result.error?.message).toBe('Could not get order unit 1001056: it was not found');
		expect(result.error?.description).toMatch(
			new RegExp(
				[
					'^The API said: Order unit 1001056 not found',
					'Check the ID; it may belong to another seller account or have been deleted\\.',
					'Request ID: [0-9a-f]+',
					'Request: GET /order-units/1001056/, answered 404$',
				].join('<br>'),
			),
		);
	});

	it('422: a refund above what is left of the price', async () => {
		const unit = unitIn('sent');
		const result = await run({
			resource: 'orderUnit',
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: unit.price + 1,
			reason: 'other_refund',
		});

		expect(v1.sandbox().control.requests()[0]).toMatchObject({ method: 'PATCH', status: 422 });
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Could not refund order unit ${unit.id_order_unit}: refund of ${unit.price + 1} cents exceeds what is left of the price`,
			),
		);
		expect(result.error?.description).toContain(
			`<br>Request: PATCH /order_units/${unit.id_order_unit}/refund/, answered 422`,
		);
	});

	it('400: a shipping group the seller does not have', async () => {
		const unit = v1.sandbox().control.db.units[0];
		const result = await run({
			resource: 'unit',
			operation: 'update',
			unitId: String(unit.id_unit),
			updateFields: { shippingGroup: 'drone' },
		});

		expect(v1.sandbox().control.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/units/${unit.id_unit}/`,
			status: 400,
		});
		expect(result.error?.message).toMatch(
			new RegExp(`^Could not update unit ${unit.id_unit}: shipping_group 'drone' is not one of your shipping groups: `),
		);
	});

	it('401: a wrong Secret Key says keys or clock', async () => {
		const result = await run(
			{ resource: 'order', operation: 'get', orderId: byId('MHRYPC1') },
			{ ...v1.credentials(), secretKey: 'z'.repeat(64) },
		);

		expect(v1.sandbox().control.requests()[0]).toMatchObject({ status: 401, signatureValid: false });
		expect(result.error?.message).toBe(
			'Could not get order MHRYPC1: the marketplace did not accept the signature (check the Client Key, the Secret Key and the clock of the machine running n8n)',
		);
		expect(result.error?.description).toContain(
			"Check that the Client Key and Secret Key are copied exactly from the seller account's API settings, and that the clock of the machine running n8n is right",
		);
	});

	it('429 until the retries are used up', async () => {
		v1.sandbox().control.addFault({
			method: 'GET',
			path: '/order-units/seller/',
			kind: 'status',
			status: 429,
			retryAfter: '0',
			times: 10,
		});
		const result = await run({
			resource: 'orderUnit',
			operation: 'getMany',
			returnAll: true,
			requestOptions: { maxRetries: 1 },
		});

		expect(
			v1
				.sandbox()
				.control.requests()
				.map((request) => request.status),
		).toEqual([429, 429]);
		expect(result.error?.message).toBe(
			"Could not get many order units: the marketplace's rate limit was reached (after 2 attempts)",
		);
		expect(result.error?.description).toContain(
			'Too many requests in a short time. Try again later, or lower "Page Concurrency".',
		);
		expect(result.error?.description).not.toMatch(/record\(s\)|unknown number/);
	});

	describe('a lost answer', () => {
		let proxy: FaultProxy;
		beforeAll(async () => {
			proxy = await startFaultProxy(v1.sandbox().baseUrl);
		});
		afterAll(async () => await proxy.close());

		it('a refund whose answer is lost may or may not have been applied, and says where to look', async () => {
			const unit = units().find((candidate) => candidate.status === 'sent' && candidate._refunds.length === 0)!;
			proxy.add({ method: 'PATCH', path: `/order_units/${unit.id_order_unit}/refund/`, action: 'loseAnswer' });
			const result = await run(
				{
					resource: 'orderUnit',
					operation: 'refund',
					orderUnitId: byId(unit.id_order_unit),
					amount: 300,
					reason: 'other_refund',
				},
				{ ...v1.credentials(), baseUrl: proxy.baseUrl },
			);

			expect(unit._refunds.map((refund) => refund.amount)).toEqual([300]);
			expect(result.error?.message).toBe(
				`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the connection was reset`,
			);
			expect(result.error?.description).toContain(
				`Before running it again, check: API v1 cannot list refunds, so look for this refund at order unit ${unit.id_order_unit} in your seller account before refunding again.`,
			);
		});
	});
});

describe('API v2 (node version 2)', () => {
	const v2 = useSandboxV2({ orders: 120 });
	const units = () =>
		v2
			.sandbox()
			.control.db.orderUnits.filter((unit) => !unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === 'de');
	const unitIn = (status: string) => units().find((unit) => unit.status === status)!;

	it('403 duplicate action: sending a unit already sent', async () => {
		const unit = unitIn('sent');
		const result = await v2.run({
			resource: 'orderUnit',
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumbers: 'T-1',
		});

		expect(v2.requests()).toEqual([
			expect.objectContaining({ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/send`, status: 403 }),
		]);
		expect(result.error?.message).toBe(
			`Could not mark order unit ${unit.id_order_unit} as sent: it is already 'sent'; it cannot be sent again`,
		);
		expect(result.error?.description).toBe(
			[
				`The API said: Order unit ${unit.id_order_unit} is already 'sent'; it cannot be sent again`,
				'Problem type: /problems/duplicate-action',
				`Request: PATCH /order-units/${unit.id_order_unit}/send, answered 403`,
			].join('<br>'),
		);
	});

	it("409: a conflict names the unit and keeps the marketplace's reason", async () => {
		const unit = unitIn('need_to_be_sent');
		v2.sandbox().control.addFault({
			method: 'PATCH',
			path: `/v2/order-units/${unit.id_order_unit}/cancel`,
			kind: 'status',
			status: 409,
		});
		const result = await v2.run({
			resource: 'orderUnit',
			operation: 'cancel',
			orderUnitId: byId(unit.id_order_unit),
			reason: 'NoInventory',
		});

		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/cancel`,
			status: 409,
		});
		expect(result.error?.message).toBe(`Could not cancel order unit ${unit.id_order_unit}: injected fault: HTTP 409`);
		expect(result.error?.description).toBe(
			`The API said: Injected fault: HTTP 409<br>Request: PATCH /order-units/${unit.id_order_unit}/cancel, answered 409`,
		);
	});

	it('404: an unknown order', async () => {
		const result = await v2.run({ resource: 'order', operation: 'get', orderId: byId('NOSUCH1') });

		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/orders/NOSUCH1', status: 404 });
		expect(result.error?.message).toBe('Could not get order NOSUCH1: it was not found');
		expect(result.error?.description).toBe(
			[
				'The API said: Order NOSUCH1 not found',
				'Problem type: /problems/not-found',
				'Check the ID: it may belong to another seller account, or have been deleted.',
				'Request: GET /orders/NOSUCH1, answered 404',
			].join('<br>'),
		);
	});

	it('400/422: a refused field is named by its label', async () => {
		const unit = unitIn('need_to_be_sent');
		const result = await v2.run({
			resource: 'orderUnit',
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'dhl',
			trackingNumbers: 'T-1',
		});

		expect([400, 422]).toContain(v2.requests()[0].status);
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Could not mark order unit ${unit.id_order_unit} as sent: "Carrier" \\(carrier_code\\): 'dhl' is not a carrier code`,
			),
		);
		expect(result.error?.description).toContain('Problem type: /problems/validation-error');
	});

	it('401: a wrong Secret Key says which key', async () => {
		const result = await runSellerNodeV2(
			{ ...v2.credentials(), secretKey: 'z'.repeat(64) },
			{ parameters: { resource: 'order', operation: 'get', orderId: byId('NOSUCH1') } },
		);

		expect(v2.requests()[0]).toMatchObject({ status: 401, signatureValid: false });
		expect(result.error?.message).toBe(
			'Could not get order NOSUCH1: the Secret Key (or Partner Secret Key) is wrong, so the signature does not match',
		);
	});

	it('429 until the retries are used up', async () => {
		v2.sandbox().control.addFault({
			method: 'GET',
			path: '/v2/carriers',
			kind: 'status',
			status: 429,
			retryAfter: '0',
			times: 10,
		});
		const result = await v2.run({ resource: 'carrier', operation: 'getMany', requestOptions: { maxRetries: 2 } });

		expect(v2.requests().map((request) => request.status)).toEqual([429, 429, 429]);
		expect(result.error?.message).toBe(
			"Could not get many carriers: the marketplace's rate limit was reached (after 3 attempts)",
		);
		expect(result.error?.description).toContain(
			'The marketplace allows 111 requests a second per seller account, across all workflows.',
		);
	});

	it('a first page that fails says nothing about records, in no internal words', async () => {
		v2.sandbox().control.addFault({ method: 'GET', path: '/v2/order-units', kind: 'status', status: 500, times: 5 });
		const result = await v2.run({
			resource: 'orderUnit',
			operation: 'getMany',
			returnAll: true,
			requestOptions: { maxRetries: 1 },
		});

		expect(result.error?.message).toBe(
			'Could not get many order units: the marketplace had a server error (500, after 2 attempts)',
		);
		expect(result.error?.description).toBe(
			'The API said: Injected fault: HTTP 500<br>Request: GET /order-units, answered 500<br>This is usually temporary. Try again later.',
		);
	});

	describe('through a proxy', () => {
		let proxy: FaultProxy;
		beforeAll(async () => {
			proxy = await startFaultProxy(v2.sandbox().baseUrl);
		});
		afterAll(async () => await proxy.close());
		const viaProxy = () => ({ ...v2.credentials(), baseUrl: proxy.baseUrl.replace(/\/api\/v1$/, '/v2') });

		it('a later page that fails: the records read before were not output, and the seller reads that in plain words', async () => {
			proxy.add({
				method: 'GET',
				path: /^\/v2\/order-units\?.*offset=100\b/,
				times: 10,
				action: (_request, response) => {
					response.writeHead(500, { 'Content-Type': 'application/json' });
					response.end(JSON.stringify({ type: '/problems/server-error', message: 'Internal error', errors: [] }));
				},
			});
			const result = await runSellerNodeV2(viaProxy(), {
				parameters: {
					resource: 'orderUnit',
					operation: 'getMany',
					returnAll: true,
					storefront: 'all',
					requestOptions: { maxRetries: 1 },
				},
			});

			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(
				'Could not get many order units: the marketplace had a server error (500, after 2 attempts)',
			);
			expect(result.error?.description).toMatch(
				/^The API said: Internal error<br>Problem type: \/problems\/server-error<br>Request: GET \/order-units, answered 500<br>This is usually temporary\. Try again later\.<br>The 100 records read before this failure were not output; the next run reads them all from the start\.$/,
			);
		});

		it('a refund whose answer is lost may or may not have been applied', async () => {
			const unit = units().find((candidate) => candidate.status === 'sent' && candidate._refunds.length === 0)!;
			proxy.add({ method: 'PATCH', path: `/v2/order-units/${unit.id_order_unit}/refund`, action: 'loseAnswer' });
			const result = await runSellerNodeV2(viaProxy(), {
				parameters: {
					resource: 'orderUnit',
					operation: 'refund',
					orderUnitId: byId(unit.id_order_unit),
					amount: 300,
					reason: 'delivery_delay',
				},
			});

			expect(unit._refunds.map((refund) => refund.amount)).toEqual([300]);
			expect(result.error?.message).toBe(
				`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the connection was reset`,
			);
			expect(result.error?.description).toContain(
				`Before running it again, check: the refunds of order unit ${unit.id_order_unit} in the Seller Portal`,
			);
		});
	});

	it('with Continue on Fail, the error item keeps the plain lines of the description', async () => {
		const result = await v2.run(
			{ resource: 'order', operation: 'get', orderId: byId('NOSUCH1') },
			{ continueOnFail: true },
		);

		expect(result.items.map((item) => item.json)).toEqual([
			{
				error: 'Could not get order NOSUCH1: it was not found',
				errorDetails: [
					'The API said: Order NOSUCH1 not found',
					'Problem type: /problems/not-found',
					'Check the ID: it may belong to another seller account, or have been deleted.',
					'Request: GET /orders/NOSUCH1, answered 404',
				].join('\n'),
			},
		]);
	});
});

describe('a reason from the marketplace that holds a secret', () => {
	it('is redacted in the headline and the description, and its markup is shown as text', async () => {
		const secretKey = 'd4'.repeat(32);
		const server = await startRecordingServer(secretKey, V2_RECORDING);
		try {
			const credentials = {
				clientKey: 'e5'.repeat(16),
				secretKey,
				baseUrl: server.baseUrl,
				storefront: 'de',
				userAgent: DEFAULT_USER_AGENT,
			};
			server.respondWith((_request, response) => {
				response.writeHead(403, { 'Content-Type': 'application/json' });
				response.end(
					JSON.stringify({
						type: '/problems/forbidden',
						message: `Order unit 77 is <b>locked</b> for key ${secretKey}`,
						errors: [],
					}),
				);
			});
			const result = await runSellerNodeV2(credentials, {
				parameters: { resource: 'orderUnit', operation: 'cancel', orderUnitId: byId(77), reason: 'NoInventory' },
			});

			expect(result.error?.message).toBe('Could not cancel order unit 77: it is <b>locked</b> for key [redacted]');
			expect(result.error?.description).toBe(
				'The API said: Order unit 77 is &lt;b&gt;locked&lt;/b&gt; for key [redacted]<br>Problem type: /problems/forbidden<br>Request: PATCH /order-units/77/cancel, answered 403',
			);
		} finally {
			await server.close();
		}
	});
});
