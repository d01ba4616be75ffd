/**
 * The API v2 part of one running sandbox: options, the contract, the route handlers, the rate limiter and the
 * record of responses that broke the contract. It shares the SandboxCore (store, clock, faults, notifier, log).
 */
import fs from 'fs';
import path from 'path';
import type { SandboxCore } from '../core/sandbox-core';
import type { ResponseViolation, SandboxV2Options } from './types';
import { Contract, loadContract } from './contract';
import { v2NotificationFormat } from './events';
import type { V2Handler, V2Operations } from './handler';
import { DOCUMENTED_RATE_LIMIT, RateLimiter } from './rate-limit';
import { DEFAULT_STOREFRONTS, STOREFRONTS } from '../model/storefronts';

export const DEFAULT_PARTNER_CLIENT_KEY = 'sbxpartner0123456789abcdefghijkl';
export const DEFAULT_PARTNER_SECRET_KEY = 'sbxpartnersecret0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL';

export type ResolvedV2Options = Required<Omit<SandboxV2Options, 'rateLimitPerSecond'>> & {
	rateLimitPerSecond: number | null;
	/**
	 * Strict (every test, --strict): only the documented query forms. Default (users, the demo): also the forms the
	 * live API evidently accepts (docs/api-rules.md, "What the default sandbox also accepts").
	 */
	strictRequests: boolean;
};

/** The v2 additions to the control handle (docs/sandbox-contract.md). */
export interface V2Control {
	/** v2 requests per second per client key before 429; null switches the limit off */
	setRateLimit(perSecond: number | null): void;
	rateLimit(): number | null;
	/**
	 * The most v2 requests of one client key (default: of the busiest) that arrived within any sliding second since
	 * the last reset or change of the limit, refused ones included: what the marketplace's limit would have counted.
	 */
	peakRequestsPerSecond(clientKey?: string): number;
	/** the storefronts the seller has set up */
	storefronts(): readonly string[];
	/**
	 * The next `times` (default 1) requests of an operation get this answer, as long as the OpenAPI allows it
	 * (strict mode checks it like any other): a schema-valid answer the simulation would not give by itself, e.g.
	 * `{data: null}` after a product data write, or a 401 whose problem type is `about:blank`. A 2xx answer
	 * replaces the handler's after it ran (the change is made); any other is given instead of running it.
	 */
	scriptAnswer(answer: ScriptedAnswer): void;
	/** v2 responses that did not match the OpenAPI since the start or the last reset/clear */
	responseViolations(): ResponseViolation[];
	clearResponseViolations(): void;
}

export interface ScriptedAnswer {
	operationId: string;
	status: number;
	/** JSON body; undefined sends none */
	body?: unknown;
	times?: number;
	/**
	 * An answer the live API gives although its OpenAPI does not allow it, with the evidence (e.g. the cancel reason
	 * `NoReaction`, phodoval/kaufland-marketplace commit 9231d94): sent as it is, not checked against the OpenAPI.
	 */
	outsideOpenApi?: string;
}

export function resolveV2Options(options: SandboxV2Options): ResolvedV2Options {
	const storefronts = options.storefronts ?? [...DEFAULT_STOREFRONTS];
	const unknown = storefronts.filter((s) => !STOREFRONTS.includes(s));
	if (storefronts.length === 0 || unknown.length > 0) {
		throw new Error(`storefronts must be some of ${STOREFRONTS.join(', ')}; got ${storefronts.join(', ') || 'none'}`);
	}
	const strictResponses = options.strictResponses ?? process.env.JEST_WORKER_ID !== undefined;
	const strict = strictResponses || (options as { strict?: boolean }).strict === true;
	return {
		partnerClientKey: options.partnerClientKey ?? DEFAULT_PARTNER_CLIENT_KEY,
		partnerSecretKey: options.partnerSecretKey ?? DEFAULT_PARTNER_SECRET_KEY,
		storefronts,
		// Strict (every test, --strict): the documented 111 a second per seller unless set; null switches it off.
		rateLimitPerSecond:
			options.rateLimitPerSecond !== undefined ? options.rateLimitPerSecond : strict ? DOCUMENTED_RATE_LIMIT : null,
		strictResponses,
		strictRequests: strict,
		phpQuery: options.phpQuery ?? false,
		v2NotificationTimeoutSeconds: options.v2NotificationTimeoutSeconds ?? 5,
	};
}

