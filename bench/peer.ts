/**
 * The peer: what a user would write without this package. Its own small HMAC signer (deliberately not the
 * package's code) and node:http with a keep-alive agent, reading one page after the other the way the
 * public SDK's cursor and n8n's HTTP Request pagination do.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';

export interface PeerCredentials {
	clientKey: string;
	secretKey: string;
	/** e.g. http://127.0.0.1:8787/api/v1 */
	baseUrl: string;
}

export interface PeerResponse {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: unknown;
}

export class PeerClient {
	private agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
	private readonly base: URL;

	constructor(private readonly credentials: PeerCredentials) {
		this.base = new URL(credentials.baseUrl.replace(/\/+$/, ''));
	}

	/** GET <baseUrl><pathAndQuery>, signed: hex HMAC-SHA256(secret, "GET\n<url>\n<body>\n<timestamp>"). */
	async get(pathAndQuery: string): Promise<PeerResponse> {
		try {
			return await this.send(pathAndQuery);
		} catch (error) {
			// a kept-alive socket the server closed while idle: retry the GET once on a new one, as HTTP clients do
			if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
			return await this.send(pathAndQuery);
		}
	}

	private send(pathAndQuery: string): Promise<PeerResponse> {
		const url = `${this.base.href}${pathAndQuery}`;
		const timestamp = String(Math.floor(Date.now() / 1000));
		const signature = createHmac('sha256', this.credentials.secretKey)
			.update(`GET\n${url}\n\n${timestamp}`)
			.digest('hex');
		const target = new URL(url);
		return new Promise((resolve, reject) => {
			const req = http.request(
				{
					agent: this.agent,
					host: target.hostname,
					port: target.port,
					method: 'GET',
					path: target.pathname + target.search,
					headers: {
						Accept: 'application/json',
						'User-Agent': 'bench-peer/1.0',
						'HM-Client': this.credentials.clientKey,
						'HM-Timestamp': timestamp,
						'HM-Signature': signature,
					},
				},
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () => {
						const text = Buffer.concat(chunks).toString('utf8');
						try {
							resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
						} catch (error) {
							reject(error);
						}
					});
					res.on('error', reject);
				},
			);
			req.on('error', reject);
			req.end();
		});
	}

	/** Reads a whole collection one page at a time, driven by HM-Collection-Range (`start-end/total`). */
	async readAll(path: string, query: string, pageSize = 30): Promise<{ records: unknown[]; requests: number }> {
		this.fresh();
		const records: unknown[] = [];
		let offset = 0;
		let requests = 0;
		for (;;) {
			const response = await this.get(`${path}?${query}${query ? '&' : ''}limit=${pageSize}&offset=${offset}`);
			requests++;
			if (response.status !== 200 || !Array.isArray(response.body)) {
				throw new Error(`peer: GET ${path} offset ${offset} answered ${response.status}`);
			}
			const page = response.body as unknown[];
			for (const record of page) records.push(record);
			const total = Number(/\/(\d+)$/.exec(String(response.headers['hm-collection-range'] ?? ''))?.[1] ?? NaN);
			offset += page.length;
			if (page.length === 0 || !(offset < total)) break;
		}
		return { records, requests };
	}

	/** Starts from new connections (no socket left idle since an earlier run). */
	fresh(): void {
		this.agent.destroy();
		this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
	}

	close(): void {
		this.agent.destroy();
	}
}
