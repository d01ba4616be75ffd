/**
 * Item 3: notifications through the trigger's webhook handler, in-process (test/harness/webhook-host.ts
 * plays n8n's webhook server around the real node with n8n-core's WebhookContext): parse, verify, de-duplicate.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';

import { WebhookHost } from '../test/harness/webhook-host';
import { now } from './measure';
import type { SandboxProcess } from './sandbox-client';

export interface DirectResult {
	sent: number;
	unique: number;
	ms: number;
	perSecond: number;
	executions: number;
	/** unique id_messages that started exactly one execution */
	exactlyOnce: number;
	/** repeats (retries) sent after their original was answered, and how many of them started a run */
	repeats: number;
	repeatsExecuted: number;
	non200: number;
}

export interface BurstCheck {
	events: number;
	ms: number;
	perSecond: number;
	delivered: number;
	executions: number;
	exactlyOnce: number;
	lost: number;
	duplicated: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs a notification signed the way the sandbox signs them (own HMAC, not the package's code). */
function post(url: string, secretKey: string, body: string): Promise<number> {
	const timestamp = String(Math.floor(Date.now() / 1000));
	const signature = createHmac('sha256', secretKey).update(`POST\n${url}\n${body}\n${timestamp}`).digest('hex');
	const target = new URL(url);
	return new Promise((resolve, reject) => {
		const req = http.request(
			{
				agent,
				host: target.hostname,
				port: target.port,
				method: 'POST',
				path: target.pathname,
				headers: { 'Content-Type': 'application/json', 'HM-Timestamp': timestamp, 'HM-Signature': signature },
			},
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < items.length) await work(items[next++]);
		}),
	);
}

function countIds(host: WebhookHost, from: number): Map<string, number> {
	const counts = new Map<string, number>();
	for (const execution of host.executions.slice(from)) {
		for (const item of execution.items)
			counts.set(String(item.id_message), (counts.get(String(item.id_message)) ?? 0) + 1);
	}
	return counts;
}

export async function startHost(sandbox: SandboxProcess): Promise<WebhookHost> {
	const host = await WebhookHost.start({
		credentials: sandbox.credentials,
		parameters: { events: ['order_new'], fallbackEmail: 'ops@seller.example' },
	});
	await host.activate();
	return host;
}

/** `count` distinct notifications, `concurrency` in flight, then a tenth of them again as retries. */
export async function directThroughput(
	host: WebhookHost,
	secretKey: string,
	orderIds: string[],
	count: number,
	concurrency: number,
): Promise<DirectResult> {
	const url = host.url();
	const bodies = Array.from({ length: count }, (_, i) =>
		JSON.stringify({
			event_name: 'order_new',
			resource: `/orders/${orderIds[i % orderIds.length]}/`,
			id_message: randomUUID(),
			payload: '[]',
		}),
	);
	const from = host.executions.length;
	let non200 = 0;
	const start = now();
	await pool(bodies, concurrency, async (body) => {
		if ((await post(url, secretKey, body)) !== 200) non200++;
	});
	const ms = now() - start;
	const executions = host.executions.length - from;
	const repeatsFrom = host.executions.length;
	// retries of already answered deliveries, one at a time after a short pause, as the marketplace retries
	const repeats = bodies.filter((_, i) => i % 10 === 0).slice(-Math.min(100, Math.ceil(count / 10)));
	for (const body of repeats) if ((await post(url, secretKey, body)) !== 200) non200++;
	const counts = countIds(host, from);
	return {
		sent: count,
		unique: count,
		ms,
		perSecond: (count / ms) * 1000,
		executions,
		exactlyOnce: [...counts.values()].filter((c) => c === 1).length,
		repeats: repeats.length,
		repeatsExecuted: host.executions.length - repeatsFrom,
		non200,
	};
}

/** The sandbox emits `count` events at once to the host; every id_message must start exactly one execution. */
export async function sandboxBurst(
	host: WebhookHost,
	sandbox: SandboxProcess,
	orderIds: string[],
	count: number,
): Promise<BurstCheck> {
	const from = host.executions.length;
	const result = await sandbox.burst(
		count,
		'order_new',
		orderIds.map((id) => `/orders/${id}/`),
	);
	const counts = countIds(host, from);
	const sent = new Set(result.deliveries.map((d) => d.id_message));
	return {
		events: count,
		ms: result.ms,
		perSecond: (count / result.ms) * 1000,
		delivered: result.deliveries.filter((d) => d.ok).length,
		executions: host.executions.length - from,
		exactlyOnce: [...sent].filter((id) => counts.get(id) === 1).length,
		lost: [...sent].filter((id) => !counts.has(id)).length,
		duplicated: [...counts.values()].filter((c) => c > 1).length,
	};
}

export function closeAgent(): void {
	agent.destroy();
}
