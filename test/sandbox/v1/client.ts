/**
 * A tiny signed client for the sandbox tests. Written here on purpose (not imported from nodes/ or
 * from the sandbox) so the sandbox's signature check is tested against an independent signer.
 */
import { createHmac } from 'crypto';
import http from 'http';
import type { Sandbox, SandboxOptions } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';

export interface ApiResponse {
	status: number;
	headers: http.IncomingHttpHeaders;
	text: string;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	json: any;
}

export interface RequestOptions {
	/** JSON-serialised unless a string is given (sent byte for byte) */
	body?: unknown;
	/** headers to add or override; `null` removes one of the signing headers */
	headers?: Record<string, string | null>;
	/** sign with another secret */
	secret?: string;
	/** sign this body instead of the one sent */
	signedBody?: string;
	/** Unix seconds to sign with */
	timestamp?: number;
	/** do not sign at all */
	unsigned?: boolean;
}

export function hmacHex(secret: string, text: string): string {
	return createHmac('sha256', secret).update(text).digest('hex');
}

export function rawRequest(
	url: string,
	method: string,
	headers: Record<string, string>,
	body: string,
): Promise<ApiResponse> {
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method, headers, agent: false }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				let json: unknown;
				try {
					json = text === '' ? undefined : JSON.parse(text);
				} catch {
					json = undefined;
				}
				resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
			});
		});
		request.on('error', reject);
		request.end(body === '' ? undefined : body);
	});
}

export class TestClient {
	constructor(readonly sandbox: Sandbox) {}

	/** `path` is relative to the base URL and sent exactly as given (query included). */
	async call(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
		const url = this.sandbox.baseUrl + path;
		const body =
			options.body === undefined ? '' : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
		const headers: Record<string, string> = { Accept: 'application/json' };
		if (!options.unsigned) {
			const signed = `${method}\n${url}\n${options.signedBody ?? body}\n${timestamp}`;
			headers['HM-Client'] = this.sandbox.clientKey;
			headers['HM-Timestamp'] = timestamp;
			headers['HM-Signature'] = hmacHex(options.secret ?? this.sandbox.secretKey, signed);
		}
		if (body !== '') headers['Content-Type'] = 'application/json';
		for (const [name, value] of Object.entries(options.headers ?? {})) {
			if (value === null) delete headers[name];
			else headers[name] = value;
		}
		return rawRequest(url, method, headers, body);
	}

	get = (path: string, options?: RequestOptions) => this.call('GET', path, options);
	post = (path: string, body?: unknown, options?: RequestOptions) => this.call('POST', path, { ...options, body });
	put = (path: string, body?: unknown, options?: RequestOptions) => this.call('PUT', path, { ...options, body });
	patch = (path: string, body?: unknown, options?: RequestOptions) => this.call('PATCH', path, { ...options, body });
	delete = (path: string, options?: RequestOptions) => this.call('DELETE', path, options);

	/** GET on the unsigned control API */
	control(method: string, path: string, body?: unknown): Promise<ApiResponse> {
		return rawRequest(
			this.sandbox.controlUrl + path,
			method,
			body === undefined ? {} : { 'Content-Type': 'application/json' },
			body === undefined ? '' : JSON.stringify(body),
		);
	}
}

/** The file's sandbox (test/harness/sandbox.ts; not reset between tests) with a signed API v1 client for it. */
export function useV1Client(options: SandboxOptions = {}): { sandbox: () => Sandbox; api: () => TestClient } {
	const { sandbox } = useSandbox(options, { resetEachTest: false });
	let client: TestClient | undefined;
	beforeAll(() => {
		client = new TestClient(sandbox());
	});
	return { sandbox, api: () => client! };
}

/** A local HTTP server standing in for a seller's callback (webhook) endpoint. */
export interface CallbackServer {
	url: string;
	received: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }>;
	/** how to answer: default echoes the challenge for verification GETs and 200 for POSTs */
	respond: (req: { method: string; query: URLSearchParams; body: string }) => { status: number; body: string };
	close(): Promise<void>;
}

export async function startCallbackServer(): Promise<CallbackServer> {
	const state: CallbackServer = {
		url: '',
		received: [],
		respond: ({ method, query }) =>
			method === 'GET' ? { status: 200, body: query.get('challenge') ?? '' } : { status: 200, body: 'ok' },
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8');
			state.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
			const query = new URL(req.url ?? '/', 'http://x').searchParams;
			const answer = state.respond({ method: req.method ?? '', query, body });
			res.writeHead(answer.status, { 'Content-Type': 'text/plain' });
			res.end(answer.body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as { port: number };
	state.url = `http://127.0.0.1:${port}/hook`;
	return state;
}
