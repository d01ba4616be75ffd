/**
 * The package in n8n's queue mode (`npm run test:queue`): Redis and PostgreSQL from scripts/queue-mode/,
 * a main process, two webhook processors behind one URL (a loopback round-robin proxy) and two workers.
 * The example workflow "new order → read it → mark units sent" goes through its whole life there:
 * published in the editor (the main process subscribes; the marketplace verifies the callback through a
 * webhook processor) → a signed notification reaches a webhook processor → a worker runs the workflow,
 * Code node included → unpublished, the subscriptions are gone.
 * Repeated deliveries, as README "Large sellers" states them: a retry that reaches the webhook processor of
 * the first delivery starts nothing; for one that reaches the other processor the trigger relies on its
 * delivery log in the workflow's static data (written within about a second, so not guaranteed), and a
 * Postgres node that enters the id_message into a table keyed by it makes sure the work runs once.
 */
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { ExecutionRecord, nodeItems, sleep, WorkflowFile } from '../lib/n8n';
import { buildAndPack } from '../lib/package';
import {
	createRunDatabase,
	dropRunDatabase,
	QueueCluster,
	QueueServices,
	runSql,
	startQueueServices,
	stopQueueServices,
} from '../lib/queue-mode';
import { ensureRuntime, REPO_ROOT, Runtime } from '../lib/runtime';
import {
	chain,
	CREDENTIAL_TYPE,
	DELIVERIES_TABLE_SQL,
	EXAMPLE_CREDENTIAL,
	loadExamples,
	postgresCredential,
	rememberDeliveryNode,
	sandboxCredential,
	TRIGGER_TYPE,
} from '../lib/workflows';
import { budget } from '../../test/budget';

const WORKFLOW_ID = 'exOrderNewShip01';
const WEBHOOK_PATH = '5e11e400-0de4-4c1e-9a5e-00000000a001/webhook';
const DATABASE = 'n8n_e2e_queue';
const DEDUPE_WORKFLOW_ID = 'e2eQueueDedupe01';
const DEDUPE_EVENT = 'return_new';
const WORK_NODE = 'Handle the return';

/** trigger (return_new) → n8n's Postgres node entering the id_message (README "Large sellers") → the seller's work */
function dedupeWorkflow(): WorkflowFile {
	return chain(DEDUPE_WORKFLOW_ID, 'e2e: returns, each notification handled once', [
		{
			id: '7a1f0000-0000-4000-8000-00000000e3a2',
			name: 'Return events',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: '7a1f0000-0000-4000-8000-00000000e3a1',
			parameters: { events: [DEDUPE_EVENT], fallbackEmail: 'seller@example.com', options: {} },
			credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
		},
		rememberDeliveryNode('Remember the delivery'),
		{
			id: '7a1f0000-0000-4000-8000-00000000e3a3',
			name: WORK_NODE,
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	]);
}
const log = (line: string) => process.stderr.write(`[queue-mode] ${line}\n`);

let runtime: Runtime;
let services: QueueServices;
let sandbox: Sandbox;
let cluster: QueueCluster;

// The proxy's behaviour, set by the tests: where a retry goes (the processor of the first delivery, or the
// other one), and whether the answer of the next notification is lost on purpose.
const firstUpstream = new Map<string, number>();
let retryTo: 'same' | 'other' = 'other';
let loseNextNotificationAnswer = false;

beforeAll(async () => {
	const started = Date.now();
	runtime = await ensureRuntime((line) => log(line));
	services = await startQueueServices(log);
	const database = await createRunDatabase(runtime, services, DATABASE);
	// sandbox time runs ten times faster: the marketplace's first retry (+1 minute) comes after 6 s
	sandbox = await startSandbox({ host: '127.0.0.1', port: 0, timeScale: 10 });
	const { tarball } = await buildAndPack(join(REPO_ROOT, '.e2e', 'pack'));
	cluster = await QueueCluster.create({
		runtime,
		tarball,
		folder: join(REPO_ROOT, '.e2e', 'runs', 'queue-mode'),
		services,
		database,
		runId: `e2e-${Date.now().toString(36)}`,
		proxy: {
			route: (exchange) => {
				const first = exchange.idMessage === undefined ? undefined : firstUpstream.get(exchange.idMessage);
				if (first !== undefined) return retryTo === 'same' ? first : (first + 1) % 2;
				const upstream = exchange.seq % 2;
				if (exchange.idMessage !== undefined) firstUpstream.set(exchange.idMessage, upstream);
				return upstream;
			},
			loseAnswer: (exchange) => {
				if (exchange.method !== 'POST' || !loseNextNotificationAnswer) return false;
				loseNextNotificationAnswer = false;
				return true;
			},
		},
	});
	const example = loadExamples().find(({ workflow }) => workflow.id === WORKFLOW_ID);
	if (!example) throw new Error(`examples/ has no workflow ${WORKFLOW_ID}`);
	await cluster.prepare(
		[sandboxCredential(sandbox), postgresCredential(database)],
		[example.workflow as WorkflowFile, dedupeWorkflow()],
		[DEDUPE_WORKFLOW_ID],
	);
	await runSql(runtime, database, [DELIVERIES_TABLE_SQL]);
	const { ms } = await cluster.start({ published: [DEDUPE_WORKFLOW_ID] });
	log(
		`main, 2 webhook processors and 2 workers ready in ${(ms / 1000).toFixed(1)} s (set-up ${((Date.now() - started) / 1000).toFixed(1)} s)`,
	);
}, budget(600_000));

afterAll(async () => {
	await cluster?.stop();
	await sandbox?.close();
	if (services) {
		await dropRunDatabase(runtime, services, DATABASE).catch((error: Error) =>
			log(`could not drop ${DATABASE}: ${error.message}`),
		);
		await stopQueueServices(services);
	}
}, budget(120_000));

const callbackUrl = () => cluster.webhookUrl(WEBHOOK_PATH);
const subscriptions = () => sandbox.control.db.subscriptions.filter((s) => s.callback_url === callbackUrl());

async function executionsOfOrder(afterId: number, idOrder: string): Promise<ExecutionRecord[]> {
	const all = await cluster.main.executions({ afterId, workflowId: WORKFLOW_ID });
	return all.filter((execution) => nodeItems(execution.runData, 'New order')[0]?.id_order === idOrder);
}

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (ok(value) || Date.now() > deadline) return value;
		await sleep(250);
	}
}

