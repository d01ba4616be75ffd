/**
 * A tiny reverse proxy on 127.0.0.1 in front of n8n's webhook processes, as a load balancer would stand in
 * front of queue mode's webhook processors: round robin by default, every exchange logged with the time
 * n8n took to answer (also when the caller gave up waiting), the processor that answered, and the
 * notification's id_message. It can route a request to a chosen processor and lose an answer on purpose
 * (the caller then gets 502, as when a load balancer drops a connection after n8n did the work), which is
 * how the tests make a retry land on the other processor. It can also send a copy of a request to another
 * processor, at the same moment or right after the first answer, as a load balancer that retries does; the
 * copy's answer goes nowhere.
 */
import http from 'http';
import type { AddressInfo } from 'net';

export interface ProxyExchange {
	seq: number;
	method: string;
	/** path and query as received */
	url: string;
	/** `id_message` of a JSON body, if it has one */
	idMessage?: string;
	/** index of the upstream the request went to */
	upstream: number;
	/** Date.now() when the request was fully received */
	receivedAt: number;
	/** ms from receivedAt until the upstream's answer (or its failure); undefined while waiting */
	answeredMs?: number;
	/** the upstream's status; undefined when it never answered */
	status?: number;
	error?: string;
	/** the proxy answered 502 instead of passing the upstream's answer on */
	answerLost: boolean;
	/** the caller hung up before the upstream answered */
	callerGone: boolean;
	/** seq of the exchange this one copies (sent by the proxy itself, its answer discarded) */
	copyOf?: number;
}

/** A copy of a request the proxy sends itself: to `upstream`, with the original or once it was answered. */
export interface ProxyCopy {
	upstream: number;
	when: 'together' | 'afterAnswer';
}

export interface WebhookProxyOptions {
	/** origins of the upstreams, e.g. http://127.0.0.1:5679 */
	upstreams: string[];
	/** which upstream gets this request (default: round robin) */
	route?: (exchange: ProxyExchange) => number;
	/** whether to drop the upstream's answer and reply 502 instead */
	loseAnswer?: (exchange: ProxyExchange) => boolean;
	/** whether to send a copy of this request to another upstream as well */
	copy?: (exchange: ProxyExchange) => ProxyCopy | undefined;
	/** how long to wait for an upstream (default 300 s) */
	upstreamTimeoutMs?: number;
}

