/**
 * The credential test of n8n's editor ("Test" on a saved credential), done through n8n's own REST API,
 * and a workflow run with a wrong key: what the sandbox received, and what n8n reports.
 */
import { EXAMPLE_CREDENTIAL } from '../lib/workflows';
import { connect } from '../setup/state';
import { BAD_CREDENTIAL, BAD_KEY_WORKFLOW_ID } from '../workflows';

const { n8n, sandbox } = connect();

async function pingsSince(mark: number) {
	return (await sandbox.requestsSince(mark)).filter((r) => r.method === 'GET' && r.path === '/status/ping/');
}

test('good keys: n8n reports "Connection successful" after a correctly signed ping', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.testCredential(EXAMPLE_CREDENTIAL.id);
	expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
	const pings = await pingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	expect(pings.every((p) => p.signatureValid && p.status === 200)).toBe(true);
	expect(pings[0].headers['hm-client']).toBe((await sandbox.info()).clientKey);
});

test('a stored credential with a wrong secret key fails the test, and the sandbox refused its signature', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.testCredential(BAD_CREDENTIAL.id);
	expect(result.status).toBe('Error');
	expect(result.message).toBe(
		"The marketplace did not accept the request signature. Check that the Client Key and Secret Key are copied exactly from the seller account's API settings, and that the clock of the machine running n8n is right: every request is signed with the current time.",
	);
	const pings = await pingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	expect(pings.every((p) => !p.signatureValid && p.status === 401)).toBe(true);
});

test('a wrong client key typed into the form fails the test, the stored secret is not overwritten', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.testCredential(EXAMPLE_CREDENTIAL.id, { clientKey: 'b'.repeat(32) });
	expect(result.status).toBe('Error');
	const pings = await pingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	expect(pings.every((p) => p.status === 401 && p.headers['hm-client'] === 'b'.repeat(32))).toBe(true);
	// the stored credential still works
	expect((await n8n.testCredential(EXAMPLE_CREDENTIAL.id)).status).toBe('OK');
});

test('a workflow run with a wrong secret key fails with an authorization error, not a crash', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.execute(BAD_KEY_WORKFLOW_ID);
	expect(result.code).not.toBe(0);
	expect(result.run?.status).toBe('error');
	const error = result.run?.data.resultData.error;
	expect(error?.node?.name ?? result.run?.data.resultData.lastNodeExecuted).toBe('Ping');
	expect(error?.message).toBe(
		'Could not check the connection: the marketplace did not accept the signature (check the Client Key, the Secret Key and the clock of the machine running n8n)',
	);
	const pings = await pingsSince(mark);
	expect(pings.length).toBeGreaterThanOrEqual(1);
	expect(pings.every((p) => p.status === 401 && !p.signatureValid)).toBe(true);
});
