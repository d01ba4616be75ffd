/**
 * The sandbox in its own process, so that its request handling (filtering and rendering pages) neither
 * competes with the node for the event loop nor shows up in the node's memory figures.
 * The parent (bench/sandbox-client.ts) drives it over the IPC channel: { id, cmd, args } → { id, result | error }.
 */
import { startSandbox, type FaultRule, type Sandbox } from '../sandbox';

let sandbox: Sandbox | undefined;

type Command = { id: number; cmd: string; args?: Record<string, unknown> };

/** Units per seeded order is about 2.4; seed enough orders, then keep exactly `orderUnits` visible ones. */
async function start(args: { orderUnits: number }): Promise<Record<string, unknown>> {
	if (sandbox) await sandbox.close();
	const orders = Math.max(20, Math.ceil(args.orderUnits / 2.2) + 50);
	sandbox = await startSandbox({ orders });
	const units = sandbox.control.db.orderUnits;
	const visible = units.filter((unit) => !unit._fulfilled_by_marketplace);
	if (visible.length < args.orderUnits)
		throw new Error(`seeded only ${visible.length} order units, wanted ${args.orderUnits}`);
	units.length = 0;
	// the newest ones, so that every unit belongs to a seeded order
	for (const unit of visible.slice(visible.length - args.orderUnits)) units.push(unit);
	return { baseUrl: sandbox.baseUrl, clientKey: sandbox.clientKey, secretKey: sandbox.secretKey };
}

function requestSummary(args: { route?: string }) {
	const entries = sandbox!.control.requests().filter((entry) => !args.route || entry.route === args.route);
	return {
		count: entries.length,
		unsigned: entries.filter((entry) => !entry.signatureValid).length,
		notOk: entries.filter((entry) => entry.status !== 200).length,
		firstRawUrl: entries[0]?.rawUrl,
		maxOffset: Math.max(0, ...entries.map((entry) => Number(entry.query.offset ?? 0))),
		duplicateOffsets: entries.length - new Set(entries.map((entry) => entry.query.offset)).size,
	};
}

/** Emits `count` events at once (one delivery each per subscription) and waits until every one was attempted. */
async function burst(args: { count: number; eventName: string; resources: string[] }) {
	const control = sandbox!.control;
	const before = control.deliveries().length;
	const start = process.hrtime.bigint();
	for (let i = 0; i < args.count; i++)
		await control.emitEvent(args.eventName, args.resources[i % args.resources.length]);
	await control.flushNotifications();
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	const deliveries = control
		.deliveries()
		.slice(before)
		.filter((delivery) => delivery.kind === 'event')
		.map((delivery) => ({
			id_message: delivery.id_message!,
			ok: delivery.ok,
			status: delivery.status,
			error: delivery.error,
		}));
	return { ms, deliveries };
}

/**
 * API v2 with exactly `units` offers in storefront de (copies of a seeded one under new IDs and offer IDs), strict,
 * at the documented 111 requests a second (bench/v2-update-many.ts).
 */
async function startUnits(args: { units: number }): Promise<Record<string, unknown>> {
	if (sandbox) await sandbox.close();
	sandbox = await startSandbox({ strict: true, requestLogLimit: 1_000_000 });
	sandbox.control.setRateLimit(111);
	const units = sandbox.control.db.units;
	const model = units.find((unit) => (unit._storefront ?? 'de') === 'de' && unit.condition !== 'download')!;
	units.length = 0;
	for (let n = 0; n < args.units; n++)
		units.push({
			...model,
			id_unit: 800_000_000 + n,
			id_offer: `BENCH-${n}`,
			amount: n % 50,
			listing_price: 1000 + (n % 900),
			minimum_price: 500,
		});
	return { baseUrl: sandbox.v2BaseUrl, clientKey: sandbox.clientKey, secretKey: sandbox.secretKey };
}

/** The v2 requests since the last clearRequests: count by method and path, the refused ones, the unsigned ones. */
function unitRequests() {
	const entries = sandbox!.control.requests().filter((entry) => entry.api === 'v2');
	const byRoute: Record<string, number> = {};
	for (const entry of entries) {
		const route = `${entry.method} ${entry.path.startsWith('/units/') && entry.path !== '/units/bulk' ? '/units/{id_unit}' : entry.path}`;
		byRoute[route] = (byRoute[route] ?? 0) + 1;
	}
	return {
		count: entries.length,
		byRoute,
		refused: entries
			.filter((entry) => entry.status >= 400)
			.map((entry) => `${entry.method} ${entry.path} ${entry.status}`),
		unsigned: entries.filter((entry) => !entry.signatureValid).length,
	};
}

/** Each unit's stock and price, by ID (to check what a run wrote). */
function unitValues() {
	return sandbox!.control.db.units.map((unit) => [unit.id_unit, unit.amount, unit.listing_price]);
}

const handlers: Record<string, (args: never) => unknown> = {
	start,
	startUnits,
	unitRequests,
	unitValues,
	addFault: (rule: FaultRule) => sandbox!.control.addFault(rule),
	clearFaults: () => sandbox!.control.clearFaults(),
	clearRequests: () => sandbox!.control.clearRequests(),
	requests: requestSummary,
	burst,
	orderIds: (args: { count: number }) => sandbox!.control.db.orders.slice(0, args.count).map((order) => order.id_order),
	close: async () => {
		await sandbox?.close();
		sandbox = undefined;
		setImmediate(() => process.exit(0));
	},
};

process.on('message', (message: Command) => {
	const handler = handlers[message.cmd];
	Promise.resolve()
		.then(() => {
			if (!handler) throw new Error(`unknown command ${message.cmd}`);
			return handler((message.args ?? {}) as never);
		})
		.then(
			(result) => process.send!({ id: message.id, result }),
			(error: Error) => process.send!({ id: message.id, error: error.stack ?? String(error) }),
		);
});
process.on('disconnect', () => process.exit(0));
