/**
 * The demo: the package inside a real n8n, against the local sandbox, in one command.
 *
 *   npm run demo              keeps running until Ctrl-C (open the editor, place more orders)
 *   npm run demo -- --once    runs the scenario and exits (non-zero if anything in it failed)
 *
 * Options: --api v2|v1 (default v2: the node version 2 on API v2; v1: the version 1 workflow on API v1),
 * --orders N (default 3), --port P (n8n, default 5678 if free), --sandbox-port P (default 8787 if free).
 *
 * It builds and packs the package, installs the tarball into a private n8n user folder (.e2e/runs/demo-*)
 * the way n8n installs a community package, starts the sandbox and a pinned n8n (e2e/n8n-runtime; the
 * first run installs it: 5-10 minutes) on 127.0.0.1, imports credentials and the example workflows,
 * publishes "new order → ship with tracking" of the chosen API version, places orders in the sandbox and shows
 * what happened.
 */
import { createServer } from 'net';

import { startSandbox, Sandbox } from '../sandbox';
import type { OrderUnit } from '../sandbox/core/types';
import { startEnvironment } from '../e2e/lib/environment';
import { DEFAULT_OWNER, ExecutionRecord, N8n, nodeItems, sleep } from '../e2e/lib/n8n';
import { freePort } from '../e2e/lib/runtime';
import { loadExamples, sandboxCredential } from '../e2e/lib/workflows';
import { v2Credential } from '../e2e/workflows-v2';

/** The node names every "new order → ship with tracking" example shares. */
const TRIGGER = 'New order';
const READ = 'Read order';
const SEND = 'Mark unit sent';

type Api = 'v1' | 'v2';

interface Scenario {
	workflowId: string;
	/** how the demo names the API in its output */
	label: string;
	/** whether a sandbox subscription belongs to this API */
	ownsSubscription: (subscription: { _api?: string }) => boolean;
}

const SCENARIOS: Record<Api, Scenario> = {
	v2: { workflowId: 'exV2OrderNewShp1', label: 'API v2', ownsSubscription: (s) => s._api === 'v2' },
	v1: { workflowId: 'exOrderNewShip01', label: 'API v1', ownsSubscription: (s) => s._api !== 'v2' },
};

interface Options {
	api: Api;
	once: boolean;
	orders: number;
	port?: number;
	sandboxPort?: number;
}

function parseArgs(argv: string[]): Options {
	const options: Options = { api: 'v2', once: false, orders: 3 };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => Number(inline ?? argv[++i]);
		if (flag === '--once') options.once = true;
		else if (flag === '--api') {
			const api = inline ?? argv[++i];
			if (api !== 'v1' && api !== 'v2') {
				console.error(`--api needs v1 or v2, got ${JSON.stringify(api ?? '')}`);
				process.exit(2);
			}
			options.api = api;
		} else if (flag === '--orders') options.orders = value();
		else if (flag === '--port') options.port = value();
		else if (flag === '--sandbox-port') options.sandboxPort = value();
		else if (flag === '--help' || flag === '-h') {
			console.log('npm run demo [-- --once] [--api v2|v1] [--orders N] [--port P] [--sandbox-port P]');
			process.exit(0);
		} else {
			console.error(`Unknown option ${flag}. Try --help.`);
			process.exit(2);
		}
	}
	if (!Number.isInteger(options.orders) || options.orders < 1 || options.orders > 50) {
		console.error('--orders needs a whole number from 1 to 50');
		process.exit(2);
	}
	return options;
}

