/**
 * The HTTP front: guard, bounded body capture, request log, fault injection, signature check, routing.
 * Order per request: guard (Host, Origin) → body (≤ 10 MiB) → log → route lookup → signature (always
 * computed, for the log) → faults → 401 if unsigned → handler. Faults answer before the handler, so they
 * never change state.
 */
import http from 'http';
import { verifyRequest } from './auth';
import type { SandboxCore } from './sandbox-core';
import { ApiError } from './errors';
import { contentTypeRefusal, RequestGuard } from './guard';
import { loggedBody, parseJson, readBody, ReceivedBody, tooLargeError } from './limits';
import type { Reply, RouteContext, Router } from './router';
import type { RequestLogEntry } from './types';

export const API_PREFIX = '/api/v1';
export const CONTROL_PREFIX = '/_sandbox';
export const V2_PREFIX = '/v2';

export type ControlHandler = (req: http.IncomingMessage, rawBody: Buffer) => Promise<Reply>;
/** API v2 (sandbox/v2/front.ts) answers everything under /v2 itself */
export type V2Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: ReceivedBody) => Promise<void>;

/** `getCore` because the core is built once the port is known (seeded URLs carry it). */
export function createHttpServer(getCore: () => SandboxCore, router: Router, control: ControlHandler, v2: V2Handler): http.Server {
	let guard: RequestGuard | undefined;
	return http.createServer((req, res) => {
		const core = getCore();
		guard ??= new RequestGuard(core.origin, core.options.allowedHosts);
		const fail = (error: unknown) => {
			core.options.log(`internal error: ${error instanceof Error ? error.stack : String(error)}`);
			if (!res.headersSent) send(res, { status: 500, json: { message: 'Internal sandbox error' } });
		};
		const refusal = guard.refusal(req);
		if (refusal) {
			send(res, refusal);
			return;
		}
		readBody(req)
			.then((body) => {
				const path = (req.url ?? '/').split('?')[0];
				const under = (prefix: string) => path === prefix || path.startsWith(prefix + '/');
				return under(CONTROL_PREFIX)
					? handleControl(req, res, body, control)
					: under(V2_PREFIX)
						? v2(req, res, body)
						: handleApi(core, router, req, res, body);
			})
			.catch(fail);
	});
}

async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, body: ReceivedBody, control: ControlHandler) {
	if (!isLoopback(req.socket.remoteAddress)) {
		send(res, { status: 403, json: { message: 'The sandbox control API only answers loopback clients' } });
		return;
	}
	if (body.tooLarge) {
		send(res, errorReply(tooLargeError()));
		return;
	}
	send(res, contentTypeRefusal(req, body.bytes > 0) ?? (await answer(() => control(req, body.raw))));
}

