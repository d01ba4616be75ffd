/**
 * What an API v2 route file works with. Each file in ./routes exports `operations`: handlers keyed by the
 * OpenAPI operationId. The request reaching a handler has passed authentication and the OpenAPI checks,
 * so `params`, `query` and `body` hold values of the declared types (query defaults filled in).
 */
import type { SandboxCore } from '../core/sandbox-core';
import type { RequestLogEntry } from '../core/types';
import type { Operation } from './contract';
import { Problem } from './problems';

export interface V2Context {
	core: SandboxCore;
	/** the storefronts the seller has set up */
	storefronts: readonly string[];
	operation: Operation;
	/** path parameters as text: records are looked up by their id as text, so an id beyond 2^53 matches nothing */
	params: Record<string, string>;
	query: Record<string, unknown>;
	/** the parsed JSON body (undefined when the operation takes none) */
	body: unknown;
	entry: RequestLogEntry;
}

export interface V2Reply {
	status: number;
	/** JSON body; undefined sends none */
	body?: unknown;
	headers?: Record<string, string>;
}

export type V2Handler = (ctx: V2Context) => V2Reply | Promise<V2Reply>;
export type V2Operations = Record<string, V2Handler>;

export const ok = (data: unknown): V2Reply => ({ status: 200, body: { data } });
export const created = (data: unknown): V2Reply => ({ status: 201, body: { data } });
export const noContent = (): V2Reply => ({ status: 204 });

/** A query parameter's text (undefined when absent). */
export function text(ctx: V2Context, name: string): string | undefined {
	return ctx.query[name] as string | undefined;
}

/** An array query parameter (empty when absent). */
export function list(ctx: V2Context, name: string): string[] {
	return (ctx.query[name] as string[] | undefined) ?? [];
}

/** `embedded` values as a set. */
export function embedded(ctx: V2Context): Set<string> {
	return new Set(list(ctx, 'embedded'));
}

/** A path parameter as text. */
export function param(ctx: V2Context, name: string): string {
	return ctx.params[name];
}

/** A record or a 404 problem naming it. */
export function found<T>(record: T | undefined, what: string): T {
	if (record === undefined) throw new Problem(404, '/problems/not-found', `${what} not found`);
	return record;
}