/** An error's description as the terminal shows it: the node writes it as HTML for n8n's editor. */
function plainText(html: string): string {
	return html.replace(/<br>/g, '; ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

async function portIsFree(port: number): Promise<boolean> {
	return await new Promise((done) => {
		const server = createServer();
		server.once('error', () => done(false));
		server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
	});
}

async function choosePort(wanted: number | undefined, preferred: number): Promise<number> {
	if (wanted !== undefined) return wanted;
	return (await portIsFree(preferred)) ? preferred : await freePort();
}

// ------------------------------------------------------------------------------------------------
// output

const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s`;
const say = (line = '') => console.log(line);
const ok = (line: string) => say(`    ✓ ${line}`);
const bad = (line: string) => say(`    ✗ ${line}`);

/** Prints "step…" and, while a step lasts long, "still … (N s)" every 15 s. */
function progressPrinter(): { step: (text: string) => void; stop: () => void } {
	let current = '';
	let since = Date.now();
	const timer = setInterval(() => {
		const seconds = Math.round((Date.now() - since) / 1000);
		if (current && seconds >= 15)
			say(`        … still ${current.replace(/\s*\(.*\)$/, '').toLowerCase()} (${seconds} s)`);
	}, 15_000);
	return {
		step(text: string) {
			if (text.startsWith('  ')) {
				say(`        ${text.trim()}`);
				return;
			}
			current = text;
			since = Date.now();
			say(`[${clock()}] ${text}`);
		},
		stop() {
			clearInterval(timer);
		},
	};
}

function describeUnits(units: OrderUnit[]): string {
	const counts = new Map<string, number>();
	for (const unit of units) counts.set(unit.item.title, (counts.get(unit.item.title) ?? 0) + 1);
	return [...counts].map(([title, count]) => `${count}× "${title}"`).join(', ');
}

/** SQLite keeps n8n's timestamps as UTC without a zone. */
function utcMs(timestamp: string): number {
	return Date.parse(/Z$|[+-]\d\d:?\d\d$/.test(timestamp) ? timestamp : `${timestamp.replace(' ', 'T')}Z`);
}

/** The order an event is about: `id_order` of the trigger's item, or the id in its resource path. */
function eventOrderId(event: { id_order?: unknown; resource?: unknown } | undefined): string | undefined {
	if (!event) return undefined;
	if (typeof event.id_order === 'string') return event.id_order;
	return typeof event.resource === 'string' ? /^\/orders\/([^/]+)\/?$/.exec(event.resource)?.[1] : undefined;
}

// ------------------------------------------------------------------------------------------------
// the scenario

interface Outcome {
	failures: string[];
}

/** What n8n did with one order, read from its execution and from the sandbox. */
async function reportExecution(
	execution: ExecutionRecord,
	sandbox: Sandbox,
	outcome: Outcome,
	placedAt?: number,
): Promise<void> {
	const [event] = nodeItems(execution.runData, TRIGGER);
	const orderId = eventOrderId(event) ?? '?';
	const delay = placedAt ? `, ${((utcMs(execution.startedAt) - placedAt) / 1000).toFixed(1)} s after the order` : '';
	ok(`n8n received the order_new notification for ${orderId} (execution ${execution.id}${delay})`);

	const [order] = nodeItems(execution.runData, READ);
	if (order) {
		const units = (order.order_units as OrderUnit[] | undefined) ?? [];
		const address = order.shipping_address as { first_name?: string; last_name?: string; city?: string } | undefined;
		const to = address
			? ` to ${[address.first_name, address.last_name].filter(Boolean).join(' ')}, ${address.city ?? ''}`
			: '';
		const open = units.filter((u) => u.status === 'need_to_be_sent').length;
		ok(`read order ${orderId}: ${units.length} unit(s), ${open} to ship${to}`);
	}

	const sent = nodeItems(execution.runData, SEND);
	const stored = sandbox.control.db.orderUnits.filter((u) => u.id_order === orderId);
	for (const item of sent) {
		const unit = stored.find((u) => u.id_order_unit === item.id_order_unit);
		if (unit?.status === 'sent' && unit._shipment) {
			ok(
				`unit ${unit.id_order_unit} "${unit.item.title}" marked sent: ${unit._shipment.carrier_code} ${unit._shipment.tracking_number} (as the marketplace has it)`,
			);
		} else {
			const problem = `unit ${item.id_order_unit} of order ${orderId}: n8n reported it sent, but the marketplace shows it as "${unit?.status ?? 'unknown'}"`;
			bad(problem);
			outcome.failures.push(problem);
		}
	}

	if (execution.status !== 'success') {
		const where = execution.lastNodeExecuted ? ` in "${execution.lastNodeExecuted}"` : '';
		const problem = `the workflow for order ${orderId} failed${where}: ${execution.error?.message ?? execution.status}${
			execution.error?.description ? ` (${plainText(execution.error.description)})` : ''
		}`;
		bad(problem);
		outcome.failures.push(problem);
	}
	const unsent = stored.filter((u) => u.status === 'need_to_be_sent');
	if (execution.status === 'success' && unsent.length) {
		const problem = `order ${orderId}: ${unsent.length} unit(s) still wait to be sent (${unsent.map((u) => u.id_order_unit).join(', ')})`;
		bad(problem);
		outcome.failures.push(problem);
	}
}

async function runScenario(
	n8n: N8n,
	sandbox: Sandbox,
	scenario: Scenario,
	count: number,
	outcome: Outcome,
): Promise<number> {
	// orders are placed on the 'de' storefront, the one the v2 trigger subscribes (v1 sees every storefront)
	const units = sandbox.control.db.units.filter((u) => u.amount > 2 && (u._storefront ?? 'de') === 'de').slice(0, 8);
	let lastId = await n8n.lastExecutionId();
	for (let i = 0; i < count; i++) {
		const picks = [units[i % units.length], units[(i * 3 + 1) % units.length]];
		const wanted =
			i % 2 === 0
				? [{ id_unit: picks[0].id_unit, quantity: 2 }, { id_unit: picks[1].id_unit }]
				: [{ id_unit: picks[0].id_unit }];
		const placedAt = Date.now();
		const { order, orderUnits } = await sandbox.control.createOrder({ units: wanted });
		say();
		say(`[${clock()}] Order ${order.id_order} placed in the sandbox: ${describeUnits(orderUnits)}`);

		const deadline = Date.now() + 30_000;
		let execution: ExecutionRecord | undefined;
		while (!execution && Date.now() < deadline) {
			await sleep(300);
			const done = (await n8n.executions({ afterId: lastId, workflowId: scenario.workflowId })).filter(
				(e) => !['new', 'running', 'waiting'].includes(e.status),
			);
			execution = done.find((e) => eventOrderId(nodeItems(e.runData, TRIGGER)[0]) === order.id_order);
		}
		if (!execution) {
			const deliveries = sandbox.control
				.deliveries()
				.filter((d) => d.kind === 'event' && d.event_name === 'order_new' && eventOrderId(d) === order.id_order);
			const last = deliveries.at(-1);
			const why = !last
				? 'the marketplace sandbox sent no notification (is the workflow published and subscribed?)'
				: last.ok
					? 'n8n accepted the notification but no execution finished within 30 s'
					: `the notification did not reach n8n (${last.error ?? `HTTP ${last.status}`})`;
			const problem = `order ${order.id_order}: ${why}`;
			bad(problem);
			outcome.failures.push(problem);
			continue;
		}
		lastId = Math.max(lastId, execution.id);
		await reportExecution(execution, sandbox, outcome, placedAt);
	}
	return lastId;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const scenario = SCENARIOS[options.api];
	say(
		`Seller Marketplace for n8n: demo (${scenario.label}; the other version: --api ${options.api === 'v2' ? 'v1' : 'v2'})`,
	);
	say('  the package inside a real n8n, against the local marketplace sandbox (nothing leaves 127.0.0.1)');
	say();

	const progress = progressPrinter();
	let sandbox: Sandbox | undefined;
	let n8n: N8n | undefined;
	let stopping = false;
	const shutdown = async (code: number) => {
		if (stopping) return;
		stopping = true;
		progress.stop();
		await n8n?.stop();
		await sandbox?.close();
		process.exit(code);
	};
	process.on('SIGINT', () => {
		say('\nStopping n8n and the sandbox…');
		void shutdown(0);
	});
	process.on('SIGTERM', () => void shutdown(0));

	try {
		const sandboxPort = await choosePort(options.sandboxPort, 8787);
		const n8nPort = await choosePort(options.port, 5678);
		progress.step(`Starting the marketplace sandbox on 127.0.0.1:${sandboxPort}`);
		sandbox = await startSandbox({ host: '127.0.0.1', port: sandboxPort });
		const environment = await startEnvironment({
			name: 'demo',
			port: n8nPort,
			owner: DEFAULT_OWNER,
			credentials: [sandboxCredential(sandbox), v2Credential(sandbox)],
			workflows: loadExamples().map((example) => example.workflow),
			publish: [scenario.workflowId],
			progress: progress.step,
		});
		n8n = environment.n8n;
		progress.stop();
		const subscriptions = sandbox.control.db.subscriptions.filter((s) => s.is_active && scenario.ownsSubscription(s));
		say(`[${clock()}] n8n is ready; the workflow "new order → ship with tracking" (${scenario.label}) is published`);
		for (const s of subscriptions) {
			const storefront = s._storefront ? ` on storefront ${s._storefront}` : '';
			ok(`the sandbox verified n8n's webhook and subscribed it to ${s.event_name}${storefront} (${s.callback_url})`);
		}
		if (!subscriptions.length) {
			const problem =
				'publishing did not subscribe any event in the sandbox: the trigger could not register its webhook';
			bad(problem);
			if (options.once) throw new Error(problem);
		}

		const outcome: Outcome = { failures: [] };
		let lastId = await runScenario(n8n, sandbox, scenario, options.orders, outcome);

		say();
		if (outcome.failures.length) {
			say(`[${clock()}] Scenario finished with ${outcome.failures.length} problem(s):`);
			for (const failure of outcome.failures) say(`    - ${failure}`);
		} else {
			say(
				`[${clock()}] Scenario finished (${scenario.label}): ${options.orders} order(s) received, read and shipped with tracking numbers.`,
			);
		}
		say();
		if (options.once) {
			say(`  n8n's files (database, n8n.log): ${n8n.userFolder}`);
			say('  Stopping n8n and the sandbox. To look around in the editor, run `npm run demo` without --once.');
			await shutdown(outcome.failures.length ? 1 : 0);
			return;
		}
		say(`  n8n editor:  ${n8n.baseUrl}   (log in as ${n8n.owner.email} / ${n8n.owner.password})`);
		for (const line of sandboxLines(sandbox, options.api)) say(`  ${line}`);
		say(`  n8n's files: ${n8n.userFolder}`);
		say();
		say(`  The workflow "new order → ship with tracking" (${scenario.label}) stays published while the demo runs: it`);
		say('  marks the units of every new order in the sandbox as sent, with a tracking number, orders you place too,');
		say('  within about a second.');
		say('  Before you build your own workflow on these orders, stop the template: open the workflow in the editor and');
		say(
			'  switch "Published" off (top right). Otherwise it ships each new order first, and your workflow gets "already sent".',
		);
		say();
		say('Running until Ctrl-C. Place another order with:');
		say(`  curl -X POST ${sandbox.controlUrl}/orders -H 'content-type: application/json' -d '{}'`);
		for (;;) {
			await sleep(1000);
			if (stopping) return;
			const fresh = (await n8n.executions({ afterId: lastId, workflowId: scenario.workflowId })).filter(
				(e) => !['new', 'running', 'waiting'].includes(e.status),
			);
			for (const execution of fresh) {
				say();
				say(`[${clock()}] New order event`);
				await reportExecution(execution, sandbox, { failures: [] });
				lastId = Math.max(lastId, execution.id);
			}
		}
	} catch (error) {
		say();
		say(`The demo could not finish: ${(error as Error).message}`);
		if (n8n) say(`n8n's log: ${n8n.userFolder}/n8n.log`);
		await shutdown(1);
	}
}

/**
 * Where the sandbox answers the chosen API, and the keys its credentials in n8n hold (made for this local
 * sandbox only): what to type into a credential of one's own.
 */
export function sandboxLines(
	sandbox: Pick<Sandbox, 'baseUrl' | 'v2BaseUrl' | 'controlUrl' | 'clientKey' | 'secretKey'>,
	api: Api,
): string[] {
	const credential = api === 'v2' ? 'Seller Marketplace V2 API' : 'Seller Marketplace Version 1 (Retired) API';
	return [
		`Sandbox API ${api}: ${api === 'v2' ? sandbox.v2BaseUrl : sandbox.baseUrl}   (Base URL of the "${credential}" credential)`,
		`  Client Key: ${sandbox.clientKey}`,
		`  Secret Key: ${sandbox.secretKey}   (the local sandbox's own keys, valid nowhere else)`,
		`Sandbox control: ${sandbox.controlUrl}/`,
	];
}

if (require.main === module) void main();