let subscribedIds: number[] = [];

test('publishing in the editor subscribes order_new, verified by the marketplace through a webhook processor', async () => {
	expect(subscriptions()).toEqual([]);
	const mark = sandbox.control.requests().at(-1)?.seq ?? 0;
	await cluster.main.activate(WORKFLOW_ID);

	expect(subscriptions().map((s) => [s.event_name, s.is_active])).toEqual([['order_new', true]]);
	subscribedIds = subscriptions().map((s) => s.id_subscription);
	const creates = sandbox.control
		.requests()
		.filter((r) => r.seq > mark && r.method === 'POST' && r.path === '/subscriptions/');
	expect(creates.map((r) => [r.status, r.signatureValid])).toEqual([[201, true]]);

	const verification = sandbox.control
		.deliveries()
		.filter((d) => d.kind === 'verification' && d.url.startsWith(`${callbackUrl()}?`));
	expect(verification.map((d) => [d.ok, d.status])).toEqual([[true, 200]]);
	// the proxy passed it to a webhook processor (the main process does not serve production webhooks here)
	const passed = cluster.proxy.exchanges.filter(
		(x) => x.method === 'GET' && x.url.startsWith(`/webhook/${WEBHOOK_PATH}?mode=subscribe`),
	);
	expect(passed.map((x) => x.status)).toEqual([200]);
});

test('a new order reaches a webhook processor, and a worker runs the whole workflow, Code node included', async () => {
	const afterId = await cluster.main.lastExecutionId();
	const { order, orderUnits } = await sandbox.control.createOrder({ units: [{ id_unit: 500005, quantity: 2 }] });

	const [execution, ...more] = await until(
		() => executionsOfOrder(afterId, order.id_order),
		(list) => list.some((e) => e.status !== 'new' && e.status !== 'running'),
	);
	expect(more).toEqual([]);
	expect([execution.mode, execution.status]).toEqual(['webhook', 'success']);
	expect(cluster.workerThatRan(execution.id)).toBeDefined();
	expect(nodeItems(execution.runData, 'Read order')[0]).toMatchObject({ id_order: order.id_order });
	expect(
		nodeItems(execution.runData, 'Mark unit sent')
			.map((item) => item.id_order_unit)
			.sort(),
	).toEqual(orderUnits.map((u) => u.id_order_unit).sort());

	const units = sandbox.control.db.orderUnits.filter((u) => u.id_order === order.id_order);
	expect(units.map((u) => [u.status, u._shipment?.carrier_code])).toEqual(units.map(() => ['sent', 'DHL']));
	const delivery = sandbox.control
		.deliveries()
		.filter((d) => d.kind === 'event' && d.resource === `/orders/${order.id_order}/`);
	expect(delivery.map((d) => [d.attempt, d.ok, d.status])).toEqual([[1, true, 200]]);
	const exchange = cluster.proxy.exchanges.find((x) => x.idMessage === delivery[0].id_message);
	expect(exchange).toMatchObject({ method: 'POST', status: 200, answerLost: false });
});

