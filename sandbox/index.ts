/**
 * Local stand-in for the Seller Marketplace API v1 (see sandbox/README.md and docs/sandbox-contract.md).
 * Independent of nodes/ and credentials/ on purpose: its own routes, its own signature check.
 */
import type { AddressInfo } from 'net';
import { createControl, createControlHandler, SandboxControl } from './control';
import { DEFAULT_CLIENT_KEY, DEFAULT_SECRET_KEY, resolveOptions, ResolvedOptions, SandboxCore } from './core';
import { Router } from './router';
import { allRoutes } from './routes';
import { API_PREFIX, CONTROL_PREFIX, createHttpServer } from './server';
import type { SandboxOptions } from './types';

export { DEFAULT_CLIENT_KEY, DEFAULT_SECRET_KEY };
export { signature } from './auth';
export { formatTimestamp } from './clock';
export { RETRY_OFFSETS_MS } from './notifications';
export { collectionRange } from './pagination';
export type { SandboxControl, StatusCollection } from './control';
export type * from './types';

export interface Sandbox {
	baseUrl: string;
	origin: string;
	controlUrl: string;
	clientKey: string;
	secretKey: string;
	control: SandboxControl;
	close(): Promise<void>;
}

/** Numbers a start-up option may take: [name, min, max, whole numbers only]. */
const NUMBER_OPTIONS: Array<[keyof ResolvedOptions, number, number, boolean]> = [
	['port', 0, 65535, true],
	['seed', 0, 2 ** 32 - 1, true],
	['orders', 0, 1_000_000, true],
	['timeScale', Number.MIN_VALUE, 1_000_000, false],
	['clockWindowSeconds', 0, 86400 * 366, false],
	['unitVisibilityDelaySeconds', 0, 86400 * 366, false],
	['processingSeconds', 0, 86400 * 366, false],
	['callbackTimeoutSeconds', 0.001, 3600, false],
	['productFeedsPerDay', 0, 1_000_000, true],
	['requestLogLimit', 1, 1_000_000, true],
];

const HOST_NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;

function checkOptions(options: ResolvedOptions): void {
	const badHost = options.allowedHosts.find((name) => typeof name !== 'string' || !HOST_NAME.test(name));
	if (badHost !== undefined) throw new Error(`allowedHosts: '${String(badHost)}' is not a host name (no port, no scheme)`);
	for (const [name, min, max, whole] of NUMBER_OPTIONS) {
		const value = options[name];
		if (typeof value !== 'number' || !(value >= min && value <= max) || (whole && !Number.isInteger(value))) {
			throw new Error(`${name} must be ${whole ? 'a whole number' : 'a number'} ${min === Number.MIN_VALUE ? 'above 0' : `from ${min}`} up to ${max}, got ${String(value)}`);
		}
	}
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const resolved = resolveOptions(options);
	checkOptions(resolved);
	const router = new Router(allRoutes);
	// the server has to listen before the core exists: seeded URLs carry the real port
	const late: { core?: SandboxCore; handleControl?: ReturnType<typeof createControlHandler> } = {};
	const server = createHttpServer(
		() => late.core!,
		router,
		(req, body) => late.handleControl!(req, body),
	);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(resolved.port, resolved.host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	const host = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
	const origin = `http://${host}:${port}`;
	const core = new SandboxCore(resolved, origin);
	const control = createControl(core);
	const sandbox: Sandbox = {
		baseUrl: origin + API_PREFIX,
		origin,
		controlUrl: origin + CONTROL_PREFIX,
		clientKey: resolved.clientKey,
		secretKey: resolved.secretKey,
		control,
		close: async () => {
			core.scheduler.stop();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	late.core = core;
	late.handleControl = createControlHandler(core, control, () => ({
		baseUrl: sandbox.baseUrl,
		origin,
		controlUrl: sandbox.controlUrl,
		clientKey: sandbox.clientKey,
		secretKey: sandbox.secretKey,
		now: core.timestamp(),
		timeScale: resolved.timeScale,
		snapshotFolder: resolved.dataDir,
	}));
	return sandbox;
}
