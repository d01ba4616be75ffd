/**
 * The trigger's lifecycle in the real n8n, published and unpublished as the editor does it (REST):
 * publish → subscribed and verified → event → execution → unpublish → subscriptions deleted.
 */
import { createHmac } from 'crypto';

import type { Subscription } from '../../sandbox/core/types';
import { nodeItems, sleep } from '../lib/n8n';
import { connect } from '../setup/state';
import { LIFECYCLE } from '../workflows';

const { n8n, sandbox, state } = connect();
const callbackUrl = n8n.webhookUrl(`${LIFECYCLE.webhookId}/webhook`);
const EVENTS = ['return_new', 'return_status_changed'];

async function subscriptionsForCallback(): Promise<Subscription[]> {
	return (await sandbox.state<Subscription>('subscriptions')).filter((s) => s.callback_url === callbackUrl);
}

let subscribed: Subscription[] = [];

test('publishing subscribes each selected event, after the marketplace verified the callback', async () => {
	const mark = await sandbox.lastSeq();
	const deliveriesBefore = (await sandbox.deliveries()).length;
	await n8n.activate(LIFECYCLE.workflowId);

	subscribed = await subscriptionsForCallback();
	expect(subscribed.map((s) => s.event_name).sort()).toEqual(EVENTS);
	expect(subscribed.every((s) => s.is_active && s.fallback_email === 'seller@example.com')).toBe(true);

	const creates = (await sandbox.requestsSince(mark)).filter(
		(r) => r.method === 'POST' && r.path === '/subscriptions/',
	);
	expect(creates.map((r) => [r.status, r.signatureValid])).toEqual(EVENTS.map(() => [201, true]));
	expect(creates.map((r) => (r.json as { callback_url: string }).callback_url)).toEqual(EVENTS.map(() => callbackUrl));

	const verifications = (await sandbox.deliveries()).slice(deliveriesBefore).filter((d) => d.kind === 'verification');
	expect(verifications.length).toBe(EVENTS.length);
	expect(
		verifications.every(
			(d) => d.ok && d.status === 200 && d.url.startsWith(`${callbackUrl}?mode=subscribe&challenge=`),
		),
	).toBe(true);
});

test('an event starts an execution carrying the notification and the fetched return', async () => {
	const afterId = await n8n.lastExecutionId();
	await sandbox.emitEvent('return_new', '/returns/2/');
	const [execution] = await n8n.waitForExecutions(LIFECYCLE.workflowId, { afterId });
	expect(execution.mode).toBe('webhook');
	expect(execution.status).toBe('success');
	const [item] = nodeItems(execution.runData, LIFECYCLE.triggerName);
	expect(item).toMatchObject({ event_name: 'return_new', resource: '/returns/2/', id_return: 2 });
	expect((item.data as { id_return: number }).id_return).toBe(2);
	expect(typeof item.id_message).toBe('string');

	const delivery = (await sandbox.deliveries()).filter((d) => d.kind === 'event' && d.url === callbackUrl).pop();
	expect(delivery).toMatchObject({ event_name: 'return_new', ok: true, status: 200, attempt: 1 });
	expect(JSON.parse(delivery!.requestBody).id_message).toBe(item.id_message);
});

test('a notification with a wrong signature is refused (401) and starts nothing', async () => {
	const afterId = await n8n.lastExecutionId();
	const body = JSON.stringify({
		event_name: 'return_new',
		resource: '/returns/1/',
		id_message: 'forged-1',
		payload: '[]',
	});
	const timestamp = String(Math.floor(Date.now() / 1000));
	const wrong = createHmac('sha256', 'not-the-secret')
		.update(`POST\n${callbackUrl}\n${body}\n${timestamp}`)
		.digest('hex');
	const response = await fetch(callbackUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'hm-timestamp': timestamp, 'hm-signature': wrong },
		body,
	});
	expect(response.status).toBe(401);
	await sleep(1000);
	expect(await n8n.executions({ afterId, workflowId: LIFECYCLE.workflowId })).toEqual([]);

	// the same notification signed with the secret key (the signature hypothesis) is accepted
	const right = createHmac('sha256', state.sandbox.secretKey)
		.update(`POST\n${callbackUrl}\n${body}\n${timestamp}`)
		.digest('hex');
	const accepted = await fetch(callbackUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'hm-timestamp': timestamp, 'hm-signature': right },
		body,
	});
	expect(accepted.status).toBe(200);
	const [execution] = await n8n.waitForExecutions(LIFECYCLE.workflowId, { afterId });
	expect(nodeItems(execution.runData, LIFECYCLE.triggerName)[0]).toMatchObject({
		id_message: 'forged-1',
		id_return: 1,
	});
});

test('unpublishing deletes the subscriptions; later events reach nothing', async () => {
	expect(subscribed.length).toBe(EVENTS.length);
	const mark = await sandbox.lastSeq();
	await n8n.deactivate(LIFECYCLE.workflowId);

	expect(await subscriptionsForCallback()).toEqual([]);
	const deletes = (await sandbox.requestsSince(mark)).filter(
		(r) => r.method === 'DELETE' && r.path.startsWith('/subscriptions/'),
	);
	expect(deletes.map((r) => r.path).sort()).toEqual(
		subscribed.map((s) => `/subscriptions/${s.id_subscription}/`).sort(),
	);
	expect(deletes.every((r) => r.status === 204 && r.signatureValid)).toBe(true);

	const afterId = await n8n.lastExecutionId();
	const deliveriesBefore = (await sandbox.deliveries()).length;
	await sandbox.emitEvent('return_new', '/returns/3/');
	await sandbox.flush();
	expect((await sandbox.deliveries()).slice(deliveriesBefore).filter((d) => d.url === callbackUrl)).toEqual([]);
	expect(await n8n.executions({ afterId, workflowId: LIFECYCLE.workflowId })).toEqual([]);
});
