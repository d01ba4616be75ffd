/**
 * The HTTP front of /v2. Per request: log → route (OpenAPI paths, exactly as written: no trailing-slash or other
 * aliases) → signature (always computed, for the log) → faults → rate limit → 401 → 404/405 → 501 for operations
 * the sandbox does not simulate → OpenAPI request check (400) → handler (or a scripted answer) → OpenAPI response check.
 * Every answer, errors included, is JSON in the `ErrorResponse` problem shape unless the operation says otherwise.
 */
import type http from 'http';
import { ApiError } from '../core/errors';
import { tooLargeError, type ReceivedBody } from '../core/limits';
import { answered, injectedFault, logRequest as logSharedRequest, type ApiFront } from '../core/server';
import type { RequestLogEntry } from '../core/types';
import { V2AuthResult, verifyV2Request } from './auth';
import type { Operation, RouteMatch } from './contract';
import type { V2Context, V2Reply } from './handler';
import { Problem } from './problems';
import type { V2Runtime } from './runtime';

/**
 * The front's own refusals (auth, rate limit, unknown path or method, not simulated, request check) may come from
 * any operation, whether or not its list in the OpenAPI names the status; a handler's answers must be declared.
 */
interface FrontReply extends V2Reply {
	fromFront?: boolean;
	/** a scripted answer outside the OpenAPI (ScriptedAnswer.outsideOpenApi): sent unchecked */
	outsideOpenApi?: string;
}

export const V2_PREFIX = '/v2';

export function createV2Front(runtime: V2Runtime): ApiFront {
	return { prefix: V2_PREFIX, handle: handler(runtime) };
}

function handler(runtime: V2Runtime) {
	return async (req: http.IncomingMessage, res: http.ServerResponse, received: ReceivedBody): Promise<void> => {
		const rawBody = received.raw;
		const { core, contract } = runtime;
		const method = (req.method ?? 'GET').toUpperCase();
		const rawUrl = req.url ?? '/';
		const queryStart = rawUrl.indexOf('?');
		const rawPath = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
		const path = rawPath.slice(V2_PREFIX.length) || '/';
		const entry = logRequest(runtime, req, method, rawUrl, path, received);
		res.on('finish', () => answered(entry, res));
		if (received.tooLarge) {
			const problem = new Problem(413, 'about:blank', tooLargeError().message, []);
			respond(runtime, res, entry, undefined, { ...problemReply(problem), fromFront: true });
			return;
		}

		const match = contract.match(method, path);
		const operation = match.operation;
		if (operation) {
			entry.route = `${method} ${operation.path}`;
			entry.operationId = operation.operationId;
		}
		const auth = verifyV2Request(
			{ method, rawUrl, headers: req.headers, rawBody },
			{ ...core.options, ...runtime.options },
		);
		entry.signatureValid = auth.ok;
		if (!auth.ok) entry.authError = auth.message;

		const fault = await injectedFault(core, method, V2_PREFIX + path, entry);
		// A request an injected fault answers reached the sandbox all the same: it counts for the peak.
		if (fault) runtime.rateLimiter.arrive(String(req.headers['shop-client-key'] ?? ''));
		if (fault?.reset) {
			req.socket.destroy();
			return;
		}
		if (fault) {
			const problem = new Problem(fault.status, 'about:blank', fault.message, [], fault.headers);
			respond(runtime, res, entry, operation, { ...problemReply(problem), fromFront: true });
			return;
		}

		respond(
			runtime,
			res,
			entry,
			operation,
			await answer(runtime, req, method, path, match, auth, entry, rawBody.toString('utf8')),
		);
	};
}

