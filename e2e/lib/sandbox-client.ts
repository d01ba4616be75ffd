/**
 * The sandbox's HTTP control API (/_sandbox/, docs/sandbox-contract.md), for tests and the demo when the
 * sandbox runs in another process.
 */
import type {
	CreateOrderOptions,
	NotificationDelivery,
	Order,
	OrderUnit,
	RequestLogEntry,
	Unit,
} from '../../sandbox/core/types';

export class SandboxClient {
	constructor(readonly controlUrl: string) {}

	private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.controlUrl}${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`sandbox ${method} ${path} answered HTTP ${response.status}: ${text}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}

	async info(): Promise<{ baseUrl: string; clientKey: string; secretKey: string; now: string; timeScale: number }> {
		return await this.call('GET', '/');
	}

	async requests(): Promise<RequestLogEntry[]> {
		return await this.call('GET', '/requests');
	}

	/** Requests after `mark` (a seq from lastSeq()). */
	async requestsSince(mark: number): Promise<RequestLogEntry[]> {
		return (await this.requests()).filter((entry) => entry.seq > mark);
	}

	async lastSeq(): Promise<number> {
		const all = await this.requests();
		return all.length ? all[all.length - 1].seq : 0;
	}

	async state<T = Record<string, unknown>>(collection: string): Promise<T[]> {
		return await this.call('GET', `/state/${collection}`);
	}

	async createOrder(options: CreateOrderOptions = {}): Promise<{ order: Order; orderUnits: OrderUnit[] }> {
		return await this.call('POST', '/orders', options);
	}

	/** An order of three units on de: two of one offer and one of another, both with stock to spare. */
	async createThreeUnitOrder(): Promise<{ order: Order; orderUnits: OrderUnit[] }> {
		const units = (await this.state<Unit>('units'))
			.filter((u) => (u._storefront ?? 'de') === 'de' && u.amount > 2)
			.slice(0, 2);
		if (units.length < 2) throw new Error('the sandbox has fewer than two de offers with stock above 2');
		const placed = await this.createOrder({
			units: [{ id_unit: units[0].id_unit, quantity: 2 }, { id_unit: units[1].id_unit }],
			storefront: 'de',
		});
		if (placed.orderUnits.length !== 3) throw new Error(`the order has ${placed.orderUnits.length} units, not 3`);
		return placed;
	}

	async emitEvent(eventName: string, resource: string, payload?: string): Promise<void> {
		await this.call('POST', '/events', { event_name: eventName, resource, payload });
	}

	async setStatus(collection: string, id: string | number, status: string): Promise<void> {
		await this.call('POST', '/status', { collection, id, status });
	}

	async deliveries(): Promise<NotificationDelivery[]> {
		return await this.call('GET', '/deliveries');
	}

	async flush(): Promise<void> {
		await this.call('POST', '/flush');
	}

	async advance(seconds: number): Promise<void> {
		await this.call('POST', '/advance', { seconds });
	}

	async addFault(rule: Record<string, unknown>): Promise<string> {
		return (await this.call<{ id: string }>('POST', '/faults', rule)).id;
	}

	async clearFaults(): Promise<void> {
		await this.call('DELETE', '/faults');
	}
}