export const ROUTES_DIR = path.join(__dirname, 'routes');

/**
 * Every `operations` export of the files in ./routes, keyed by operationId. Adding an operation means adding
 * (or extending) a file there; an operationId the OpenAPI does not have, or one handled twice, stops the start.
 */
export function loadHandlers(contract: Contract, dir = ROUTES_DIR): Map<string, V2Handler> {
	const known = new Set(contract.operations.map((o) => o.operationId));
	const handlers = new Map<string, V2Handler>();
	const files = fs
		.readdirSync(dir)
		.filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
		.sort();
	for (const file of files) {
		const { operations } = require(path.join(dir, file)) as { operations?: V2Operations };
		if (!operations) throw new Error(`sandbox/v2/routes/${file} does not export 'operations'`);
		for (const [operationId, handler] of Object.entries(operations)) {
			if (!known.has(operationId))
				throw new Error(`sandbox/v2/routes/${file}: the OpenAPI has no operation '${operationId}'`);
			if (handlers.has(operationId)) throw new Error(`sandbox/v2/routes/${file}: '${operationId}' is handled twice`);
			handlers.set(operationId, handler);
		}
	}
	return handlers;
}

export class V2Runtime {
	readonly rateLimiter: RateLimiter;
	violations: ResponseViolation[] = [];
	private scripted: Array<
		Required<Omit<ScriptedAnswer, 'body' | 'outsideOpenApi'>> & { body?: unknown; outsideOpenApi?: string }
	> = [];
	private loaded?: { contract: Contract; handlers: Map<string, V2Handler> };

	constructor(
		readonly core: SandboxCore,
		readonly options: ResolvedV2Options,
	) {
		this.rateLimiter = new RateLimiter(options.rateLimitPerSecond);
	}

	// read on the first v2 request, so that a sandbox used through v1 only starts as fast as before
	get contract(): Contract {
		return this.load().contract;
	}

	get handlers(): Map<string, V2Handler> {
		return this.load().handlers;
	}

	private load() {
		if (!this.loaded) {
			const contract = loadContract();
			this.loaded = { contract, handlers: loadHandlers(contract) };
		}
		return this.loaded;
	}

	/** Back to the start: the configured rate limit, no recorded violations, no scripted answers. */
	reset(): void {
		this.rateLimiter.set(this.options.rateLimitPerSecond);
		this.violations = [];
		this.scripted = [];
	}

	/** The scripted answer for this request of `operationId`, if one is waiting (counted as used). */
	takeScriptedAnswer(operationId: string): { status: number; body?: unknown; outsideOpenApi?: string } | undefined {
		const answer = this.scripted.find((candidate) => candidate.operationId === operationId && candidate.times > 0);
		if (!answer) return undefined;
		answer.times--;
		return { status: answer.status, body: structuredClone(answer.body), outsideOpenApi: answer.outsideOpenApi };
	}

	control(): V2Control {
		return {
			setRateLimit: (perSecond) => this.rateLimiter.set(perSecond),
			rateLimit: () => this.rateLimiter.perSecond,
			peakRequestsPerSecond: (clientKey) => this.rateLimiter.peakPerSecond(clientKey),
			storefronts: () => this.options.storefronts,
			scriptAnswer: (answer) => {
				if (!this.contract.operations.some((operation) => operation.operationId === answer.operationId)) {
					throw new Error(`the OpenAPI has no operation '${answer.operationId}'`);
				}
				this.scripted.push({ ...answer, times: answer.times ?? 1 });
			},
			responseViolations: () => this.violations,
			clearResponseViolations: () => {
				this.violations = [];
			},
		};
	}
}

/** The v2 part of a sandbox whose core exists; `options` from resolveV2Options (checked before the server starts). */
export function startV2(core: SandboxCore, options: ResolvedV2Options): V2Runtime {
	core.notifier.register('v2', v2NotificationFormat(core, options.v2NotificationTimeoutSeconds * 1000));
	return new V2Runtime(core, options);
}
