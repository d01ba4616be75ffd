/**
 * The HTTP front: raw body capture, request log, fault injection, signature check, routing.
 * Order per request: log → route lookup → signature (always computed, for the log) → faults →
 * 401 if unsigned → handler. Faults answer before the handler, so they never change state.
 */
import http from 'http';
import { verifyRequest } from './auth';
import type { SandboxCore } from './core';
import { ApiError } from './errors';
import type { Reply, RouteContext, Router } from './router';
import type { RequestLogEntry } from './types';

export const API_PREFIX = '/api/v1';
export const CONTROL_PREFIX = '/_sandbox';
export const V2_PREFIX = '/v2';

export type ControlHandler = (req: http.IncomingMessage, rawBody: Buffer) => Promise<Reply>;
/** API v2 (sandbox/v2/front.ts) answers everything under /v2 itself */
export type V2Handler = (req: http.IncomingMessage, res: http.ServerResponse, rawBody: Buffer) => Promise<void>;

/** `getCore` because the core is built once the port is known (seeded URLs carry it). */
export function createHttpServer(getCore: () => SandboxCore, router: Router, control: ControlHandler, v2: V2Handler): http.Server {
	return http.createServer((req, res) => {
		const core = getCore();
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const rawBody = Buffer.concat(chunks);
			const path = (req.url ?? '/').split('?')[0];
			const under = (prefix: string) => path === prefix || path.startsWith(prefix + '/');
			const work = under(CONTROL_PREFIX)
				? handleControl(req, res, rawBody, control)
				: under(V2_PREFIX)
					? v2(req, res, rawBody)
					: handleApi(core, router, req, res, rawBody);
			work.catch((error) => {
				core.options.log(`internal error: ${error instanceof Error ? error.stack : String(error)}`);
				if (!res.headersSent) send(res, { status: 500, json: { message: 'Internal sandbox error' } });
			});
		});
	});
}

async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, rawBody: Buffer, control: ControlHandler) {
	if (!isLoopback(req.socket.remoteAddress)) {
		send(res, { status: 403, json: { message: 'The sandbox control API only answers loopback clients' } });
		return;
	}
	send(res, await answer(() => control(req, rawBody)));
}

export function isLoopback(address: string | undefined): boolean {
	return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

async function handleApi(core: SandboxCore, router: Router, req: http.IncomingMessage, res: http.ServerResponse, rawBody: Buffer) {
	const method = (req.method ?? 'GET').toUpperCase();
	const rawUrl = req.url ?? '/';
	const [rawPath, rawQuery = ''] = splitOnce(rawUrl, '?');
	if (rawPath !== API_PREFIX && !rawPath.startsWith(API_PREFIX + '/')) {
		send(res, { status: 404, json: { message: `Not found: the API lives under ${API_PREFIX}/` } });
		return;
	}
	const path = rawPath.slice(API_PREFIX.length) || '/';
	const entry = logRequest(core, req, method, rawUrl, path, rawQuery, rawBody);
	res.on('finish', () => (entry.status = res.statusCode));

	const { match, allowed } = router.match(method, path);
	entry.route = match?.name;
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
		rawBody: entry.body,
		body: () => parseJsonBody(entry.body),
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
	rawBody: Buffer,
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
	const body = rawBody.toString('utf8');
	const entry: RequestLogEntry = {
		seq: ++core.requestSeq,
		time: core.timestamp(),
		method,
		rawUrl,
		path,
		query,
		headers,
		body,
		signatureValid: false,
		status: 0,
	};
	if (body !== '') {
		try {
			entry.json = JSON.parse(body);
		} catch {
			// not JSON: handlers answer 400 if they need a body
		}
	}
	core.requests.push(entry);
	return entry;
}

function parseJsonBody(body: string): unknown {
	if (body.trim() === '') return {};
	try {
		return JSON.parse(body);
	} catch {
		throw new ApiError(400, 'Can not decode body');
	}
}

async function answer(produce: () => Reply | Promise<Reply>): Promise<Reply> {
	try {
		return await produce();
	} catch (error) {
		if (error instanceof ApiError) return { status: error.status, headers: error.headers, json: { message: error.message } };
		throw error;
	}
}

function send(res: http.ServerResponse, reply: Reply): void {
	for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
	res.setHeader('X-Request-ID', Math.random().toString(16).slice(2, 14));
	if (reply.raw) {
		res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'application/octet-stream' });
		res.end(reply.raw);
	} else if (reply.json !== undefined && reply.status !== 204) {
		res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify(reply.json));
	} else {
		res.writeHead(reply.status);
		res.end();
	}
}

function splitOnce(text: string, separator: string): [string, string?] {
	const i = text.indexOf(separator);
	return i < 0 ? [text] : [text.slice(0, i), text.slice(i + 1)];
}
