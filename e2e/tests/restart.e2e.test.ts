/**
 * A published trigger through n8n restarts, in a second n8n of its own (own user folder and port, same
 * sandbox): the subscription made at the first start is found again at the next one (node static data
 * and the marketplace's list), not duplicated, and events keep arriving; and a burst of notifications,
 * n8n stopped right after the last answer and everything delivered again, runs each event exactly once.
 */
import { createHmac } from 'crypto';
import { mkdirSync } from 'fs';
import { join } from 'path';

import type { Subscription } from '../../sandbox/core/types';
import { N8n, nodeItems, sleep } from '../lib/n8n';
import { installTarball } from '../lib/package';
import { runtimePaths } from '../lib/runtime';
import { CREDENTIAL_TYPE, EXAMPLE_CREDENTIAL, sandboxCredential, TRIGGER_TYPE } from '../lib/workflows';
import { connect } from '../setup/state';

const { state, sandbox } = connect();
const WORKFLOW_ID = 'e2eRestartTrig01';
const WEBHOOK_ID = '7a1f0000-0000-4000-8000-00000000e2e2';
const BURST_WORKFLOW_ID = 'e2eRestartBurst1';
const BURST_WEBHOOK_ID = '7a1f0000-0000-4000-8000-00000000e2e3';
const BURST_TRIGGER = 'Category events (burst)';

const userFolder = join(state.userFolder, 'restart-instance');
const second = new N8n({ runtime: runtimePaths(state.runtimeDir), userFolder, owner: state.owner });

async function subscriptionsFor(url: string): Promise<Subscription[]> {
	return (await sandbox.state<Subscription>('subscriptions')).filter((s) => s.callback_url === url);
}

beforeAll(async () => {
	mkdirSync(userFolder, { recursive: true });
	await installTarball(userFolder, state.tarball);
	await second.importCredentials([sandboxCredential(state.sandbox)]);
	await second.importWorkflows([
		{
			id: WORKFLOW_ID,
			name: 'e2e: trigger through restarts',
			nodes: [
				{
					id: '7a1f0000-0000-4000-8000-0000000000b1',
					name: 'Category events',
					type: TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 0],
					webhookId: WEBHOOK_ID,
					parameters: { events: ['category_changed'], fallbackEmail: 'seller@example.com', options: {} },
					credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
				},
			],
			connections: {},
		},
		{
			id: BURST_WORKFLOW_ID,
			name: 'e2e: a burst through a restart',
			nodes: [
				{
					id: '7a1f0000-0000-4000-8000-0000000000b2',
					name: BURST_TRIGGER,
					type: TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 0],
					webhookId: BURST_WEBHOOK_ID,
					parameters: { events: ['category_changed'], fallbackEmail: 'seller@example.com', options: {} },
					credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
				},
			],
			connections: {},
		},
	]);
	await second.publish(WORKFLOW_ID);
	await second.publish(BURST_WORKFLOW_ID);
});

afterAll(async () => {
	await second.stop();
});

test('a published trigger keeps one subscription through a restart and still receives events', async () => {
	await second.start({ published: [WORKFLOW_ID, BURST_WORKFLOW_ID] });
	const callbackUrl = second.webhookUrl(`${WEBHOOK_ID}/webhook`);
	const first = await subscriptionsFor(callbackUrl);
	expect(first.map((s) => [s.event_name, s.is_active])).toEqual([['category_changed', true]]);

	await second.stop();
	const mark = await sandbox.lastSeq();
	await second.start({ published: [WORKFLOW_ID, BURST_WORKFLOW_ID] });
	const after = await subscriptionsFor(callbackUrl);
	expect(after.map((s) => s.id_subscription)).toEqual(first.map((s) => s.id_subscription));
	const creates = (await sandbox.requestsSince(mark)).filter(
		(r) => r.method === 'POST' && r.path === '/subscriptions/',
	);
	expect(creates).toEqual([]);

	const afterId = await second.lastExecutionId();
	await sandbox.emitEvent('category_changed', '/categories/21/');
	const [execution] = await second.waitForExecutions(WORKFLOW_ID, { afterId });
	expect(nodeItems(execution.runData, 'Category events')[0]).toMatchObject({
		event_name: 'category_changed',
		id_category: 21,
	});

	await second.deactivate(WORKFLOW_ID);
	expect(await subscriptionsFor(callbackUrl)).toEqual([]);
});

