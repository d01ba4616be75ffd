/** Shared state of one running sandbox: options, database, clock, scheduler, notifier, faults, logs. */
import fs from 'fs';
import { SandboxClock, Scheduler } from './clock';
import { Faults } from './faults';
import { Notifier } from './notifications';
import { DEFAULT_PAGE_LIMIT, DEFAULT_PAGE_LIMITS } from './pagination';
import { createRandom, Random, seedDb } from './seed';
import { Store } from './store';
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
		snapshotPath: options.snapshotPath,
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
	/** randomness for records created while running (order buyers, tokens) */
	random: Random;
	requests: RequestLogEntry[] = [];
	requestSeq = 0;

	constructor(
		readonly options: ResolvedOptions,
		readonly origin: string,
	) {
		this.clock = new SandboxClock(options.timeScale);
		this.scheduler = new Scheduler(this.clock, (label, error) => options.log(`task '${label}' failed: ${String(error)}`));
		this.store = new Store(this.initialDb());
		this.random = createRandom(options.seed + 1);
		this.faults = new Faults(createRandom(options.seed + 2));
		this.notifier = new Notifier({
			store: this.store,
			clock: this.clock,
			scheduler: this.scheduler,
			secretKey: options.secretKey,
			callbackTimeoutMs: options.callbackTimeoutSeconds * 1000,
			log: options.log,
		});
	}

	get baseUrl(): string {
		return `${this.origin}/api/v1`;
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

	/** Back to the start state: seed (or snapshot), no logs, no faults, no pending work. */
	reset(): void {
		this.scheduler.clear();
		this.store.replace(this.initialDb());
		this.random = createRandom(this.options.seed + 1);
		this.faults.clear();
		this.notifier.reset();
		this.requests = [];
	}

	save(path = this.options.snapshotPath): void {
		if (!path) throw new Error('no snapshot path given');
		fs.writeFileSync(path, JSON.stringify(this.store.db));
	}

	private initialDb(): SandboxDb {
		const path = this.options.snapshotPath;
		if (path && fs.existsSync(path)) {
			// urls in a snapshot carry the origin it was saved with; point them at this server
			const text = fs.readFileSync(path, 'utf8').replace(/http:\/\/[^/"]+\/api\/v1\//g, `${this.origin}/api/v1/`);
			return JSON.parse(text) as SandboxDb;
		}
		return seedDb({ seed: this.options.seed, orders: this.options.orders, origin: this.origin });
	}
}
