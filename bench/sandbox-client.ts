/** Parent side of bench/sandbox-process.ts: starts it with ts-node and calls its commands. */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FaultRule } from '../sandbox';

export interface RequestSummary {
	count: number;
	unsigned: number;
	notOk: number;
	firstRawUrl?: string;
	maxOffset: number;
	duplicateOffsets: number;
}

export interface UnitRequests {
	count: number;
	byRoute: Record<string, number>;
	refused: string[];
	unsigned: number;
}

export interface BurstResult {
	ms: number;
	deliveries: Array<{ id_message: string; ok: boolean; status?: number; error?: string }>;
}

export class SandboxProcess {
	private readonly child: ChildProcess;
	private nextId = 0;
	private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
	credentials = { clientKey: '', secretKey: '', baseUrl: '' };

	constructor() {
		this.child = fork(join(__dirname, 'sandbox-process.ts'), [], {
			execArgv: ['-r', 'ts-node/register/transpile-only'],
			cwd: join(__dirname, '..'),
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		this.child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
			const waiter = this.pending.get(message.id);
			if (!waiter) return;
			this.pending.delete(message.id);
			if (message.error) waiter.reject(new Error(`sandbox process: ${message.error}`));
			else waiter.resolve(message.result);
		});
		this.child.on('exit', (code) => {
			for (const waiter of this.pending.values()) waiter.reject(new Error(`sandbox process exited (${code})`));
			this.pending.clear();
		});
	}

	private call<T>(cmd: string, args?: unknown): Promise<T> {
		const id = ++this.nextId;
		return new Promise<T>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
			this.child.send({ id, cmd, args });
		});
	}

	/** (Re)starts the sandbox holding exactly `orderUnits` visible order units. */
	async start(orderUnits: number): Promise<void> {
		const info = await this.call<{ baseUrl: string; clientKey: string; secretKey: string }>('start', { orderUnits });
		this.credentials = { clientKey: info.clientKey, secretKey: info.secretKey, baseUrl: info.baseUrl };
	}

	/** (Re)starts the sandbox strict, at 111 requests a second, holding exactly `units` offers in storefront de (API v2). */
	async startUnits(units: number): Promise<{ baseUrl: string; clientKey: string; secretKey: string }> {
		return await this.call('startUnits', { units });
	}

	unitRequests(): Promise<UnitRequests> {
		return this.call('unitRequests');
	}

	/** [id_unit, amount, listing_price] of every unit */
	unitValues(): Promise<Array<[number, number, number]>> {
		return this.call('unitValues');
	}

	addFault(rule: FaultRule): Promise<string> {
		return this.call('addFault', rule);
	}

	clearFaults(): Promise<void> {
		return this.call('clearFaults');
	}

	clearRequests(): Promise<void> {
		return this.call('clearRequests');
	}

	requests(route?: string): Promise<RequestSummary> {
		return this.call('requests', { route });
	}

	burst(count: number, eventName: string, resources: string[]): Promise<BurstResult> {
		return this.call('burst', { count, eventName, resources });
	}

	orderIds(count: number): Promise<string[]> {
		return this.call('orderIds', { count });
	}

	async close(): Promise<void> {
		await this.call('close').catch(() => undefined);
	}
}
