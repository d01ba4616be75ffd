/**
 * The package in n8n's queue mode (`npm run test:queue`): Redis and PostgreSQL from scripts/queue-mode/,
 * a main process, two webhook processors behind one URL (a loopback round-robin proxy) and two workers.
 * The example workflow "new order → read it → mark units sent" goes through its whole life there:
 * published in the editor (the main process subscribes; the marketplace verifies the callback through a
 * webhook processor) → a signed notification reaches a webhook processor → a worker runs the workflow,
 * Code node included → unpublished, the subscriptions are gone.
 * Repeated deliveries, as README "Limits" states them: a retry that reaches the webhook processor of the first
 * delivery starts nothing. For copies that reach the other processor (the marketplace's retry a minute later, a
 * load balancer's right after the first answer, or both at once) the template
 * examples/order-new-label-once-queue-mode.json lets each id_message through once and puts each order unit on
 * one label, by two PostgreSQL tables; each case is 20 orders, and the ledger is what reached the sandbox.
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
import { loadExamples, postgresCredential, sandboxCredential } from '../lib/workflows';
import { budget } from '../../test/budget';
import { v2Credential } from '../workflows-v2';

type TemplateNode = {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
};

const TEMPLATE_POSTGRES = { id: 'e2eQueuePostgres', name: 'Deliveries and labels database' };

/** The template with the test's Postgres credential in its Postgres nodes, as the seller picks theirs. */
function withPostgresCredential(workflow: WorkflowFile): WorkflowFile {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowFile;
	for (const node of copy.nodes as TemplateNode[])
		if (node.type === 'n8n-nodes-base.postgres') node.credentials = { postgres: { ...TEMPLATE_POSTGRES } };
	return copy;
}

/** The template again under another id and webhook, as a seller who duplicated it has it. */
function secondCopy(workflow: WorkflowFile): WorkflowFile {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowFile;
	copy.id = SECOND_COPY_ID;
	copy.name = `${workflow.name} (copy)`;
	for (const node of copy.nodes as Array<{ webhookId?: string }>)
		if (node.webhookId) node.webhookId = '5e11e400-0de4-4c1e-9a5e-00000000c004';
	return copy;
}

/** The SQL of the template's "Create the tables" node, which the seller runs once. */
function templateSetUpSql(workflow: WorkflowFile): string[] {
	const node = (workflow.nodes as TemplateNode[]).find((n) => n.name === 'Create the tables');
	if (!node) throw new Error('the template has no node "Create the tables"');
	return [String(node.parameters.query)];
}

const WORKFLOW_ID = 'exOrderNewShip01';
const WEBHOOK_PATH = '5e11e400-0de4-4c1e-9a5e-00000000a001/webhook';
const DATABASE = 'n8n_e2e_queue';
/** The template for several webhook processors: each id_message once, each order unit on one label. */
const ONCE_WORKFLOW_ID = 'exV2LabelOnce001';
const ONCE_WEBHOOK_PATH = '5e11e400-0de4-4c1e-9a5e-00000000c003/webhook';
const MESSAGES_PER_CASE = 20;
const SECOND_COPY_ID = 'e2eLabelOnceCopy';

const log = (line: string) => process.stderr.write(`[queue-mode] ${line}\n`);

let runtime: Runtime;
let services: QueueServices;
let sandbox: Sandbox;
let cluster: QueueCluster;

// The proxy's behaviour, set by the tests: where a retry goes (the processor of the first delivery, or the
// other one), whether the answer of the next notification (or of every one) is lost on purpose, and whether
// the proxy itself sends a copy of each notification to the other processor, as a retrying load balancer does.
const firstUpstream = new Map<string, number>();
let retryTo: 'same' | 'other' = 'other';
let loseNextNotificationAnswer = false;
let loseEveryFirstAnswer = false;
let copyTo: 'together' | 'afterAnswer' | undefined;

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
				if (exchange.method !== 'POST') return false;
				if (loseEveryFirstAnswer) return firstUpstream.get(exchange.idMessage ?? '') === exchange.upstream;
				if (!loseNextNotificationAnswer) return false;
				loseNextNotificationAnswer = false;
				return true;
			},
			copy: (exchange) =>
				copyTo && exchange.method === 'POST' && exchange.idMessage !== undefined
					? { upstream: (exchange.upstream + 1) % 2, when: copyTo }
					: undefined,
		},
	});
	const example = (id: string) => {
		const found = loadExamples().find(({ workflow }) => workflow.id === id);
		if (!found) throw new Error(`examples/ has no workflow ${id}`);
		return found.workflow as WorkflowFile;
	};
	const once = withPostgresCredential(example(ONCE_WORKFLOW_ID));
	await cluster.prepare(
		[sandboxCredential(sandbox), v2Credential(sandbox), postgresCredential(database, TEMPLATE_POSTGRES)],
		[example(WORKFLOW_ID), once, secondCopy(once)],
	);
	// the template's own set-up step, as the seller runs it once
	await runSql(runtime, database, templateSetUpSql(once));
	const { ms } = await cluster.start();
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