/**
 * Emits one event (`emit` resolves with its resource path) whose first answer the proxy loses; resolves once
 * the marketplace's retry was answered, with the processors the two deliveries reached.
 */
async function deliveredTwice(emit: () => Promise<string>): Promise<{ idMessage: string; upstreams: number[] }> {
	loseNextNotificationAnswer = true;
	const resource = await emit();
	const attempts = await until(
		() => sandbox.control.deliveries().filter((d) => d.kind === 'event' && d.resource === resource),
		(list) => list.some((d) => d.ok),
	);
	expect(attempts.map((d) => [d.attempt, d.ok, d.status])).toEqual([
		[1, false, 502],
		[2, true, 200],
	]);
	const idMessage = attempts[0].id_message!;
	expect(attempts[1].id_message).toBe(idMessage);
	// n8n answered 200 both times: the first answer was lost on the way back
	const exchanges = cluster.proxy.exchanges.filter((x) => x.idMessage === idMessage);
	expect(exchanges.map((x) => [x.status, x.answerLost])).toEqual([
		[200, true],
		[200, false],
	]);
	return { idMessage, upstreams: exchanges.map((x) => x.upstream) };
}

test('a retry whose first answer was lost, back at the same webhook processor, starts nothing', async () => {
	retryTo = 'same';
	const afterId = await cluster.main.lastExecutionId();
	let idOrder = '';
	const { idMessage, upstreams } = await deliveredTwice(async () => {
		idOrder = (await sandbox.control.createOrder({ units: [{ id_unit: 500006 }] })).order.id_order;
		return `/orders/${idOrder}/`;
	});
	expect(upstreams[0]).toBe(upstreams[1]);

	await until(
		() => executionsOfOrder(afterId, idOrder),
		(list) => list.some((e) => e.status === 'success'),
	);
	await sleep(3000); // a second execution would have been queued and run by now
	const executions = await executionsOfOrder(afterId, idOrder);
	expect(executions.map((e) => [nodeItems(e.runData, 'New order')[0]?.id_message, e.status])).toEqual([
		[idMessage, 'success'],
	]);
});

test("a retry that lands on the other webhook processor reaches the seller's work once, through the Postgres node", async () => {
	retryTo = 'other';
	const afterId = await cluster.main.lastExecutionId();
	const resource = '/returns/2/';
	const { idMessage, upstreams } = await deliveredTwice(async () => {
		await sandbox.control.emitEvent(DEDUPE_EVENT, resource);
		return resource;
	});
	expect(upstreams[0]).not.toBe(upstreams[1]);

	const carrying = async () =>
		(await cluster.main.executions({ afterId, workflowId: DEDUPE_WORKFLOW_ID })).filter(
			(e) => nodeItems(e.runData, 'Return events')[0]?.id_message === idMessage,
		);
	await until(carrying, (list) => list.length > 0 && list.every((e) => e.status === 'success'));
	await sleep(3000);
	const executions = await carrying();
	// the seller's work ran once, whatever the trigger did with the retry
	const worked = executions.flatMap((e) => nodeItems(e.runData, WORK_NODE)).map((item) => item.id_message);
	expect(worked).toEqual([idMessage]);
	expect(executions.every((e) => e.status === 'success')).toBe(true);
});

test('unpublishing in the editor deletes the subscription; later orders reach nothing', async () => {
	expect(subscribedIds.length).toBe(1);
	const mark = sandbox.control.requests().at(-1)?.seq ?? 0;
	await cluster.main.deactivate(WORKFLOW_ID);

	expect(subscriptions()).toEqual([]);
	const deletes = sandbox.control.requests().filter((r) => r.seq > mark && r.method === 'DELETE');
	expect(deletes.map((r) => [r.path, r.status, r.signatureValid])).toEqual(
		subscribedIds.map((id) => [`/subscriptions/${id}/`, 204, true]),
	);

	const deliveriesBefore = sandbox.control.deliveries().length;
	const exchangesBefore = cluster.proxy.exchanges.length;
	await sandbox.control.createOrder({ units: [{ id_unit: 500005 }] });
	await sandbox.control.flushNotifications();
	expect(sandbox.control.deliveries().slice(deliveriesBefore)).toEqual([]);
	expect(cluster.proxy.exchanges.length).toBe(exchangesBefore);
});