async function answer(
	runtime: V2Runtime,
	req: http.IncomingMessage,
	method: string,
	path: string,
	match: RouteMatch,
	auth: V2AuthResult,
	entry: RequestLogEntry,
	/** The body as received: the log keeps only the first 64 KiB of a longer one, never what is judged. */
	bodyText: string,
): Promise<FrontReply> {
	const { core, contract } = runtime;
	let inHandler = false;
	try {
		if (!runtime.rateLimiter.take(String(req.headers['shop-client-key'] ?? ''))) {
			throw new Problem(
				429,
				'about:blank',
				`Too many requests: at most ${runtime.rateLimiter.perSecond} per second per client key`,
			);
		}
		if (!auth.ok) throw new Problem(401, auth.type, auth.message, [{ field: auth.field, message: auth.message }]);
		const { operation } = match;
		if (!operation) {
			if (match.allowed.length > 0) {
				throw new Problem(
					405,
					'about:blank',
					`${method} is not allowed on ${path}; allowed: ${match.allowed.join(', ')}`,
					[],
					{
						Allow: match.allowed.join(', '),
					},
				);
			}
			const hint = path.length > 1 && path.endsWith('/') ? ' (the API v2 paths have no trailing slash)' : '';
			throw new Problem(404, '/problems/not-found', `No endpoint ${method} ${path}${hint}`);
		}
		const handler = runtime.handlers.get(operation.operationId);
		if (!handler) {
			throw new Problem(
				501,
				'about:blank',
				`${operation.operationId} (${method} ${operation.path}) is not simulated by the sandbox yet`,
			);
		}
		const request = contract.validateRequest(
			operation,
			{
				rawParams: match.rawParams,
				rawQuery: (req.url ?? '').split('?').slice(1).join('?'),
				query: entry.queryValues ?? {},
				contentType: req.headers['content-type'],
				rawBody: bodyText,
			},
			{ strict: runtime.options.strictRequests, phpQuery: runtime.options.phpQuery },
		);
		if (request.tolerated.length > 0) entry.alias = request.tolerated.join('; ');
		checkStorefronts(runtime, request.query);
		const { params, query, body } = request;
		const ctx: V2Context = { core, storefronts: runtime.options.storefronts, operation, params, query, body, entry };
		inHandler = true;
		const scripted = runtime.takeScriptedAnswer(operation.operationId);
		if (scripted && (scripted.status < 200 || scripted.status >= 300)) return scripted;
		const reply = await handler(ctx);
		return scripted ? { ...reply, ...scripted } : reply;
	} catch (error) {
		if (error instanceof Problem) return { ...problemReply(error), fromFront: !inHandler };
		if (error instanceof ApiError)
			return problemReply(
				new Problem(error.status, error.status === 404 ? '/problems/not-found' : 'about:blank', error.message),
			);
		core.options.log(`internal error in v2 ${method} ${path}: ${error instanceof Error ? error.stack : String(error)}`);
		return problemReply(new Problem(500, '/problems/server-error', 'Internal sandbox error'));
	}
}

/** `storefront` query values must be storefronts the seller has set up. */
function checkStorefronts(runtime: V2Runtime, query: Record<string, unknown>): void {
	const given = query.storefront;
	const values = given === undefined ? [] : Array.isArray(given) ? (given as string[]) : [String(given)];
	const missing = values.find((s) => !runtime.options.storefronts.includes(s));
	if (missing !== undefined) {
		const message = `storefront '${missing}' is not set up for this seller (set up: ${runtime.options.storefronts.join(', ')})`;
		throw new Problem(400, '/problems/storefront-not-configured', message, [{ field: 'storefront', message }]);
	}
}

function problemReply(problem: Problem): V2Reply {
	return { status: problem.status, body: problem.body(), headers: problem.headers };
}

/** Checks the reply against the contract, records a mismatch (in strict mode answering a 500 instead), sends. */
function respond(
	runtime: V2Runtime,
	res: http.ServerResponse,
	entry: RequestLogEntry,
	operation: Operation | undefined,
	reply: FrontReply,
): void {
	const headers = reply.headers ?? {};
	const problems = reply.outsideOpenApi
		? []
		: runtime.contract.checkResponse(
				operation,
				reply.status,
				reply.body,
				headers,
				reply.fromFront ? [reply.status] : [],
			);
	if (reply.outsideOpenApi) entry.alias = `answer outside the OpenAPI: ${reply.outsideOpenApi}`;
	let sent = reply;
	if (problems.length > 0) {
		runtime.violations.push({
			seq: entry.seq,
			method: entry.method,
			path: entry.path,
			operationId: operation?.operationId,
			status: reply.status,
			problems,
			body: reply.body,
		});
		runtime.core.options.log(
			`v2 response does not match the OpenAPI (${entry.method} ${entry.path}): ${problems.join('; ')}`,
		);
		if (runtime.options.strictResponses) {
			const message = `Sandbox bug: the ${reply.status} answer of ${operation?.operationId ?? `${entry.method} ${entry.path}`} does not match the OpenAPI: ${problems.join('; ')}`;
			sent = problemReply(new Problem(500, '/problems/server-error', message));
		}
	}
	for (const [name, value] of Object.entries(sent.headers ?? {})) res.setHeader(name, value);
	if (sent.body === undefined) {
		res.writeHead(sent.status);
		res.end();
	} else {
		res.writeHead(sent.status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify(sent.body));
	}
}

/** The shared request log (../server.ts), plus the v2 fields; repeated query keys stay apart in `queryValues`. */
function logRequest(
	runtime: V2Runtime,
	req: http.IncomingMessage,
	method: string,
	rawUrl: string,
	path: string,
	received: ReceivedBody,
): RequestLogEntry {
	const queryStart = rawUrl.indexOf('?');
	const rawQuery = queryStart < 0 ? '' : rawUrl.slice(queryStart + 1);
	const entry = logSharedRequest(runtime.core, req, method, rawUrl, path, rawQuery, received);
	// a Map, so that names such as __proto__ or constructor are plain names
	const values = new Map<string, string[]>();
	for (const [key, value] of new URLSearchParams(rawQuery)) values.set(key, [...(values.get(key) ?? []), value]);
	entry.api = 'v2';
	entry.queryValues = Object.fromEntries(values);
	entry.query = Object.fromEntries([...values].map(([key, list]) => [key, list.join(',')]));
	return entry;
}