export function isLoopback(address: string | undefined): boolean {
	return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

async function handleApi(core: SandboxCore, router: Router, req: http.IncomingMessage, res: http.ServerResponse, body: ReceivedBody) {
	const method = (req.method ?? 'GET').toUpperCase();
	const rawUrl = req.url ?? '/';
	const [rawPath, rawQuery = ''] = splitOnce(rawUrl, '?');
	if (rawPath !== API_PREFIX && !rawPath.startsWith(API_PREFIX + '/')) {
		send(res, { status: 404, json: { message: `Not found: the API lives under ${API_PREFIX}/` } });
		return;
	}
	const path = rawPath.slice(API_PREFIX.length) || '/';
	const entry = logRequest(core, req, method, rawUrl, path, rawQuery, body);
	res.on('finish', () => answered(entry, res));

	const { match, allowed } = router.match(method, path);
	entry.route = match?.name;
	if (body.tooLarge) {
		send(res, errorReply(tooLargeError()));
		return;
	}
	const rawBody = body.raw;
	const text = rawBody.toString('utf8');
	const auth = verifyRequest({ method, rawUrl, headers: req.headers as Record<string, string>, rawBody }, core.options);
	entry.signatureValid = auth.ok;
	if (!auth.ok) entry.authError = auth.error;

	const fault = core.faults.decide(method, path);
	if (fault.label) entry.fault = fault.label;
	if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
	if (fault.answer?.kind === 'reset') {
		req.socket.destroy();
		return;
	}
	if (fault.answer) {
		const headers: Record<string, string> = fault.answer.retryAfter ? { 'Retry-After': fault.answer.retryAfter } : {};
		send(res, { status: fault.answer.status, headers, json: { message: `Injected fault: HTTP ${fault.answer.status}` } });
		return;
	}

	if (match?.route.unsigned !== true && !auth.ok) {
		send(res, { status: 401, json: { message: auth.error } });
		return;
	}
	if (!match) {
		send(
			res,
			allowed.length > 0
				? { status: 405, headers: { Allow: allowed.join(', ') }, json: { message: `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}` } }
				: { status: 404, json: { message: `No endpoint ${method} ${path}` } },
		);
		return;
	}

	const ctx: RouteContext = {
		core,
		method,
		path,
		template: match.template,
		params: match.params,
		query: entry.query,
		rawBody: text,
		body: () => (text.trim() === '' ? {} : parseJson(text)),
		maxLimit: core.maxLimit(match.route.paths[0]),
		entry,
	};
	send(res, await answer(() => match.route.handler(ctx)));
}

/** Also used by API v2 (sandbox/v2/front.ts), which adds its own fields. */
export function logRequest(
	core: SandboxCore,
	req: http.IncomingMessage,
	method: string,
	rawUrl: string,
	path: string,
	rawQuery: string,
	received: ReceivedBody,
): RequestLogEntry {
	const query: Record<string, string> = {};
	for (const [key, value] of new URLSearchParams(rawQuery)) {
		// repeated parameters are joined like the comma-separated multi-value form
		query[key] = key in query ? `${query[key]},${value}` : value;
	}
	const headers: Record<string, string> = {};
	for (const [key, value] of Object.entries(req.headers)) {
		if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
	}
	const { body, bodyTruncated } = loggedBody(received);
	const entry: RequestLogEntry = {
		seq: ++core.requestSeq,
		time: core.timestamp(),
		method,
		rawUrl,
		path,
		query,
		headers,
		body,
		bodyBytes: received.bytes,
		signatureValid: false,
		status: 0,
		receivedMs: performance.now(),
	};
	if (bodyTruncated) entry.bodyTruncated = true;
	else if (body !== '') {
		try {
			entry.json = parseJson(body);
		} catch {
			// not JSON, or too deep: handlers answer 400 if they need a body
		}
	}
	core.recordRequest(entry);
	return entry;
}

/** Records the answer's status and time in the request log (on the response's 'finish'). */
export function answered(entry: RequestLogEntry, res: http.ServerResponse): void {
	entry.status = res.statusCode;
	entry.answeredMs = performance.now();
}

async function answer(produce: () => Reply | Promise<Reply>): Promise<Reply> {
	try {
		return await produce();
	} catch (error) {
		if (error instanceof ApiError) return errorReply(error);
		throw error;
	}
}

function errorReply(error: ApiError): Reply {
	return { status: error.status, headers: error.headers, json: { message: error.message } };
}

function send(res: http.ServerResponse, reply: Reply): void {
	for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
	res.setHeader('X-Request-ID', Math.random().toString(16).slice(2, 14));
	res.setHeader('X-Content-Type-Options', 'nosniff');
	if (reply.raw) {
		res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'application/octet-stream' });
		res.end(reply.raw);
	} else if (reply.json !== undefined && reply.status !== 204) {
		// serialised before the head goes out, so that a failure can still be answered with a 500
		const text = JSON.stringify(reply.json);
		res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(text);
	} else {
		res.writeHead(reply.status);
		res.end();
	}
}

function splitOnce(text: string, separator: string): [string, string?] {
	const i = text.indexOf(separator);
	return i < 0 ? [text] : [text.slice(0, i), text.slice(i + 1)];
}
