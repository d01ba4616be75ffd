/**
 * The trigger through n8n restarts, hours of marketplace retries and a subscription the marketplace
 * disabled, against a time-scaled sandbox (an hour of sandbox time passes in a real second, and
 * `control.advance` jumps further). n8n is played by test/harness/webhook-host.ts; between the sandbox and
 * it sits a small switchable proxy at the public webhook address (what WEBHOOK_URL points at), so n8n can
 * be "down" (connections dropped), "up", or "up but the answer is lost" (the workflow ran, the marketplace
 * saw a failure and retries the same id_message). Every test ends with: no event executed twice.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RETRY_OFFSETS_MS, type Sandbox } from '../../../sandbox';
import { startOutageProxy, type OutageProxy } from '../../harness/outage-proxy';
import { startStrictSandbox } from '../../harness/sandbox';
import { WebhookHost } from '../../harness/webhook-host';
import { budget } from '../../budget';

const EMAIL = 'ops@seller.example';
const WEBHOOK_ID = 'c0ffee00-0000-4000-8000-00000000beef';
const TIME_SCALE = 3600; // one sandbox hour per real second
/** Sandbox seconds from an event's first delivery attempt to a minute past its last retry. */
const PAST_LAST_RETRY_SECONDS = RETRY_OFFSETS_MS[RETRY_OFFSETS_MS.length - 1] / 1000 + 60;

/** n8n's public address: reachable, unreachable, or reachable with every answer to the marketplace lost. */
type ProxyMode = 'up' | 'down' | 'answer-lost';

function setMode(proxy: OutageProxy, mode: ProxyMode): void {
	proxy.down = mode === 'down';
	// n8n ran the workflow, but the marketplace never got the 200
	proxy.loseAnswers = mode === 'answer-lost' ? Infinity : 0;
}

let sandbox: Sandbox;
let proxy: OutageProxy;
const hosts: WebhookHost[] = [];
const figures = { events: 0, deliveries: 0, failedDeliveries: 0, executions: 0, restarts: 0, sandboxHoursSimulated: 0 };

beforeAll(async () => {
	process.env.N8N_LOG_LEVEL ??= 'error';
	sandbox = await startStrictSandbox({ port: 0, timeScale: TIME_SCALE });
	proxy = await startOutageProxy();
});

afterAll(async () => {
	await proxy.close();
	await sandbox.close();
});

beforeEach(() => {
	sandbox.control.reset();
	setMode(proxy, 'up');
	proxy.target = undefined;
});

afterEach(async () => {
	const events = sandbox.control.deliveries().filter((delivery) => delivery.kind === 'event');
	figures.deliveries += events.length;
	figures.failedDeliveries += events.filter((delivery) => !delivery.ok).length;
	while (hosts.length) await hosts.pop()!.close();
});

const parameters: INodeParameters = { events: ['order_new'], fallbackEmail: EMAIL };

/** n8n (re)starting: a new host process serving the same workflow at the same public URL. */
async function startN8n(staticData?: IDataObject): Promise<WebhookHost> {
	const host = await WebhookHost.start({
		credentials: { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl },
		parameters,
		staticData,
		webhookId: WEBHOOK_ID,
		publicBaseUrl: proxy.origin,
	});
	hosts.push(host);
	proxy.target = host;
	return host;
}

/** n8n going away without deactivating anything (a crash or a restart). */
async function stopN8n(host: WebhookHost): Promise<void> {
	proxy.target = undefined;
	hosts.splice(hosts.indexOf(host), 1);
	await host.close();
	figures.restarts++;
}

const eventDeliveries = (idMessage?: string) =>
	sandbox.control
		.deliveries()
		.filter((delivery) => delivery.kind === 'event' && (!idMessage || delivery.id_message === idMessage));
const subscriptionRequests = (method: string) =>
	sandbox.control
		.requests()
		.filter((request) => request.method === method && request.path.startsWith('/subscriptions/'));

