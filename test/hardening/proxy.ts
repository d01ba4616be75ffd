/**
 * A raw node:http proxy in front of the sandbox, for faults the sandbox cannot inject: an answer lost
 * after the sandbox applied the request, a redirect, a body that is not JSON. The Host header is passed
 * on unchanged, so the sandbox checks each signature against the proxy's URL, the one the node signed.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
	method: string;
	/** The path after the API prefix, query included, e.g. `/order-units/12/send/`. */
	path: string;
	headers: IncomingMessage['headers'];
	body: string;
}

export interface ProxyRule {
	method?: string;
	/** Matches the path after the API prefix (query included). */
	path: string | RegExp;
	/** How many matching requests it handles (default 1). */
	times?: number;
	/**
	 * `loseAnswer`: the sandbox gets and applies the request, then the connection to the node is cut before
	 * any answer reaches it. A function answers in place of the sandbox.
	 */
	action: 'loseAnswer' | ((request: SeenRequest, response: ServerResponse) => void);
}

export interface FaultProxy {
	baseUrl: string;
	seen: SeenRequest[];
	add(rule: ProxyRule): void;
	close(): Promise<void>;
}

const API_PREFIX = '/api/v1';

export async function startFaultProxy(sandboxBaseUrl: string): Promise<FaultProxy> {
	const target = new URL(sandboxBaseUrl);
	const rules: Array<ProxyRule & { remaining: number }> = [];
	const seen: SeenRequest[] = [];
	const sockets = new Set<Socket>();

	const forward = (
		incoming: IncomingMessage,
		body: Buffer,
		onAnswer: (status: number, headers: IncomingMessage['headers'], data: Buffer) => void,
	) => {
		const outgoing = httpRequest(
			{
				host: target.hostname,
				port: target.port,
				method: incoming.method,
				path: incoming.url,
				headers: incoming.headers,
			},
			(answer) => {
				const chunks: Buffer[] = [];
				answer.on('data', (chunk: Buffer) => chunks.push(chunk));
				answer.on('end', () => onAnswer(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
			},
		);
		outgoing.end(body);
	};

	const server = createServer((incoming, response) => {
		const chunks: Buffer[] = [];
		incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
		incoming.on('end', () => {
			const body = Buffer.concat(chunks);
			const path = (incoming.url ?? '').startsWith(API_PREFIX)
				? (incoming.url ?? '').slice(API_PREFIX.length)
				: (incoming.url ?? '');
			const request: SeenRequest = {
				method: incoming.method ?? '',
				path,
				headers: incoming.headers,
				body: body.toString('utf8'),
			};
			seen.push(request);
			const rule = rules.find(
				(candidate) =>
					candidate.remaining > 0 &&
					(!candidate.method || candidate.method === request.method) &&
					(typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)),
			);
			if (rule) rule.remaining--;
			if (rule && typeof rule.action === 'function') return rule.action(request, response);
			forward(incoming, body, (status, headers, data) => {
				if (rule?.action === 'loseAnswer') {
					incoming.socket.destroy();
					return;
				}
				response.writeHead(status, headers);
				response.end(data);
			});
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}${API_PREFIX}`,
		seen,
		add: (rule) => rules.push({ ...rule, remaining: rule.times ?? 1 }),
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
