/**
 * The control handle (in-process) and the unsigned HTTP control API under /_sandbox/ (loopback only).
 * Both drive the same SandboxCore.
 */
import type http from 'http';
import type { SandboxCore } from './core';
import { EVENT_NAMES, ORDER_UNIT_STATUSES, RETURN_STATUSES, RETURN_UNIT_STATUSES, TICKET_STATUSES } from './enums';
import { ApiError, badRequest, notFound } from './errors';
import type { Reply } from './router';
import { newOrder, newOrderUnit } from './seed';
import { COLLECTIONS, publicView } from './store';
import { V2_ONLY_EVENT_NAMES } from './v2/events';
import type { V2Control, V2Runtime } from './v2/runtime';
import { STOREFRONTS } from './v2/storefronts';
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

export interface SandboxControl extends V2Control {
	db: SandboxDb;
	requests(): RequestLogEntry[];
	clearRequests(): void;
	addFault(rule: FaultRule): string;
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

const EVENT_NAMES_ANY_API: readonly string[] = [...EVENT_NAMES, ...V2_ONLY_EVENT_NAMES];

export function createControl(core: SandboxCore, v2: V2Runtime): SandboxControl {
	return {
		...v2.control(),
		get db() {
			return core.store.db;
		},
		requests: () => core.requests,
		clearRequests: () => {
			core.requests = [];
		},
		addFault: (rule) => core.faults.add(rule),
		removeFault: (id) => core.faults.remove(id),
		clearFaults: () => core.faults.clear(),
		createOrder: async (opts = {}) => createOrder(core, opts),
		emitEvent: async (eventName, resource, payload, options = {}) => {
			if (!EVENT_NAMES_ANY_API.includes(eventName)) throw badRequest(`unknown event name '${eventName}'`);
			checkStorefront(options.storefront);
			core.notifier.emit(eventName, resource, payload, options);
		},
		setStatus: (collection, id, status) => setStatus(core, collection, id, status),
		deliveries: () => core.notifier.deliveries,
		outbox: () => core.notifier.outbox,
		flushNotifications: () => core.scheduler.runDue(),
		advance: (seconds) => core.scheduler.advance(seconds),
		now: () => core.now(),
		reset: () => {
			core.reset();
			v2.reset();
		},
		save: (path) => core.save(path),
	};
}

function checkStorefront(storefront: string | undefined): void {
	if (storefront !== undefined && !STOREFRONTS.includes(storefront)) {
		throw badRequest(`storefront '${storefront}' is not one of ${STOREFRONTS.join(', ')}`);
	}
}

function createOrder(core: SandboxCore, opts: CreateOrderOptions): { order: Order; orderUnits: OrderUnit[] } {
	const { store } = core;
	const lines = opts.units ?? [{ id_unit: store.db.units[0]?.id_unit, quantity: 1 }];
	if (lines.length === 0) throw badRequest('an order needs at least one unit');
	const units = lines.map((line) => {
		const unit = store.find('units', line.id_unit);
		if (!unit) throw badRequest(`unit ${line.id_unit} does not exist`);
		const quantity = line.quantity ?? 1;
		if (!Number.isInteger(quantity) || quantity < 1) throw badRequest('quantity must be a positive integer');
		return { unit, quantity };
	});
	const status = opts.status ?? 'need_to_be_sent';
	if (!(ORDER_UNIT_STATUSES as readonly string[]).includes(status)) throw badRequest(`unknown order unit status '${status}'`);
	if (opts.id_order !== undefined && store.find('orders', opts.id_order)) throw badRequest(`order ${opts.id_order} exists already`);
	checkStorefront(opts.storefront);

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
	const move = STATUS_MOVES[collection];
	if (!move) throw badRequest(`status of '${collection}' cannot be moved; use one of ${Object.keys(STATUS_MOVES).join(', ')}`);
	if (!(move.statuses as readonly string[]).includes(status)) {
		throw badRequest(`'${status}' is not a status of ${collection}; use one of ${move.statuses.join(', ')}`);
	}
	const row = core.store.find(collection, id) as { status: string; ts_updated?: string } | undefined;
	if (!row) throw notFound(`${collection} ${id} not found`);
	row.status = status;
	if ('ts_updated' in row) row.ts_updated = core.timestamp();
	if (move.event) core.notifier.emit(move.event, `/${move.path}/${id}/`);
}

// ---------------------------------------------------------------------------------------------
// HTTP control API

export function createControlHandler(core: SandboxCore, control: SandboxControl, info: () => Record<string, unknown>) {
	return async (req: http.IncomingMessage, rawBody: Buffer): Promise<Reply> => {
		const method = req.method ?? 'GET';
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const path = url.pathname.replace(/^\/_sandbox/, '').replace(/\/$/, '') || '/';
		const body = (): Record<string, unknown> => {
			const text = rawBody.toString('utf8');
			if (text.trim() === '') return {};
			try {
				return JSON.parse(text) as Record<string, unknown>;
			} catch {
				throw new ApiError(400, 'Can not decode body');
			}
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
			case 'POST /orders':
				return json(await control.createOrder(body() as CreateOrderOptions), 201);
			case 'POST /events': {
				const { event_name, resource, payload, storefront } = body();
				if (typeof event_name !== 'string' || typeof resource !== 'string') {
					throw badRequest('body needs event_name and resource strings');
				}
				await control.emitEvent(event_name, resource, typeof payload === 'string' ? payload : undefined, {
					storefront: typeof storefront === 'string' ? storefront : undefined,
				});
				return done;
			}
			case 'POST /status': {
				const { collection, id, status } = body();
				control.setStatus(collection as StatusCollection, id as string | number, String(status));
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
				const { seconds } = body();
				if (typeof seconds !== 'number' || !(seconds >= 0)) throw badRequest('body needs seconds, a non-negative number');
				await control.advance(seconds);
				return json({ now: core.timestamp() });
			}
			case 'POST /reset':
				control.reset();
				return done;
			case 'GET /rate-limit':
				return json({ perSecond: control.rateLimit() });
			case 'PUT /rate-limit': {
				const { perSecond } = body();
				if (perSecond !== null && typeof perSecond !== 'number') throw badRequest('body needs perSecond: a number, or null for no limit');
				try {
					control.setRateLimit(perSecond);
				} catch (error) {
					throw badRequest((error as Error).message);
				}
				return json({ perSecond: control.rateLimit() });
			}
			case 'GET /response-violations':
				return json(control.responseViolations());
			case 'DELETE /response-violations':
				control.clearResponseViolations();
				return done;
			case 'POST /save': {
				const { path: file } = body();
				control.save(typeof file === 'string' ? file : undefined);
				return done;
			}
		}
		const fault = /^\/faults\/([^/]+)$/.exec(path);
		if (fault && method === 'DELETE') {
			if (!control.removeFault(fault[1])) throw notFound(`fault ${fault[1]} not found`);
			return done;
		}
		const state = /^\/state\/([A-Za-z]+)$/.exec(path);
		if (state && method === 'GET') {
			const name = state[1] as CollectionName;
			if (!COLLECTIONS.includes(name)) throw notFound(`no collection '${name}'; collections: ${COLLECTIONS.join(', ')}`);
			return json(core.store.db[name]);
		}
		throw notFound(`No control endpoint ${method} ${url.pathname}`);
	};
}