export interface WebhookProxy {
	origin: string;
	exchanges: ProxyExchange[];
	/** Resolves once no exchange is waiting for its upstream (or after timeoutMs). */
	settled(timeoutMs?: number): Promise<boolean>;
	close(): Promise<void>;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_LOGGED = 200_000;
const HOP_BY_HOP = new Set([
	'connection',
	'keep-alive',
	'transfer-encoding',
	'upgrade',
	'proxy-connection',
	'te',
	'trailer',
]);

function idMessageOf(body: Buffer): string | undefined {
	try {
		const parsed = JSON.parse(body.toString('utf8')) as { id_message?: unknown };
		return typeof parsed?.id_message === 'string' ? parsed.id_message : undefined;
	} catch {
		return undefined;
	}
}

export async function startWebhookProxy(options: WebhookProxyOptions): Promise<WebhookProxy> {
	if (!options.upstreams.length) throw new Error('the proxy needs at least one upstream');
	const upstreams = options.upstreams.map((origin) => new URL(origin));
	const timeoutMs = options.upstreamTimeoutMs ?? 300_000;
	const exchanges: ProxyExchange[] = [];
	let seq = 0;
	let next = 0;
	let waiting = 0;

	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		let size = 0;
		request.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				response.writeHead(413).end();
				request.destroy();
				return;
			}
			chunks.push(chunk);
		});
		request.on('end', () => {
			const body = Buffer.concat(chunks);
			const exchange: ProxyExchange = {
				seq: ++seq,
				method: request.method ?? 'GET',
				url: request.url ?? '/',
				idMessage: body.length ? idMessageOf(body) : undefined,
				upstream: 0,
				receivedAt: Date.now(),
				answerLost: false,
				callerGone: false,
			};
			exchange.upstream = options.route ? options.route(exchange) : next++ % upstreams.length;
			exchanges.push(exchange);
			if (exchanges.length > MAX_LOGGED) exchanges.splice(0, exchanges.length - MAX_LOGGED);
			if (!(Number.isInteger(exchange.upstream) && exchange.upstream >= 0 && exchange.upstream < upstreams.length)) {
				exchange.error = `the route chose upstream ${exchange.upstream} of ${upstreams.length}`;
				response.writeHead(500, { 'content-type': 'text/plain' }).end(exchange.error);
				return;
			}
			response.on('close', () => {
				if (!response.writableFinished) exchange.callerGone = true;
			});
			const copy = options.copy?.(exchange);
			const sendCopy = () => {
				if (!copy) return;
				const copied: ProxyExchange = {
					...exchange,
					seq: ++seq,
					upstream: copy.upstream,
					receivedAt: Date.now(),
					answeredMs: undefined,
					status: undefined,
					answerLost: false,
					copyOf: exchange.seq,
				};
				exchanges.push(copied);
				forward(copied, request.headers, body, undefined);
			};
			forward(exchange, request.headers, body, response, copy?.when === 'afterAnswer' ? sendCopy : undefined);
			if (copy?.when === 'together') sendCopy();
		});
	});

	/** Passes the request to its upstream and the answer to `response` (none for a copy), then calls `answered`. */
	function forward(
		exchange: ProxyExchange,
		requestHeaders: http.IncomingHttpHeaders,
		body: Buffer,
		response: http.ServerResponse | undefined,
		answered?: () => void,
	): void {
		const target = upstreams[exchange.upstream];
		const headers = { ...requestHeaders, 'content-length': String(body.length) };
		waiting++;
		let finished = false;
		const finish = (
			status: number | undefined,
			outHeaders: http.OutgoingHttpHeaders,
			outBody: Buffer,
			error?: string,
		) => {
			if (finished) return;
			finished = true;
			waiting--;
			clearTimeout(timer);
			exchange.answeredMs = Date.now() - exchange.receivedAt;
			exchange.status = status;
			exchange.error = error;
			answered?.();
			if (!response) return;
			exchange.answerLost = status !== undefined && (options.loseAnswer?.(exchange) ?? false);
			if (response.destroyed || response.writableEnded) return;
			if (status === undefined || exchange.answerLost)
				response.writeHead(502, { 'content-type': 'text/plain' }).end('answer lost by the proxy');
			else response.writeHead(status, outHeaders).end(outBody);
		};
		const upstream = http.request(
			{ host: target.hostname, port: target.port, method: exchange.method, path: exchange.url, headers, agent: false },
			(answer) => {
				const parts: Buffer[] = [];
				answer.on('data', (chunk: Buffer) => parts.push(chunk));
				answer.on('end', () => {
					const outHeaders: http.OutgoingHttpHeaders = {};
					for (const [name, value] of Object.entries(answer.headers))
						if (!HOP_BY_HOP.has(name) && value !== undefined) outHeaders[name] = value;
					finish(answer.statusCode, outHeaders, Buffer.concat(parts));
				});
				answer.on('error', (error) => finish(undefined, {}, Buffer.alloc(0), error.message));
			},
		);
		const timer = setTimeout(() => upstream.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
		upstream.on('error', (error) => finish(undefined, {}, Buffer.alloc(0), error.message));
		upstream.end(body);
	}

	await new Promise<void>((done, fail) => {
		server.once('error', fail);
		server.listen(0, '127.0.0.1', () => done());
	});
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		exchanges,
		settled: async (settleTimeoutMs = 60_000) => {
			const deadline = Date.now() + settleTimeoutMs;
			while (waiting > 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
			return waiting === 0;
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((done) => server.close(() => done()));
		},
	};
}