/** All executions of all hosts, by id_message: every one must appear once. */
function expectNoEventTwice(...allHosts: WebhookHost[]) {
	const ids = allHosts.flatMap((host) => host.executions.map((execution) => String(execution.items[0].id_message)));
	figures.executions += ids.length;
	expect(ids.length).toBe(new Set(ids).size);
	return ids;
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
	const started = Date.now();
	while (!condition()) {
		if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

/** A new order: the sandbox sends order_new to every active subscription. Returns its id_message once sent. */
async function newOrderEvent(): Promise<{ idOrder: string; idMessage: string }> {
	const before = new Set(eventDeliveries().map((delivery) => delivery.id_message));
	const { order } = await sandbox.control.createOrder();
	figures.events++;
	await sandbox.control.flushNotifications();
	const delivery = eventDeliveries().find(
		(candidate) => !before.has(candidate.id_message) && candidate.resource === `/orders/${order.id_order}/`,
	);
	if (!delivery?.id_message) throw new Error('the sandbox sent no order_new');
	return { idOrder: order.id_order, idMessage: delivery.id_message };
}

describe('n8n restarts', () => {
	it('re-activation with the saved static data adopts the subscription, retried events run once, replays run never', async () => {
		const first = await startN8n();
		await first.activate();
		expect(subscriptionRequests('POST')).toHaveLength(1);
		const [subscription] = sandbox.control.db.subscriptions;
		expect(subscription).toMatchObject({
			callback_url: `${proxy.origin}/webhook/${WEBHOOK_ID}/webhook`,
			is_active: true,
		});

		const before = await newOrderEvent();
		expect(first.executions.map((execution) => execution.items[0].id_message)).toEqual([before.idMessage]);
		const delivered = eventDeliveries(before.idMessage)[0];

		// n8n goes down; an order arrives meanwhile and its delivery fails
		await stopN8n(first);
		const during = await newOrderEvent();
		expect(eventDeliveries(during.idMessage)).toMatchObject([{ ok: false, attempt: 1 }]);

		// n8n is back: the same workflow, its saved static data, activated again
		sandbox.control.clearRequests();
		const second = await startN8n(first.staticData);
		await second.activate();
		expect(subscriptionRequests('POST')).toEqual([]); // adopted, not subscribed again
		expect(subscriptionRequests('DELETE')).toEqual([]);
		expect(sandbox.control.db.subscriptions).toEqual([subscription]);

		// the marketplace's retry (+1 min) reaches the new process and runs once
		await until(
			() => eventDeliveries(during.idMessage).some((delivery) => delivery.ok),
			'the retry of the missed event',
		);
		expect(second.executions.map((execution) => execution.items[0].id_message)).toEqual([during.idMessage]);

		// a replay of the event the old process already ran (same bytes, same signature) starts nothing
		const replay = await fetch(delivered.url, {
			method: 'POST',
			headers: delivered.requestHeaders,
			body: delivered.requestBody,
		});
		expect(replay.status).toBe(200);
		expect(await replay.json()).toEqual({
			received: true,
			ignored: `id_message ${before.idMessage} was already received`,
		});

		const after = await newOrderEvent();
		expect(expectNoEventTwice(first, second)).toEqual([before.idMessage, during.idMessage, after.idMessage]);
	});

	it('after a restart that lost the static data, activation still adopts instead of subscribing twice', async () => {
		const first = await startN8n();
		await first.activate();
		await stopN8n(first);
		sandbox.control.clearRequests();

		const second = await startN8n({});
		await second.activate();
		expect(subscriptionRequests('POST')).toEqual([]);
		expect(sandbox.control.db.subscriptions).toHaveLength(1);
		const event = await newOrderEvent();
		expect(second.executions.map((execution) => execution.items[0].id_message)).toEqual([event.idMessage]);
		expectNoEventTwice(first, second);
	});
});

describe('the marketplace retries for hours', () => {
	it('n8n down for hours: failed attempts on the published schedule, then the retry after recovery runs exactly once', async () => {
		const host = await startN8n();
		await host.activate();
		setMode(proxy, 'down');
		const { idMessage } = await newOrderEvent();

		// about four sandbox hours of failures (+1, +15, +30 min, then hourly)
		await until(() => eventDeliveries(idMessage).length >= 6, 'six failed attempts');
		figures.sandboxHoursSimulated += 4;
		expect(eventDeliveries(idMessage).every((delivery) => !delivery.ok)).toBe(true);
		expect(host.executions).toEqual([]);

		setMode(proxy, 'up');
		await until(() => eventDeliveries(idMessage).some((delivery) => delivery.ok), 'the first retry after recovery');
		const attempts = eventDeliveries(idMessage);
		// the sandbox's schedule: retries after 1, 15 and 30 minutes, then hourly
		const gapsMinutes = attempts
			.slice(1)
			.map((delivery, index) => Math.round((delivery.scheduledAtMs - attempts[index].scheduledAtMs) / 60_000));
		expect(gapsMinutes.slice(0, 5)).toEqual([1, 15, 30, 60, 60]);
		expect(attempts.at(-1)).toMatchObject({ ok: true, status: 200 });
		expect(attempts.slice(0, -1).every((delivery) => !delivery.ok)).toBe(true);

		// two more sandbox hours: nothing is sent again, nothing runs again
		await sandbox.control.advance(2 * 3600);
		figures.sandboxHoursSimulated += 2;
		expect(eventDeliveries(idMessage)).toHaveLength(attempts.length);
		expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual([idMessage]);
		expectNoEventTwice(host);
	});

	it('the workflow ran but the answer was lost: every retry of the same id_message is acknowledged and starts nothing', async () => {
		const host = await startN8n();
		await host.activate();
		setMode(proxy, 'answer-lost');
		const { idMessage } = await newOrderEvent();
		expect(host.executions).toHaveLength(1);

		await until(() => eventDeliveries(idMessage).length >= 4, 'three retries of the delivered event');
		figures.sandboxHoursSimulated += 1;
		setMode(proxy, 'up');
		await until(() => eventDeliveries(idMessage).some((delivery) => delivery.ok), 'an acknowledged retry');

		const calls = host.calls.filter((call) => call.method === 'POST');
		expect(calls.length).toBeGreaterThanOrEqual(5);
		expect(calls.filter((call) => call.executed)).toHaveLength(1);
		for (const call of calls.slice(1))
			expect(JSON.parse(call.responseBody)).toEqual({
				received: true,
				ignored: `id_message ${idMessage} was already received`,
			});
		expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual([idMessage]);
		expectNoEventTwice(host);
	});
});

describe('the marketplace disabled the subscription', () => {
	it(
		'after more than 12 h of failures: mail to the fallback address; re-activation switches it back on, later events run once',
		async () => {
			const first = await startN8n();
			await first.activate();
			const [subscription] = sandbox.control.db.subscriptions;
			setMode(proxy, 'down');
			const { idMessage: lost } = await newOrderEvent();

			// jump past the last retry, the first one more than 12 h after the first attempt
			await sandbox.control.advance(PAST_LAST_RETRY_SECONDS);
			await sandbox.control.flushNotifications();
			figures.sandboxHoursSimulated += PAST_LAST_RETRY_SECONDS / 3600;
			expect(eventDeliveries(lost).every((delivery) => !delivery.ok)).toBe(true);
			expect(eventDeliveries(lost).length).toBeGreaterThanOrEqual(14);
			expect(sandbox.control.db.subscriptions[0]).toMatchObject({
				id_subscription: subscription.id_subscription,
				is_active: false,
			});
			const mails = sandbox.control.outbox();
			expect(mails).toHaveLength(1);
			expect(mails[0]).toMatchObject({ to: EMAIL, id_subscription: subscription.id_subscription });

			// events while disabled are not sent at all
			await sandbox.control.createOrder();
			await sandbox.control.flushNotifications();
			expect(eventDeliveries()).toHaveLength(eventDeliveries(lost).length);

			// n8n comes back (restart with its saved static data) and activates the workflow again
			await stopN8n(first);
			setMode(proxy, 'up');
			sandbox.control.clearRequests();
			const second = await startN8n(first.staticData);
			await second.activate();

			const patches = subscriptionRequests('PATCH');
			expect(patches.map((request) => [request.path, request.json, request.status])).toEqual([
				[
					`/subscriptions/${subscription.id_subscription}/`,
					{ callback_url: subscription.callback_url, fallback_email: EMAIL, event_name: 'order_new', is_active: true },
					expect.any(Number),
				],
			]);
			expect(patches[0].status).toBeLessThan(300);
			expect(subscriptionRequests('POST')).toEqual([]);
			expect(sandbox.control.db.subscriptions).toEqual([{ ...subscription, is_active: true }]);
			// the marketplace verified the callback again before switching it on
			expect(
				sandbox.control
					.deliveries()
					.filter((delivery) => delivery.kind === 'verification')
					.at(-1),
			).toMatchObject({ ok: true });

			const one = await newOrderEvent();
			const two = await newOrderEvent();
			expect(second.executions.map((execution) => execution.items[0].id_message)).toEqual([
				one.idMessage,
				two.idMessage,
			]);
			await sandbox.control.advance(3600);
			expect(expectNoEventTwice(first, second)).toEqual([one.idMessage, two.idMessage]);
		},
		budget(60_000),
	);

	it(
		're-activation by the user (deactivate, activate) repairs it the same way',
		async () => {
			const host = await startN8n();
			await host.activate();
			setMode(proxy, 'down');
			await newOrderEvent();
			await sandbox.control.advance(PAST_LAST_RETRY_SECONDS);
			await sandbox.control.flushNotifications();
			figures.sandboxHoursSimulated += PAST_LAST_RETRY_SECONDS / 3600;
			expect(sandbox.control.db.subscriptions.every((subscription) => !subscription.is_active)).toBe(true);

			setMode(proxy, 'up');
			await host.deactivate();
			await host.activate();
			expect(sandbox.control.db.subscriptions).toEqual([
				expect.objectContaining({ callback_url: host.url(), is_active: true }),
			]);
			const event = await newOrderEvent();
			expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual([event.idMessage]);
			expectNoEventTwice(host);
		},
		budget(60_000),
	);
});

it('reports the figures (for the issue note)', () => {
	console.log(`trigger resilience figures: ${JSON.stringify(figures)}`);
	expect(figures.failedDeliveries).toBeGreaterThan(20);
});
