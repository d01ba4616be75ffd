/**
 * Route table: path templates such as '/order-units/{id}/send/' matched segment by segment.
 * A route's first path is the one the spec writes; the others are aliases (forms the SDK or other sources
 * use). A lenient sandbox answers aliases and logs them in the request log's `alias`; a strict one
 * (`strict` option, `--strict`) refuses every alias. See docs/decisions.md.
 */
import { ApiError, badRequest } from '../core/errors';
import type { SandboxCore } from '../core/sandbox-core';
import type { Reply } from '../core/reply';
import type { RequestLogEntry } from '../core/types';

export type { Reply };

export interface RouteContext {
	core: SandboxCore;
	method: string;
	/** path relative to /api/v1, e.g. '/orders/seller/' */
	path: string;
	/** the template that matched, e.g. '/order_units/{id}/refund/' */
	template: string;
	params: Record<string, string>;
	query: Record<string, string>;
	rawBody: string;
	/** parsed JSON body; `{}` when the body is empty; 400 "Can not decode body" when it is not JSON */
	body(): unknown;
	/** maximum `limit` of this collection path */
	maxLimit: number;
	entry: RequestLogEntry;
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

export interface Route {
	method: string;
	/** accepted path templates: the spec's first (used in the request log), then aliases */
	paths: string[];
	handler: Handler;
	/** answered without a request signature (token-protected downloads) */
	unsigned?: boolean;
}

export interface RouteMatch {
	route: Route;
	template: string;
	params: Record<string, string>;
	name: string;
}

export function route(method: string, paths: string | string[], handler: Handler, extra: Partial<Route> = {}): Route {
	return { method, paths: Array.isArray(paths) ? paths : [paths], handler, ...extra };
}

export const ok = (json: unknown): Reply => ({ status: 200, json });
export const noContent = (): Reply => ({ status: 204 });
/** 201 with `Location` relative to the API root, e.g. '/units/500041/' */
export const created = (location: string, json?: unknown): Reply => ({
	status: 201,
	json,
	headers: { Location: location },
});

/** Reads a path parameter that must be a positive integer. */
export function intParam(ctx: RouteContext, name = 'id'): number {
	const text = ctx.params[name];
	if (!/^\d+$/.test(text))
		throw badRequest(`${name === 'id' ? 'id' : name} in the path must be an integer, got '${text}'`);
	return Number(text);
}

/**
 * The request used `alias`, a form the spec does not write. Lenient: noted in the request log.
 * Strict: refused with `refusal` (a 400 unless another status fits better).
 */
export function useAlias(ctx: RouteContext, alias: string, refusal: string, status = 400): void {
	if (ctx.core.options.strict) throw new ApiError(status, `${refusal} (strict sandbox: aliases are refused)`);
	ctx.entry.alias = ctx.entry.alias ? `${ctx.entry.alias}; ${alias}` : alias;
}

/** Endpoints the spec writes with "No body": an empty request body; `{}` is an alias. */
export function noBody(ctx: RouteContext): void {
	if (ctx.rawBody === '') return;
	const body = ctx.body();
	if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length > 0) {
		throw badRequest(`${ctx.entry.route} takes no body`);
	}
	useAlias(ctx, 'body {} where the spec says no body', `${ctx.entry.route} takes no body, not even {}`);
}

/** Refuses query parameters on endpoints that take none (besides those listed). */
export function noQuery(ctx: RouteContext, allowed: string[] = []): void {
	const extra = Object.keys(ctx.query).filter((name) => !allowed.includes(name));
	if (extra.length > 0)
		throw badRequest(
			`Unknown query parameter '${extra[0]}'${allowed.length ? `; accepted: ${allowed.join(', ')}` : ''}`,
		);
}

interface Compiled {
	route: Route;
	template: string;
	segments: string[];
	literalCount: number;
}

export class Router {
	private readonly compiled: Compiled[] = [];

	constructor(routes: Route[]) {
		for (const r of routes) {
			r.paths.forEach((template, i) => {
				const segments = template.split('/');
				const route = { ...r, handler: conformant(r, i === 0 ? undefined : template) };
				this.compiled.push({
					route,
					template,
					segments,
					literalCount: segments.filter((s) => !s.startsWith('{')).length,
				});
			});
		}
		// literal segments win over parameters: '/orders/seller/' before '/orders/{id}/'
		this.compiled.sort((a, b) => b.literalCount - a.literalCount);
	}

	/** Finds the route for a path; `allowed` lists the methods of the path when only the method is wrong. */
	match(method: string, path: string): { match?: RouteMatch; allowed: string[] } {
		const segments = path.split('/');
		const allowed: string[] = [];
		for (const c of this.compiled) {
			const params = matchSegments(c.segments, segments);
			if (!params) continue;
			if (c.route.method !== method) {
				allowed.push(c.route.method);
				continue;
			}
			return {
				match: { route: c.route, template: c.template, params, name: `${method} ${c.route.paths[0]}` },
				allowed,
			};
		}
		return { allowed: [...new Set(allowed)] };
	}
}

/** The checks every request gets before its handler: an alias path, a repeated query parameter. */
function conformant(route: Route, aliasTemplate: string | undefined): Handler {
	return (ctx) => {
		if (aliasTemplate !== undefined) {
			useAlias(
				ctx,
				`path ${aliasTemplate}`,
				`${ctx.method} ${ctx.path} is not the spec's path; it writes ${ctx.method} ${route.paths[0]}`,
				404,
			);
		}
		const repeated = repeatedQueryParameter(ctx.entry.rawUrl);
		if (repeated !== undefined) {
			useAlias(
				ctx,
				`repeated query parameter ${repeated}`,
				`query parameter '${repeated}' is given more than once; give several values comma-separated`,
			);
		}
		return route.handler(ctx);
	};
}

function repeatedQueryParameter(rawUrl: string): string | undefined {
	const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
	const seen = new Set<string>();
	for (const name of new URLSearchParams(query).keys()) {
		if (seen.has(name)) return name;
		seen.add(name);
	}
	return undefined;
}

function matchSegments(template: string[], actual: string[]): Record<string, string> | undefined {
	if (template.length !== actual.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < template.length; i++) {
		const t = template[i];
		if (t.startsWith('{')) {
			if (actual[i] === '') return undefined;
			try {
				params[t.slice(1, -1)] = decodeURIComponent(actual[i]);
			} catch {
				return undefined;
			}
		} else if (t !== actual[i]) return undefined;
	}
	return params;
}
