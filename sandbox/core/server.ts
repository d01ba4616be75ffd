/**
 * The HTTP front every request passes: guard (Host, Origin) → body (≤ 10 MiB) → the control API under /_sandbox
 * (loopback only), or the API version whose prefix the path has (each registers an `ApiFront`: sandbox/v1/front.ts,
 * sandbox/v2/front.ts, which check signatures, log, route and answer in their own dialect). The core knows no version.
 */
import http from 'http';
import type { SandboxCore } from './sandbox-core';
import { ApiError } from './errors';
import { contentTypeRefusal, RequestGuard } from './guard';
import { loggedBody, parseJson, readBody, ReceivedBody, tooLargeError } from './limits';
import type { Reply } from './reply';
import type { RequestLogEntry } from './types';

export const CONTROL_PREFIX = '/_sandbox';

export type ControlHandler = (req: http.IncomingMessage, rawBody: Buffer) => Promise<Reply>;

/** An API version: answers every request whose path is `prefix` or under it. */
export interface ApiFront {
	prefix: string;
	handle(req: http.IncomingMessage, res: http.ServerResponse, body: ReceivedBody): Promise<void>;
}

/**
 * `getCore` because the core is built once the port is known (seeded URLs carry it). A path under no front's prefix
 * goes to the last front (API v1, whose 404 names its root).
 */
export function createHttpServer(
	getCore: () => SandboxCore,
	control: ControlHandler,
	fronts: () => readonly ApiFront[],
): http.Server {
	let guard: RequestGuard | undefined;
	return http.createServer((req, res) => {
		const core = getCore();
		// Every answer is dated by the sandbox's clock (RFC 9110's Date header), so that `advance` moves it too.
		res.setHeader('Date', new Date(core.now()).toUTCString());
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
				if (under(CONTROL_PREFIX)) return handleControl(req, res, body, control);
				const all = fronts();
				const front = all.find((candidate) => under(candidate.prefix)) ?? all[all.length - 1];
				return front.handle(req, res, body);
			})
			.catch(fail);
	});
}

async function handleControl(
	req: http.IncomingMessage,
	res: http.ServerResponse,
	body: ReceivedBody,
	control: ControlHandler,
) {
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

/** An injected fault's answer to a request, decided before any handler runs (so a fault never changes state). */
export type FaultAnswer =
	| { reset: true }
	| { reset?: false; status: number; headers: Record<string, string>; message: string };

/** Applies the fault rules to a request: records the fault in the log, waits its delay; undefined when none answers. */
export async function injectedFault(
	core: SandboxCore,
	method: string,
	path: string,
	entry: RequestLogEntry,
): Promise<FaultAnswer | undefined> {
	const fault = core.faults.decide(method, path);
	if (fault.label) entry.fault = fault.label;
	if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
	if (!fault.answer) return undefined;
	if (fault.answer.kind === 'reset') return { reset: true };
	const headers: Record<string, string> = fault.answer.retryAfter ? { 'Retry-After': fault.answer.retryAfter } : {};
	return { status: fault.answer.status, headers, message: `Injected fault: HTTP ${fault.answer.status}` };
}

/** The request log entry of an API request; each version's front adds its own fields. */
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

export async function answer(produce: () => Reply | Promise<Reply>): Promise<Reply> {
	try {
		return await produce();
	} catch (error) {
		if (error instanceof ApiError) return errorReply(error);
		throw error;
	}
}

export function errorReply(error: ApiError): Reply {
	return { status: error.status, headers: error.headers, json: { message: error.message } };
}

export function send(res: http.ServerResponse, reply: Reply): void {
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

export function splitOnce(text: string, separator: string): [string, string?] {
	const i = text.indexOf(separator);
	return i < 0 ? [text] : [text.slice(0, i), text.slice(i + 1)];
}
