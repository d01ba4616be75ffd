/**
 * A loopback stand-in for the part of GitHub's REST API that n8n's GitHub Trigger uses to register its webhook
 * (POST/GET/PATCH/DELETE /repos/{owner}/{repo}/hooks[/{id}]), so that the built-in trigger can be published in
 * a real n8n without any network. It keeps the hooks it was given, with their secrets: the bench signs its
 * deliveries as GitHub does (X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the hook's secret>).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GithubHook {
	id: number;
	url: string;
	secret: string;
	events: string[];
	active: boolean;
}

/** What n8n's GitHub Trigger sends to create or update a hook. */
interface HookRequest {
	config?: { url?: string; secret?: string };
	events?: string[];
	active?: boolean;
}

export interface GithubStub {
	/** e.g. http://127.0.0.1:40123 (the credential's "GitHub Server") */
	origin: string;
	hooks: GithubHook[];
	close(): Promise<void>;
}

export async function startGithubStub(): Promise<GithubStub> {
	const hooks: GithubHook[] = [];
	let nextId = 1;
	const view = (hook: GithubHook) => ({
		id: hook.id,
		type: 'Repository',
		name: 'web',
		active: hook.active,
		events: hook.events,
		config: { url: hook.url, content_type: 'json', insecure_ssl: '0' },
	});
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const reply = (status: number, body?: unknown) => {
				res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
				res.end(body === undefined ? undefined : JSON.stringify(body));
			};
			const match = /^\/repos\/[^/]+\/[^/]+\/hooks(?:\/(\d+))?\/?$/.exec((req.url ?? '').split('?')[0]);
			if (!match) return reply(404, { message: 'Not Found' });
			const body: HookRequest = chunks.length
				? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as HookRequest)
				: {};
			const hook = match[1] ? hooks.find((h) => h.id === Number(match[1])) : undefined;
			if (!match[1] && req.method === 'POST') {
				if (hooks.some((h) => h.url === body.config?.url))
					return reply(422, {
						message: 'Validation Failed',
						errors: [{ message: 'Hook already exists on this repository' }],
					});
				const created: GithubHook = {
					id: nextId++,
					url: String(body.config?.url),
					secret: String(body.config?.secret ?? ''),
					events: body.events ?? ['push'],
					active: body.active !== false,
				};
				hooks.push(created);
				return reply(201, view(created));
			}
			if (!hook) return reply(404, { message: 'Not Found' });
			if (req.method === 'GET') return reply(200, view(hook));
			if (req.method === 'PATCH') {
				if (body.config?.secret) hook.secret = String(body.config.secret);
				if (body.events) hook.events = body.events;
				if (body.active !== undefined) hook.active = body.active;
				return reply(200, view(hook));
			}
			if (req.method === 'DELETE') {
				hooks.splice(hooks.indexOf(hook), 1);
				return reply(204);
			}
			reply(404, { message: 'Not Found' });
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		hooks,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
