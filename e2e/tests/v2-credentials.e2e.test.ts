/**
 * API v2 credentials in the real n8n: the editor's credential test through n8n's REST API, and a workflow run
 * with a wrong key: what the sandbox received, and the words n8n shows the seller.
 */
import type { RequestLogEntry } from '../../sandbox/core/types';
import { connect } from '../setup/state';
import { BAD_V2_CREDENTIAL, V2_BAD_KEY_WORKFLOW_ID, V2_CREDENTIAL, V2_USER_AGENT } from '../workflows-v2';

const { n8n, sandbox } = connect();

async function v2PingsSince(mark: number): Promise<RequestLogEntry[]> {
	return (await sandbox.requestsSince(mark)).filter(
		(r) => r.api === 'v2' && r.method === 'GET' && r.path === '/status/ping',
	);
}

test('good keys: "Connection successful" after a correctly signed v2 ping', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.testCredential(V2_CREDENTIAL.id);
	expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
	const pings = await v2PingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	const { clientKey, secretKey } = await sandbox.info();
	for (const ping of pings) {
		expect({ signatureValid: ping.signatureValid, status: ping.status }).toEqual({ signatureValid: true, status: 200 });
		expect(ping.headers).toMatchObject({
			'shop-client-key': clientKey,
			'user-agent': V2_USER_AGENT,
			'shop-signature': expect.stringMatching(/^[0-9a-f]{64}$/),
		});
		expect(Math.abs(Number(ping.headers['shop-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
		expect(JSON.stringify(ping)).not.toContain(secretKey);
	}
});

test('a stored wrong secret key fails the test, saying the Secret Key is wrong', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.testCredential(BAD_V2_CREDENTIAL.id);
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/^The Client Key is known, but the signature does not match: the Secret Key/);
	expect(result.message).not.toContain('y'.repeat(64));
	const pings = await v2PingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	expect(pings.map((p) => [p.status, p.signatureValid])).toEqual(pings.map(() => [401, false]));
});

test('an unknown client key typed into the form fails the test, saying the marketplace does not know it', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.testCredential(V2_CREDENTIAL.id, { clientKey: 'c'.repeat(32) });
	expect(result).toEqual({
		status: 'Error',
		message: expect.stringMatching(/^The marketplace does not know this Client Key/),
	});
	const pings = await v2PingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	expect(pings.every((p) => p.status === 401 && p.headers['shop-client-key'] === 'c'.repeat(32))).toBe(true);
	// the stored credential is untouched
	expect((await n8n.testCredential(V2_CREDENTIAL.id)).status).toBe('OK');
});

test('a v2 workflow run with a wrong secret key fails in its node with words about the keys', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.execute(V2_BAD_KEY_WORKFLOW_ID);
	expect(result.code).not.toBe(0);
	expect(result.run?.status).toBe('error');
	const error = result.run?.data.resultData.error;
	expect(error?.node?.name ?? result.run?.data.resultData.lastNodeExecuted).toBe('Ping');
	expect(error?.message).toBe(
		'Could not ping the API: the Secret Key (or Partner Secret Key) is wrong, so the signature does not match',
	);
	expect(error?.description).toContain('the Secret Key (or Partner Secret Key) is wrong');
	expect(result.output).not.toContain('y'.repeat(64));
	const pings = await v2PingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	expect(pings.every((p) => p.status === 401 && !p.signatureValid)).toBe(true);
});