describe('the template for several webhook processors: every notification once, every order unit on one label', () => {
	const onceCallbackUrl = () => cluster.webhookUrl(ONCE_WEBHOOK_PATH);
	const labelRequests = (afterSeq: number) =>
		sandbox.control
			.requests()
			.filter(
				(r) =>
					r.seq > afterSeq &&
					r.api === 'v2' &&
					r.method === 'POST' &&
					r.path === '/shipping-labels' &&
					r.status === 201,
			);

	test('publishing subscribes order_new of API v2 for it', async () => {
		await cluster.main.activate(ONCE_WORKFLOW_ID);
		const subscribed = sandbox.control.db.subscriptions.filter((s) => s.callback_url === onceCallbackUrl());
		expect(subscribed.map((s) => [s.event_name, s.is_active])).toEqual([['order_new', true]]);
	});

	/**
	 * 20 new orders (one of every two with two units) delivered twice, the copy reaching the other webhook
	 * processor: the ledger holds what reached the sandbox (labels bought, units sent) and what the workflow ran.
	 */
	async function burstDeliveredTwice(name: string, expectRetries: boolean) {
		const afterId = await cluster.main.lastExecutionId();
		const mark = sandbox.control.requests().at(-1)?.seq ?? 0;
		const exchangesBefore = cluster.proxy.exchanges.length;
		const orders = [];
		for (let i = 0; i < MESSAGES_PER_CASE; i++)
			orders.push(
				await sandbox.control.createOrder({
					units: i % 2 ? [{ id_unit: 500005 }, { id_unit: 500006 }] : [{ id_unit: 500005 }],
				}),
			);
		const unitIds = orders.flatMap(({ orderUnits }) => orderUnits.map((u) => Number(u.id_order_unit)));
		const unitsSent = () =>
			sandbox.control.db.orderUnits.filter((u) => unitIds.includes(Number(u.id_order_unit)) && u.status === 'sent');
		const deliveriesToTemplate = () =>
			sandbox.control.deliveries().filter((d) => d.kind === 'event' && d.url === onceCallbackUrl());
		const timeout = budget(240_000);
		await until(unitsSent, (sent) => sent.length === unitIds.length, timeout);
		const ourMessages = () =>
			new Set(
				cluster.proxy.exchanges
					.slice(exchangesBefore)
					.filter((x) => x.idMessage !== undefined)
					.map((x) => x.idMessage!),
			);
		// every delivery answered (the marketplace's retries included), every copy answered, no execution running
		await until(
			() => deliveriesToTemplate().filter((d) => ourMessages().has(d.id_message!)),
			(list) => new Set(list.filter((d) => d.ok).map((d) => d.id_message)).size === MESSAGES_PER_CASE,
			timeout,
		);
		await cluster.proxy.settled(timeout);
		const finished = async () => cluster.main.executions({ afterId, workflowId: ONCE_WORKFLOW_ID });
		await until(finished, (list) => list.every((e) => e.status !== 'new' && e.status !== 'running'), timeout);

		const exchanges = cluster.proxy.exchanges.slice(exchangesBefore).filter((x) => x.idMessage !== undefined);
		const executions = await finished();
		const byMessage = new Map<string, number>();
		for (const execution of executions) {
			const idMessage = nodeItems(execution.runData, 'New order')[0]?.id_message as string | undefined;
			if (idMessage) byMessage.set(idMessage, (byMessage.get(idMessage) ?? 0) + 1);
		}
		const ranTwice = [...byMessage.values()].filter((count) => count > 1).length;
		const worked = executions.flatMap((e) => nodeItems(e.runData, 'Read order')).map((item) => item.id_order);
		const labels = labelRequests(mark);
		const labelled = labels.flatMap((r) => (r.json as { ids_order_units: number[] }).ids_order_units);
		log(
			`${name}: ${exchanges.length} deliveries of ${byMessage.size} notifications reached the processors; ` +
				`the trigger started ${ranTwice} of them twice, the table let each through once; ${labels.length} labels`,
		);

		expect(executions.filter((e) => e.status !== 'success').map((e) => [e.id, e.status])).toEqual([]);
		// each notification reached both processors
		expect(new Set(exchanges.map((x) => `${x.idMessage}@${x.upstream}`)).size).toBe(2 * MESSAGES_PER_CASE);
		if (expectRetries) expect(exchanges.some((x) => x.answerLost)).toBe(true);
		// the seller's work ran once per order, each unit on one label and marked sent once
		expect([...worked].sort()).toEqual(orders.map(({ order }) => order.id_order).sort());
		expect([...labelled].sort()).toEqual([...unitIds].sort());
		expect(labels.length).toBe(MESSAGES_PER_CASE);
		const sends = sandbox.control
			.requests()
			.filter(
				(r) => r.seq > mark && r.api === 'v2' && r.method === 'PATCH' && /^\/order-units\/\d+\/send$/.test(r.path),
			);
		expect(sends.length).toBe(unitIds.length);
		return { ranTwice };
	}

	test('the marketplace retries each of 20 orders a minute later at the other processor', async () => {
		loseEveryFirstAnswer = true;
		retryTo = 'other';
		try {
			await burstDeliveredTwice('retry a minute later at the other processor', true);
		} finally {
			loseEveryFirstAnswer = false;
		}
	});

	test('a load balancer sends each of 20 orders again to the other processor right after the first answer', async () => {
		copyTo = 'afterAnswer';
		try {
			await burstDeliveredTwice('again right after the first answer', false);
		} finally {
			copyTo = undefined;
		}
	});

	test('a load balancer sends each of 20 orders to both processors at once', async () => {
		copyTo = 'together';
		try {
			await burstDeliveredTwice('both at once', false);
		} finally {
			copyTo = undefined;
		}
	});

	test('a second copy of the workflow, published too, runs for the same orders and buys no second label', async () => {
		// the seller duplicated the workflow (or runs another one on the same tables): both get every new order
		await cluster.main.activate(SECOND_COPY_ID);
		const mark = sandbox.control.requests().at(-1)?.seq ?? 0;
		const afterId = await cluster.main.lastExecutionId();
		const orders = [];
		for (let i = 0; i < 5; i++) orders.push(await sandbox.control.createOrder({ units: [{ id_unit: 500006 }] }));
		const ids = orders.map(({ order }) => order.id_order);
		const ran = async () =>
			(await cluster.main.executions({ afterId })).filter(
				(e) =>
					[ONCE_WORKFLOW_ID, SECOND_COPY_ID].includes(e.workflowId) &&
					ids.includes(String(nodeItems(e.runData, 'New order')[0]?.id_order)),
			);
		const executions = await until(
			ran,
			(list) => list.length === 2 * ids.length && list.every((e) => e.status === 'success'),
			budget(180_000),
		);
		expect(executions.map((e) => e.status)).toEqual(Array(2 * ids.length).fill('success'));
		const unitIds = orders.flatMap(({ orderUnits }) => orderUnits.map((u) => Number(u.id_order_unit)));
		const labelled = labelRequests(mark).flatMap((r) => (r.json as { ids_order_units: number[] }).ids_order_units);
		expect([...labelled].sort()).toEqual([...unitIds].sort());
		// per order: one workflow bought the label, the other stopped at its claim
		for (const id of ids) {
			const bought = executions
				.filter((e) => nodeItems(e.runData, 'New order')[0]?.id_order === id)
				.map((e) => nodeItems(e.runData, 'Buy label').length);
			expect(bought.sort()).toEqual([0, 1]);
		}
		await cluster.main.deactivate(SECOND_COPY_ID);
	});

	test('unpublishing removes its subscription', async () => {
		await cluster.main.deactivate(ONCE_WORKFLOW_ID);
		expect(sandbox.control.db.subscriptions.filter((s) => s.callback_url === onceCallbackUrl())).toEqual([]);
	});
});