/** A category_changed notification signed as the sandbox signs them (the v1 hypothesis), ready to be sent again. */
function signedNotification(callbackUrl: string, idMessage: string): { body: string; headers: Record<string, string> } {
	const body = JSON.stringify({
		event_name: 'category_changed',
		resource: '/categories/21/',
		id_message: idMessage,
		payload: '[]',
	});
	const timestamp = String(Math.floor(Date.now() / 1000));
	const signature = createHmac('sha256', state.sandbox.secretKey)
		.update(`POST\n${callbackUrl}\n${body}\n${timestamp}`)
		.digest('hex');
	return {
		body,
		headers: { 'content-type': 'application/json', 'hm-timestamp': timestamp, 'hm-signature': signature },
	};
}

/**
 * Delivers as the marketplace does: again while the answer is not 200 (n8n answers 503 "Database is not ready"
 * when its database check lags under load); the answer that ended it.
 */
async function deliver(
	callbackUrl: string,
	notification: { body: string; headers: Record<string, string> },
): Promise<{ status: number; body: string; attempts: number }> {
	for (let attempts = 1; ; attempts++) {
		const response = await fetch(callbackUrl, {
			method: 'POST',
			headers: notification.headers,
			body: notification.body,
		});
		const answer = { status: response.status, body: await response.text(), attempts };
		if (answer.status === 200 || attempts === 20) return answer;
		await sleep(500);
	}
}

/** Delivers all of them, `parallel` at a time, in order of their index. */
async function deliverAll(
	callbackUrl: string,
	notifications: Array<{ body: string; headers: Record<string, string> }>,
	parallel = 25,
) {
	const answers: Array<{ status: number; body: string; attempts: number }> = [];
	let next = 0;
	const lane = async () => {
		while (next < notifications.length) {
			const index = next++;
			answers[index] = await deliver(callbackUrl, notifications[index]);
		}
	};
	await Promise.all(Array.from({ length: parallel }, lane));
	return answers;
}

// Issue 23: the delivery log was saved in the background, so after a burst of 150 and a restart, 8-14 of the
// last 20 delivered again ran again.
test('a burst, n8n restarted right after its last answer, everything delivered again: each event runs exactly once', async () => {
	if (!second.running) await second.start({ published: [BURST_WORKFLOW_ID] });
	const callbackUrl = second.webhookUrl(`${BURST_WEBHOOK_ID}/webhook`);
	const afterId = await second.lastExecutionId();
	const burst = Array.from({ length: 150 }, (_, i) => signedNotification(callbackUrl, `burst-${i}`));

	const answers = await deliverAll(callbackUrl, burst);
	expect(answers.map((answer) => answer.status)).toEqual(Array(150).fill(200));
	await second.stop();

	await second.start({ published: [BURST_WORKFLOW_ID] });
	const again = await deliverAll(callbackUrl, burst);
	expect(again.map((answer) => answer.status)).toEqual(Array(150).fill(200));
	expect(again.filter((answer) => !/was already received/.test(answer.body)).map((answer) => answer.body)).toEqual([]);

	// n8n answers before it has run them all: executions the stop cut short are marked crashed, but started
	// (their start items tell which event; a finished execution has its trigger's output instead)
	const executions = await second.waitForExecutions(BURST_WORKFLOW_ID, { afterId, count: 150, timeoutMs: 150 * 2000 });
	const ran = executions.map((execution) =>
		String((nodeItems(execution.runData, BURST_TRIGGER)[0] ?? execution.startItems[0])?.id_message),
	);
	expect(ran.sort()).toEqual(burst.map((_, i) => `burst-${i}`).sort());
	expect(
		executions.map((execution) => execution.status).filter((status) => !['success', 'crashed'].includes(status)),
	).toEqual([]);
});
