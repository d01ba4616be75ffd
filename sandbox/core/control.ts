/**
 * The control handle (in-process) and the unsigned HTTP control API under /_sandbox/ (loopback only).
 * Both drive the same SandboxCore, and both check every input: the HTTP caller may be anything local.
 * The API versions add what is theirs through `ControlHooks` (sandbox/index.ts wires them).
 */
import fs from 'fs';
import type http from 'http';
import type { SandboxCore } from './sandbox-core';
import { EVENT_NAMES, ORDER_UNIT_STATUSES, RETURN_STATUSES, RETURN_UNIT_STATUSES, TICKET_STATUSES } from './enums';
import { ApiError, badRequest, notFound } from './errors';
import { parseJson } from './limits';
import type { ListAnswersOptions } from './list-answers';
import type { Reply } from './reply';
import { newOrder, newOrderUnit } from './seed';
import { COLLECTIONS, publicView, snapshotFile } from './store';
import {
	arrayOf,
	boolean,
	Check,
	integer,
	matching,
	maxLength,
	numberIn,
	object,
	oneOf,
	optional,
	parseBody,
	string,
} from './validate';
import type {
	CollectionName,
	CreateOrderOptions,
	FaultRule,
	Mail,
	NotificationDelivery,
	Order,
	OrderUnit,
	RequestLogEntry,
	SandboxDb,
} from './types';

/** Collections whose status the control API can move, and the event each change fires. */
const STATUS_MOVES = {
	orderUnits: { statuses: ORDER_UNIT_STATUSES, event: 'order_unit_status_changed', path: 'order-units' },
	returns: { statuses: RETURN_STATUSES, event: 'return_status_changed', path: 'returns' },
	returnUnits: { statuses: RETURN_UNIT_STATUSES, event: 'return_unit_status_changed', path: 'return-units' },
	tickets: { statuses: TICKET_STATUSES, event: undefined, path: 'tickets' },
	claims: { statuses: TICKET_STATUSES, event: undefined, path: 'claims' },
} as const;
export type StatusCollection = keyof typeof STATUS_MOVES;

export const MAX_ORDER_LINES = 100;
export const MAX_QUANTITY = 100;
/** a year and a day: far enough for any retry schedule, near enough to keep timestamps valid */
export const MAX_ADVANCE_SECONDS = 366 * 86400;
const LAST_SANDBOX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

function atMost<T>(max: number, check: Check<T[]>): Check<T[]> {
	return (value, field) => {
		if (Array.isArray(value) && value.length > max) throw badRequest(`${field} must have at most ${max} entries`);
		return check(value, field);
	};
}

