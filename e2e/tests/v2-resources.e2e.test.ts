/**
 * One workflow per API v2 resource of the action node (typeVersion 2, credential sellerMarketplaceV2Api), each
 * run by `n8n execute` in the real n8n against the sandbox's /v2: the signed requests it received and the output.
 */
import type { OrderUnit } from '../../sandbox/core/types';
import { nodeItems } from '../lib/n8n';
import { connect } from '../setup/state';
import { RESOURCE_CASES } from '../workflows';
import { pathId, V2_RESOURCE_CASES, V2_TRACKING, V2_USER_AGENT, v2RequestMatches } from '../workflows-v2';

const { n8n, sandbox } = connect();

describe.each(V2_RESOURCE_CASES.map((c) => [c.title, c] as const))('v2 %s', (_title, c) => {
	test('runs in n8n; every request it needs reached the sandbox signed, and the output is right', async () => {
		const mark = await sandbox.lastSeq();
		const result = await n8n.execute(c.workflowId);
		const error = result.run?.data.resultData.error;
		if (result.code !== 0 || result.run?.status !== 'success') {
			throw new Error(
				`n8n execute failed (${result.exit}): ${error ? `${error.message} ${error.description ?? ''}` : result.output.slice(-2000)}`,
			);
		}
		const requests = (await sandbox.requestsSince(mark)).filter((r) => r.api === 'v2');
		const { clientKey, secretKey } = await sandbox.info();
		for (const expected of c.requests) {
			const matching = requests.filter((r) => v2RequestMatches(r, expected));
			expect({ request: `${expected.method} ${expected.path}`, count: matching.length }).toEqual({
				request: `${expected.method} ${expected.path}`,
				count: 1,
			});
			const [request] = matching;
			expect({ signatureValid: request.signatureValid, ok: request.status >= 200 && request.status < 300 }).toEqual({
				signatureValid: true,
				ok: true,
			});
			expect(request.headers).toMatchObject({ 'shop-client-key': clientKey, 'user-agent': V2_USER_AGENT });
			if (expected.query) expect(request.query).toMatchObject(expected.query);
			if (expected.json !== undefined) expect(JSON.parse(request.body)).toEqual(expected.json);
		}
		expect(requests.filter((r) => !c.requests.some((e) => v2RequestMatches(r, e)))).toEqual([]);
		expect(JSON.stringify(requests)).not.toContain(secretKey);
		c.expectItems(nodeItems(result.run.data.resultData.runData, c.nodeName), requests);
		expect(result.output).not.toContain(secretKey);
	});
});

test('v2 Order Units: the unit sent by the workflow is sent in the sandbox, with carrier and tracking', async () => {
	const unitCase = V2_RESOURCE_CASES.find((c) => c.workflowId === 'e2eV2OrderUnit01')!;
	const mark = await sandbox.lastSeq();
	const result = await n8n.execute(unitCase.workflowId);
	expect(result.run?.status).toBe('success');
	const sent = Number(pathId(await sandbox.requestsSince(mark), 'PATCH', /^\/order-units\/(\d+)\/send$/));
	const unit = (await sandbox.state<OrderUnit>('orderUnits')).find((u) => u.id_order_unit === sent);
	expect({ status: unit?.status, shipment: unit?._shipment }).toEqual({
		status: 'sent',
		shipment: expect.objectContaining({ carrier_code: 'DHL', tracking_number: V2_TRACKING }),
	});
});

test('a version-1 workflow still runs beside them: node typeVersion 1, credential sellerMarketplaceApi, API v1', async () => {
	const ping = RESOURCE_CASES.find((c) => c.resource === 'status')!;
	const mark = await sandbox.lastSeq();
	const result = await n8n.execute(ping.workflowId);
	expect(result.run?.status).toBe('success');
	expect(nodeItems(result.run!.data.resultData.runData, ping.nodeName)).toEqual([
		expect.objectContaining({ message: 'pong' }),
	]);
	// Published push triggers check their subscriptions every few minutes (GET /subscriptions): not this run's.
	const requests = (await sandbox.requestsSince(mark)).filter(
		(r) => !(r.method === 'GET' && /^\/subscriptions(\/seller)?\/?$/.test(r.path)),
	);
	expect(
		requests.map((r) => ({
			api: r.api,
			method: r.method,
			path: r.path,
			signatureValid: r.signatureValid,
			status: r.status,
			hmClient: Boolean(r.headers['hm-client']),
		})),
	).toEqual([
		{ api: undefined, method: 'GET', path: '/status/ping/', signatureValid: true, status: 200, hmClient: true },
	]);
});
