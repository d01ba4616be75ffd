/**
 * The public address of n8n (what WEBHOOK_URL points at) as a switchable proxy on 127.0.0.1: it forwards to the
 * current n8n host, or drops every connection while `down` ("n8n unreachable from the internet"), or has no host
 * while n8n restarts. Used by the tests that play outages of hours against the time-scaled sandbox.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import type { WebhookHost } from './webhook-host';

export interface OutageProxy {
	origin: string;
	down: boolean;
	/** The answers of this many next POSTs are lost after n8n handled them (502): the marketplace delivers again. */
	loseAnswers: number;
	target?: WebhookHost;
	close(): Promise<void>;
}

export async function startOutageProxy(): Promise<OutageProxy> {
	const sockets = new Set<Socket>();
	const proxy: OutageProxy = { origin: '', down: false, loseAnswers: 0, close: async () => {} };
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			if (proxy.down || !proxy.target) return void req.socket.destroy();
			const forward = httpRequest(
				`http://127.0.0.1:${proxy.target.port}${req.url ?? '/'}`,
				{ method: req.method, headers: req.headers, agent: false },
				(answer) => {
					const body: Buffer[] = [];
					answer.on('data', (chunk: Buffer) => body.push(chunk));
					answer.on('end', () => {
						if (req.method === 'POST' && proxy.loseAnswers > 0) {
							proxy.loseAnswers--;
							return void res.writeHead(502).end('bad gateway');
						}
						res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
					});
				},
			);
			forward.on('error', () => req.socket.destroy());
			forward.end(Buffer.concat(chunks));
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	proxy.close = async () => {
		for (const socket of sockets) socket.destroy();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	return proxy;
}