const ORDER_OPTIONS = {
	units: optional(
		atMost(
			MAX_ORDER_LINES,
			arrayOf(object({ id_unit: integer(1), quantity: optional(integer(1, MAX_QUANTITY)) }), { nonEmpty: true }),
		),
	),
	status: optional(oneOf(ORDER_UNIT_STATUSES, 'order unit status')),
	fulfilledByMarketplace: optional(boolean),
	// The spec types id_order as a string and real ids carry `-`; anything that could bend a path is refused.
	storefront: optional(string),
	id_order: optional(
		matching(
			/^(?!\.+$)(?! )[^/\\?#%\p{Cc}]{1,32}(?<! )$/u,
			'1 to 32 characters, no /, \\, ?, #, % or control characters, not only dots',
		),
	),
};

const recordId: Check<string | number> = (value, field) => {
	if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
	if (typeof value === 'string' && value.length > 0 && value.length <= 64) return value;
	throw badRequest(`${field} must be an integer or a string of 1 to 64 characters`);
};

/** A control endpoint an API version adds: the request body (an object) → the answer. */
export type ControlRoute = (body: () => Record<string, unknown>) => Reply | Promise<Reply>;

/** What the API versions add to the control. */
export interface ControlHooks {
	/** event names only some versions know, besides the shared EVENT_NAMES */
	extraEventNames: readonly string[];
	/** the storefronts an order or event may name */
	storefronts: readonly string[];
	/** back to the version's start state (after the core's reset) */
	reset(): void;
	/** HTTP control endpoints, keyed `METHOD /path` (path under /_sandbox) */
	routes: Record<string, ControlRoute>;
}

function eventShape(hooks: ControlHooks) {
	return {
		event_name: oneOf([...EVENT_NAMES, ...hooks.extraEventNames], 'event name'),
		resource: maxLength(2048),
		payload: optional(maxLength(1024 * 1024)),
		storefront: optional(string),
	};
}

/** The control handle's core part; each version adds its own (`SandboxControl` in sandbox/index.ts). */
export interface CoreControl {
	db: SandboxDb;
	requests(): RequestLogEntry[];
	clearRequests(): void;
	addFault(rule: FaultRule): string;
	/** Odd list answers (both API versions) until reset or `null`: see ListAnswersOptions. */
	setListAnswers(options: ListAnswersOptions | null): void;
	removeFault(id: string): boolean;
	clearFaults(): void;
	createOrder(opts?: CreateOrderOptions): Promise<{ order: Order; orderUnits: OrderUnit[] }>;
	/** `storefront`: the v2 storefront of the event (default: the resource's) */
	emitEvent(eventName: string, resource: string, payload?: string, options?: { storefront?: string }): Promise<void>;
	setStatus(collection: StatusCollection, id: string | number, status: string): void;
	deliveries(): NotificationDelivery[];
	outbox(): Mail[];
	flushNotifications(): Promise<void>;
	/** moves sandbox time on, running everything that falls due on the way (retries, processing) */
	advance(seconds: number): Promise<void>;
	/** sandbox time, ms since the epoch */
	now(): number;
	reset(): void;
	save(path?: string): void;
}

export function createControl(core: SandboxCore, hooks: ControlHooks): CoreControl {
	const event = eventShape(hooks);
	return {
		get db() {
			return core.store.db;
		},
		requests: () => core.requests,
		clearRequests: () => core.clearRequests(),
		addFault: (rule) => core.faults.add(rule),
		setListAnswers: (options) => core.listAnswers.set(options),
		removeFault: (id) => core.faults.remove(id),
		clearFaults: () => core.faults.clear(),
		createOrder: async (opts = {}) => createOrder(core, hooks, opts),
		emitEvent: async (eventName, resource, payload, options = {}) => {
			const checked = parseBody({ event_name: eventName, resource, payload, storefront: options.storefront }, event);
			checkStorefront(hooks, checked.storefront);
			core.notifier.emit(checked.event_name, checked.resource, checked.payload, { storefront: checked.storefront });
		},
		setStatus: (collection, id, status) => setStatus(core, collection, id, status),
		deliveries: () => core.notifier.deliveries,
		outbox: () => core.notifier.outbox,
		flushNotifications: () => core.scheduler.runDue(),
		advance: async (seconds) => {
			numberIn(0, MAX_ADVANCE_SECONDS)(seconds, 'seconds');
			if (core.now() + seconds * 1000 > LAST_SANDBOX_TIME)
				throw badRequest('seconds would move sandbox time past the year 9999');
			await core.scheduler.advance(seconds);
		},
		now: () => core.now(),
		reset: () => {
			core.reset();
			hooks.reset();
		},
		save: (path) => core.save(path),
	};
}

function checkStorefront(hooks: ControlHooks, storefront: string | undefined): void {
	if (storefront !== undefined && !hooks.storefronts.includes(storefront)) {
		throw badRequest(`storefront '${storefront}' is not one of ${hooks.storefronts.join(', ')}`);
	}
}

function createOrder(
	core: SandboxCore,
	hooks: ControlHooks,
	options: CreateOrderOptions,
): { order: Order; orderUnits: OrderUnit[] } {
	const { store } = core;
	const opts = parseBody(options, ORDER_OPTIONS);
	const lines = opts.units ?? [{ id_unit: store.db.units[0]?.id_unit, quantity: 1 }];
	const units = lines.map((line, i) => {
		const unit = store.find('units', line.id_unit);
		if (!unit) throw badRequest(`units[${i}].id_unit: unit ${line.id_unit} does not exist`);
		return { unit, quantity: line.quantity ?? 1 };
	});
	const status = opts.status ?? 'need_to_be_sent';
	if (opts.id_order !== undefined && store.find('orders', opts.id_order))
		throw badRequest(`order ${opts.id_order} exists already`);
	checkStorefront(hooks, opts.storefront);

	const now = core.now();
	const order = newOrder(store, core.random, now, opts.fulfilledByMarketplace === true, opts.id_order, opts.storefront);
	const orderUnits = units.flatMap(({ unit, quantity }) =>
		Array.from({ length: quantity }, () => newOrderUnit(store, order, unit, status, now, core.origin)),
	);
	// marketplace-fulfilled orders do not exist for API v1, so they notify nobody
	if (!order._fulfilled_by_marketplace) {
		core.notifier.emit('order_new', `/orders/${order.id_order}/`);
		for (const unit of orderUnits) core.notifier.emit('order_unit_new', `/order-units/${unit.id_order_unit}/`);
	}
	return { order: publicView(order), orderUnits: orderUnits.map(publicView) };
}

function setStatus(core: SandboxCore, collection: StatusCollection, id: string | number, status: string): void {
	if (typeof collection !== 'string' || !Object.hasOwn(STATUS_MOVES, collection)) {
		throw badRequest(
			`collection: the status of '${String(collection)}' cannot be moved; use one of ${Object.keys(STATUS_MOVES).join(', ')}`,
		);
	}
	recordId(id, 'id');
	const move = STATUS_MOVES[collection];
	if (typeof status !== 'string' || !(move.statuses as readonly string[]).includes(status)) {
		throw badRequest(
			`status: '${String(status)}' is not a status of ${collection}; use one of ${move.statuses.join(', ')}`,
		);
	}
	const row = core.store.find(collection, id) as { status: string; ts_updated?: string } | undefined;
	if (!row) throw notFound(`${collection} ${id} not found`);
	row.status = status;
	if ('ts_updated' in row) row.ts_updated = core.timestamp();
	if (move.event) core.notifier.emit(move.event, `/${move.path}/${id}/`);
}

// ---------------------------------------------------------------------------------------------
// HTTP control API

export function createControlHandler(
	core: SandboxCore,
	control: CoreControl,
	hooks: ControlHooks,
	info: () => Record<string, unknown>,
) {
	const event = eventShape(hooks);
	return async (req: http.IncomingMessage, rawBody: Buffer): Promise<Reply> => {
		const method = req.method ?? 'GET';
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const path = url.pathname.replace(/^\/_sandbox/, '').replace(/\/$/, '') || '/';
		const body = (): Record<string, unknown> => {
			const text = rawBody.toString('utf8');
			if (text.trim() === '') return {};
			const value = parseJson(text);
			if (typeof value !== 'object' || value === null || Array.isArray(value))
				throw badRequest('the body must be a JSON object');
			return value as Record<string, unknown>;
		};
		const json = (value: unknown, status = 200): Reply => ({ status, json: value });
		const done: Reply = { status: 204 };

		switch (`${method} ${path}`) {
			case 'GET /':
				return json(info());
			case 'GET /requests':
				return json(control.requests());
			case 'DELETE /requests':
				control.clearRequests();
				return done;
			case 'GET /faults':
				return json(core.faults.list());
			case 'POST /faults':
				return json({ id: control.addFault(body() as unknown as FaultRule) }, 201);
			case 'DELETE /faults':
				control.clearFaults();
				return done;
			case 'GET /list-answers':
				return json(core.listAnswers.get());
			case 'PUT /list-answers':
				control.setListAnswers(body() as ListAnswersOptions);
				return json(core.listAnswers.get());
			case 'DELETE /list-answers':
				control.setListAnswers(null);
				return done;
			case 'POST /orders':
				return json(await control.createOrder(body() as CreateOrderOptions), 201);
			case 'POST /events': {
				const checked = parseBody(body(), event);
				await control.emitEvent(checked.event_name, checked.resource, checked.payload, {
					storefront: checked.storefront,
				});
				return done;
			}
			case 'POST /status': {
				const move = parseBody(body(), { collection: string, id: recordId, status: string });
				control.setStatus(move.collection as StatusCollection, move.id, move.status);
				return done;
			}
			case 'GET /deliveries':
				return json(control.deliveries());
			case 'GET /outbox':
				return json(control.outbox());
			case 'POST /flush':
				await control.flushNotifications();
				return done;
			case 'POST /advance': {
				const { seconds } = parseBody(body(), { seconds: numberIn(0, MAX_ADVANCE_SECONDS) });
				await control.advance(seconds);
				return json({ now: core.timestamp() });
			}
			case 'POST /reset':
				control.reset();
				return done;
			case 'POST /save':
				return json({ file: saveSnapshot(core, body()) });
			case 'POST /load': {
				const file = snapshotFile(core.options.dataDir, parseBody(body(), { name: string }).name);
				if (!fs.existsSync(file)) throw notFound(`no snapshot ${file}`);
				withFileErrors('load', () => core.load(file));
				return done;
			}
		}
		const versionRoute = hooks.routes[`${method} ${path}`];
		if (versionRoute && Object.hasOwn(hooks.routes, `${method} ${path}`)) return await versionRoute(body);
		const fault = /^\/faults\/([^/]+)$/.exec(path);
		if (fault && method === 'DELETE') {
			if (!control.removeFault(fault[1])) throw notFound(`fault ${fault[1]} not found`);
			return done;
		}
		const state = /^\/state\/([A-Za-z]+)$/.exec(path);
		if (state && method === 'GET') {
			const name = state[1] as CollectionName;
			if (!COLLECTIONS.includes(name))
				throw notFound(`no collection '${name}'; collections: ${COLLECTIONS.join(', ')}`);
			return json(core.store.db[name]);
		}
		throw notFound(`No control endpoint ${method} ${url.pathname}`);
	};
}

/**
 * Over HTTP a snapshot is only ever a file name inside the data folder; a path (which could put a file a
 * shell later runs anywhere) is never taken. Without a name it goes to the --snapshot file chosen at start.
 */
function saveSnapshot(core: SandboxCore, body: Record<string, unknown>): string {
	const { dataDir, snapshotPath } = core.options;
	if ('path' in body) throw badRequest(`path is not accepted over HTTP; give name, a file name to keep in ${dataDir}`);
	const { name } = parseBody(body, { name: optional(string) });
	if (name === undefined && !snapshotPath) {
		throw badRequest(
			`name is required (e.g. 'state.json'; kept in ${dataDir}) unless the sandbox was started with --snapshot`,
		);
	}
	const file = name === undefined ? snapshotPath! : snapshotFile(dataDir, name);
	withFileErrors('save', () => core.save(file));
	return file;
}

function withFileErrors(action: 'save' | 'load', run: () => void): void {
	try {
		run();
	} catch (error) {
		if (error instanceof ApiError) throw error;
		throw new ApiError(
			500,
			`Could not ${action} the snapshot: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
}
