/**
 * The HTTP front of /api/v1. Per request: log → route lookup → signature (always computed, for the log) → faults →
 * 401 if unsigned → 404/405 → handler. Faults answer before the handler, so they never change state.
 */
import type http from 'http';
import {
	answer,
	answered,
	errorReply,
	injectedFault,
	logRequest,
	send,
	splitOnce,
	type ApiFront,
} from '../core/server';
import type { SandboxCore } from '../core/sandbox-core';
import { parseJson, tooLargeError, type ReceivedBody } from '../core/limits';
import { verifyRequest } from './auth';
import type { RouteContext, Router } from './router';

export const API_PREFIX = '/api/v1';

export function createV1Front(core: SandboxCore, router: Router): ApiFront {
	return { prefix: API_PREFIX, handle: (req, res, body) => handleApi(core, router, req, res, body) };
}

async function handleApi(
	core: SandboxCore,
	router: Router,
	req: http.IncomingMessage,
	res: http.ServerResponse,
	body: ReceivedBody,
) {
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

	const fault = await injectedFault(core, method, path, entry);
	if (fault?.reset) {
		req.socket.destroy();
		return;
	}
	if (fault) {
		send(res, { status: fault.status, headers: fault.headers, json: { message: fault.message } });
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
				? {
						status: 405,
						headers: { Allow: allowed.join(', ') },
						json: { message: `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}` },
					}
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
