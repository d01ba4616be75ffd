/** Shared state of one running sandbox: options, database, clock, scheduler, notifier, faults, logs. */
import fs from 'fs';
import path from 'path';
import { SandboxClock, Scheduler } from './clock';
import { Faults } from './faults';
import { DEFAULT_REQUEST_LOG_LIMIT, LOG_TOTAL_BODY_BYTES } from './limits';
import { Notifier } from './notifications';
import { DEFAULT_PAGE_LIMIT, DEFAULT_PAGE_LIMITS, ListAnswers } from './list-answers';
import { createRandom, Random, seedDb } from './seed';
import { readSnapshot, Store, writeSnapshot } from './store';
import type { RequestLogEntry, SandboxDb, SandboxOptions } from './types';

export const DEFAULT_CLIENT_KEY = 'sbxclient0123456789abcdefghijklm';
export const DEFAULT_SECRET_KEY = 'sbxsecret0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS';

export type ResolvedOptions = Required<Omit<SandboxOptions, 'snapshotPath' | 'log'>> &
	Pick<SandboxOptions, 'snapshotPath'> & { log: (line: string) => void };

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
	return {
		port: options.port ?? 0,
		host: options.host ?? '127.0.0.1',
		clientKey: options.clientKey ?? DEFAULT_CLIENT_KEY,
		secretKey: options.secretKey ?? DEFAULT_SECRET_KEY,
		seed: options.seed ?? 1,
		orders: options.orders ?? 20,
		clockWindowSeconds: options.clockWindowSeconds ?? 300,
		pageLimits: { ...DEFAULT_PAGE_LIMITS, ...options.pageLimits },
		timeScale: options.timeScale ?? 1,
		unitVisibilityDelaySeconds: options.unitVisibilityDelaySeconds ?? 0,
		snapshotPath: options.snapshotPath === undefined ? undefined : path.resolve(options.snapshotPath),
		dataDir: path.resolve(options.dataDir ?? path.join('.sandbox', 'snapshots')),
		requestLogLimit: options.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT,
		allowedHosts: options.allowedHosts ?? [],
		log: options.log ?? (() => undefined),
		processingSeconds: options.processingSeconds ?? 10,
		callbackTimeoutSeconds: options.callbackTimeoutSeconds ?? 15,
		productFeedsPerDay: options.productFeedsPerDay ?? 30,
		strict: options.strict ?? false,
	};
}

export class SandboxCore {
	readonly store: Store;
	readonly clock: SandboxClock;
	readonly scheduler: Scheduler;
	readonly notifier: Notifier;
	readonly faults: Faults;
	/** odd list answers a test asked for */
	readonly listAnswers = new ListAnswers();
	/** randomness for records created while running (order buyers, tokens) */
	random: Random;
	requests: RequestLogEntry[] = [];
	requestSeq = 0;
	private requestBodyBytes = 0;

	constructor(
		readonly options: ResolvedOptions,
		readonly origin: string,
	) {
		this.clock = new SandboxClock(options.timeScale);
		this.scheduler = new Scheduler(this.clock, (label, error) =>
			options.log(`task '${label}' failed: ${String(error)}`),
		);
		this.store = new Store(this.initialDb());
		this.random = createRandom(options.seed + 1);
		this.faults = new Faults(createRandom(options.seed + 2));
		this.notifier = new Notifier({
			store: this.store,
			clock: this.clock,
			scheduler: this.scheduler,
			callbackTimeoutMs: options.callbackTimeoutSeconds * 1000,
			log: options.log,
		});
	}

	now(): number {
		return this.clock.now();
	}

	timestamp(): string {
		return this.clock.timestamp();
	}

	maxLimit(path: string): number {
		return this.options.pageLimits[path] ?? DEFAULT_PAGE_LIMIT;
	}

	/** Adds to the request log; the oldest entries go once it holds too many or too large bodies. */
	recordRequest(entry: RequestLogEntry): void {
		this.requests.push(entry);
		this.requestBodyBytes += Buffer.byteLength(entry.body);
		while (this.requests.length > this.options.requestLogLimit || this.requestBodyBytes > LOG_TOTAL_BODY_BYTES) {
			this.requestBodyBytes -= Buffer.byteLength(this.requests.shift()!.body);
		}
	}

	clearRequests(): void {
		this.requests = [];
		this.requestBodyBytes = 0;
	}

	/** Back to the start state: seed (or snapshot), no logs, no faults, no pending work. */
	reset(): void {
		this.restart(this.initialDb());
	}

	/** Like reset, but to the state saved in `file`. */
	load(file: string): void {
		this.restart(readSnapshot(file, this.origin));
	}

	save(file = this.options.snapshotPath): void {
		if (!file) throw new Error('no snapshot path given');
		writeSnapshot(file, this.store.db);
	}

	private restart(db: SandboxDb): void {
		this.scheduler.clear();
		this.store.replace(db);
		this.random = createRandom(this.options.seed + 1);
		this.faults.clear();
		this.listAnswers.set(null);
		this.notifier.reset();
		this.clearRequests();
	}

	private initialDb(): SandboxDb {
		const file = this.options.snapshotPath;
		if (file && fs.existsSync(file)) return readSnapshot(file, this.origin);
		return seedDb({ seed: this.options.seed, orders: this.options.orders, origin: this.origin });
	}
}
