/** Outgoing HTTP calls (callback verification, notifications, import-file downloads). */
import http from 'http';
import https from 'https';

export interface CallResult {
	status?: number;
	body: string;
	error?: string;
}

export function httpCall(
	url: string,
	options: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number; maxBytes?: number },
): Promise<CallResult> {
	return new Promise((resolve) => {
		let target: URL;
		try {
			target = new URL(url);
		} catch {
			resolve({ body: '', error: `invalid URL '${url}'` });
			return;
		}
		const client = target.protocol === 'https:' ? https : http;
		const request = client.request(
			target,
			{ method: options.method, headers: options.headers, agent: false },
			(response) => {
				const chunks: Buffer[] = [];
				let size = 0;
				response.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (options.maxBytes && size > options.maxBytes) {
						request.destroy(new Error(`response larger than ${options.maxBytes} bytes`));
						return;
					}
					chunks.push(chunk);
				});
				response.on('end', () =>
					resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
				);
				response.on('error', (error) => resolve({ status: response.statusCode, body: '', error: error.message }));
			},
		);
		// a deadline for the whole exchange, not just socket idleness
		const deadline = setTimeout(
			() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
			options.timeoutMs,
		);
		request.on('close', () => clearTimeout(deadline));
		request.on('error', (error) => resolve({ body: '', error: error.message }));
		request.end(options.body);
	});
}
