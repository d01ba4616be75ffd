/**
 * A bare HTTP server on 127.0.0.1 that records each request exactly as it arrived (request line, raw body)
 * and recomputes the HMAC from those raw bytes. Independent of the node code on purpose.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
	method: string;
	rawUrl: string;
	fullUrl: string;
	headers: IncomingMessage['headers'];
	body: Buffer;
	signatureValid: boolean;
}

export type Responder = (request: RecordedRequest, response: ServerResponse, socket: Socket) => void;

export interface RecordingServer {
	baseUrl: string;
	requests: RecordedRequest[];
	respondWith(responder: Responder): void;
	close(): Promise<void>;
}

export function expectedSignature(
	secret: string,
	method: string,
	url: string,
	body: Buffer,
	timestamp: string,
): string {
	return createHmac('sha256', secret).update(`${method}\n${url}\n`).update(body).update(`\n${timestamp}`).digest('hex');
}

/** Which API's headers carry the signature, and the base path the server's base URL ends in. */
export interface RecordingServerOptions {
	signatureHeader?: string;
	timestampHeader?: string;
	basePath?: string;
}

/** The same server for API v2: `Shop-Signature` / `Shop-Timestamp`, base URL ending in /v2. */
export const V2_RECORDING: RecordingServerOptions = {
	signatureHeader: 'shop-signature',
	timestampHeader: 'shop-timestamp',
	basePath: '/v2',
};

export async function startRecordingServer(
	secretKey: string,
	{
		signatureHeader = 'hm-signature',
		timestampHeader = 'hm-timestamp',
		basePath = '/api/v1',
	}: RecordingServerOptions = {},
): Promise<RecordingServer> {
	const requests: RecordedRequest[] = [];
	let responder: Responder = (_request, response) => {
		response.writeHead(200, { 'Content-Type': 'application/json' });
		response.end('{"message":"pong"}');
	};
	const sockets = new Set<Socket>();
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			const fullUrl = `http://${req.headers.host}${req.url}`;
			const signature = String(req.headers[signatureHeader] ?? '');
			const recorded: RecordedRequest = {
				method: req.method ?? '',
				rawUrl: req.url ?? '',
				fullUrl,
				headers: req.headers,
				body,
				signatureValid:
					signature.length === 64 &&
					signature ===
						expectedSignature(secretKey, req.method ?? '', fullUrl, body, String(req.headers[timestampHeader] ?? '')),
			};
			requests.push(recorded);
			responder(recorded, res, req.socket);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}${basePath}`,
		requests,
		respondWith: (next) => (responder = next),
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
