/**
 * Local stand-in for the Seller Marketplace API: v1 under /api/v1 and v2 under /v2, over one store
 * (see sandbox/README.md and docs/sandbox-contract.md).
 * Independent of nodes/ and credentials/ on purpose: its own routes, its own signature check.
 */
import type { AddressInfo } from 'net';
import { createControl, createControlHandler, type CoreControl } from './core/control';
import {
	DEFAULT_CLIENT_KEY,
	DEFAULT_SECRET_KEY,
	resolveOptions,
	ResolvedOptions,
	SandboxCore,
} from './core/sandbox-core';
import { CONTROL_PREFIX, createHttpServer, type ApiFront } from './core/server';
import type { SandboxOptions } from './core/types';
import type { SandboxV2Options } from './v2/types';
import { v1NotificationFormat } from './v1/events';
import { API_PREFIX, createV1Front } from './v1/front';
import { Router } from './v1/router';
import { allRoutes } from './v1/routes';
import { v2ControlHooks } from './v2/control';
import { createV2Front, V2_PREFIX } from './v2/front';
import {
	DEFAULT_PARTNER_CLIENT_KEY,
	DEFAULT_PARTNER_SECRET_KEY,
	resolveV2Options,
	startV2,
	type V2Control,
} from './v2/runtime';

export { DEFAULT_CLIENT_KEY, DEFAULT_SECRET_KEY, DEFAULT_PARTNER_CLIENT_KEY, DEFAULT_PARTNER_SECRET_KEY };
export { DOCUMENTED_RATE_LIMIT } from './v2/rate-limit';
export { signature } from './core/auth';
export { formatTimestamp } from './core/clock';
export { RETRY_OFFSETS_MS } from './core/notifications';
export { type ListAnswersOptions } from './core/list-answers';
export { collectionRange } from './v1/pagination';
export type { StatusCollection } from './core/control';
export type * from './core/types';
export type * from './v2/types';

export type StartOptions = SandboxOptions & SandboxV2Options;

/** The control handle: the core's, plus what API v2 adds (docs/sandbox-contract.md). */
export type SandboxControl = CoreControl & V2Control;

export interface Sandbox {
	baseUrl: string;
	/** the API v2 base URL, e.g. http://127.0.0.1:8787/v2 (no trailing slash) */
	v2BaseUrl: string;
	origin: string;
	controlUrl: string;
	clientKey: string;
	secretKey: string;
	/** the partner key pair API v2 accepts (Shop-Partner-Client-Key / Shop-Partner-Signature) */
	partnerClientKey: string;
	partnerSecretKey: string;
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

const HOST_NAME =
	/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;

function checkOptions(options: ResolvedOptions): void {
	const badHost = options.allowedHosts.find((name) => typeof name !== 'string' || !HOST_NAME.test(name));
	if (badHost !== undefined)
		throw new Error(`allowedHosts: '${String(badHost)}' is not a host name (no port, no scheme)`);
	for (const [name, min, max, whole] of NUMBER_OPTIONS) {
		const value = options[name];
		if (typeof value !== 'number' || !(value >= min && value <= max) || (whole && !Number.isInteger(value))) {
			throw new Error(
				`${name} must be ${whole ? 'a whole number' : 'a number'} ${min === Number.MIN_VALUE ? 'above 0' : `from ${min}`} up to ${max}, got ${String(value)}`,
			);
		}
	}
}

export async function startSandbox(options: StartOptions = {}): Promise<Sandbox> {
	const resolved = resolveOptions(options);
	checkOptions(resolved);
	const v2Options = resolveV2Options(options);
	const router = new Router(allRoutes);
	// the server has to listen before the core exists: seeded URLs carry the real port
	const late: { core?: SandboxCore; handleControl?: ReturnType<typeof createControlHandler>; fronts: ApiFront[] } = {
		fronts: [],
	};
	const server = createHttpServer(
		() => late.core!,
		(req, body) => late.handleControl!(req, body),
		() => late.fronts,
	);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(resolved.port, resolved.host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	const host = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
	const origin = `http://${host}:${port}`;
	const core = new SandboxCore(resolved, origin);
	core.notifier.register('v1', v1NotificationFormat(core));
	const v2 = startV2(core, v2Options);
	const hooks = v2ControlHooks(v2);
	// Object.assign keeps the core handle's `db` getter
	const control: SandboxControl = Object.assign(createControl(core, hooks), v2.control());
	const sandbox: Sandbox = {
		baseUrl: origin + API_PREFIX,
		v2BaseUrl: origin + V2_PREFIX,
		origin,
		controlUrl: origin + CONTROL_PREFIX,
		clientKey: resolved.clientKey,
		secretKey: resolved.secretKey,
		partnerClientKey: v2.options.partnerClientKey,
		partnerSecretKey: v2.options.partnerSecretKey,
		control,
		close: async () => {
			core.scheduler.stop();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	late.core = core;
	// v1 last: it answers the paths under no prefix (a 404 naming its root)
	late.fronts = [createV2Front(v2), createV1Front(core, router)];
	late.handleControl = createControlHandler(core, control, hooks, () => ({
		baseUrl: sandbox.baseUrl,
		v2BaseUrl: sandbox.v2BaseUrl,
		origin,
		controlUrl: sandbox.controlUrl,
		clientKey: sandbox.clientKey,
		secretKey: sandbox.secretKey,
		partnerClientKey: sandbox.partnerClientKey,
		partnerSecretKey: sandbox.partnerSecretKey,
		storefronts: v2.options.storefronts,
		rateLimitPerSecond: control.rateLimit(),
		now: core.timestamp(),
		timeScale: resolved.timeScale,
		snapshotFolder: resolved.dataDir,
	}));
	return sandbox;
}
