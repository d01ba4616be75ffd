/**
 * A server on 127.0.0.1 for the files the sandbox downloads (import files): what `serve` set, else 404. One per
 * test file, started before its tests and closed after them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FileServer {
	/** The address of `path` on the server, e.g. `http://127.0.0.1:40000/feed.csv`. */
	url(path: string): string;
	/** Serves `body` as text/csv at `path` from now on. */
	serve(path: string, body: string): void;
}

export function useFileServer(): FileServer {
	const files: Record<string, string> = {};
	let server: http.Server;
	let base: string;
	beforeAll(async () => {
		server = http.createServer((request, response) => {
			const body = files[request.url ?? ''];
			response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/csv' });
			response.end(body ?? 'not found');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));
	return {
		url: (path) => `${base}${path}`,
		serve: (path, body) => {
			files[path] = body;
		},
	};
}
