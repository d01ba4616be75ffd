/**
 * What stands between the node and Prism: it counts and records every request of a run, chooses the seed of each
 * answer, reshapes Prism's answer as the run's variant says (answers.ts), and stops a runaway read.
 *
 * - The node's base URL ends in `/v2` (the OpenAPI's server); Prism serves the paths without it.
 * - Seeds: Prism takes the seed of an answer from the `Prefer` header. With `repeat` every request of a run gets
 *   the same seed, so a list answers the same page at every offset (records repeated under a total that
 *   promises more); without it each request gets its own seed (new records on every page).
 * - Query strings are passed on as they are: Prism decodes `+` as a space, as `http_build_query` means it, so no
 *   normalising step is needed.
 * - URLs in answers (a report's download address, a label's file) are pointed at this proxy, which serves a small
 *   file there: nothing leaves 127.0.0.1.
 * - Prism cannot check the HMAC signature (the v2 sandbox tests do); the judge records whether the signing headers
 *   were there.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { AnswerChecker, reshape, seededRandom, type Variant } from './answers';
import { resolveRef, type DocumentedException, type OpenApi } from './prism';

export interface Scenario {
	variant: Variant;
	seed: number;
	/** Every request of the run answered with the same seed: repeated pages. */
	repeat: boolean;
}

export interface Exchange {
	method: string;
	/** Path and query as the node sent them, without the base URL's `/v2`. */
	url: string;
	operationId?: string;
	status: number;
	/** Prism's objections to the request (its `sl-violations` header), when it refused it. */
	violations?: string;
	/** Whether Shop-Client-Key, Shop-Timestamp, Shop-Signature and User-Agent were sent. */
	signed: boolean;
	/** The reshaped answer broke the response schema: the judge's fault, reported as such. */
	answerProblems?: string[];
	/** The proxy itself failed on this request (a bug of the judge). */
	proxyError?: string;
	/** Answered by the proxy itself: the run had reached the request bound. */
	overBound?: boolean;
}

interface Route {
	pattern: RegExp;
	literalSegments: number;
	path: string;
	methods: Record<string, { operationId?: string }>;
}

/** FNV-1a of a text, a 32-bit number. */
function hash(text: string): number {
	let value = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
	return value;
}

const FILE_PATH = '/judge-file/';
const SIGNING_HEADERS = ['shop-client-key', 'shop-timestamp', 'shop-signature', 'user-agent'];

export class JudgeProxy {
	private server?: http.Server;
	private routes: Route[];
	private readonly checker: AnswerChecker;
	private scenario: Scenario = { variant: 'generated', seed: 1, repeat: false };
	private exchanges: Exchange[] = [];
	url = '';

	/**
	 * `bound`: requests answered per run; beyond it the proxy refuses (400) so that a runaway read ends, and records it.
	 * `exceptions`: the documented exceptions Prism was given. Prism reads a repeated key of an `explode: false`
	 * parameter as well as one comma list, so the proxy refuses the repeated form of those itself.
	 */
	constructor(
		private readonly openApi: OpenApi,
		private readonly prismUrl: string,
		private readonly bound: number,
		private readonly exceptions: DocumentedException[] = [],
	) {
		this.checker = new AnswerChecker(openApi);
		this.routes = Object.entries(openApi.paths)
			.map(([path, methods]) => ({
				path,
				methods: methods as Route['methods'],
				pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
				literalSegments: path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
			}))
			// A literal segment wins over a path parameter (/units/bulk before /units/{id_unit}), as Prism routes.
			.sort((a, b) => b.literalSegments - a.literalSegments);
	}

	async start(): Promise<void> {
		this.server = http.createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				this.handle(request, Buffer.concat(chunks)).then(
					({ status, headers, body }) => {
						response.writeHead(status, { ...headers, 'content-length': String(body.length) });
						response.end(body);
					},
					(error: Error) => {
						this.exchanges.push({
							method: request.method ?? 'GET',
							url: request.url ?? '/',
							status: 599,
							signed: true,
							proxyError: `${error.message} (${error.stack?.split('\n')[1]?.trim() ?? ''})`,
						});
						response.writeHead(599, { 'content-type': 'text/plain' });
						response.end(`judge proxy failed: ${error.message}`);
					},
				);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
	}

	/** Starts a new run: forgets the requests recorded so far. */
	begin(scenario: Scenario): void {
		this.scenario = scenario;
		this.exchanges = [];
	}

	/** The requests of the run, in the order they arrived. */
	recorded(): Exchange[] {
		return [...this.exchanges];
	}

	private route(method: string, path: string): { path: string; operationId?: string } | undefined {
		const route = this.routes.find(
			(candidate) => candidate.pattern.test(path) && candidate.methods[method.toLowerCase()],
		);
		return route ? { path: route.path, operationId: route.methods[method.toLowerCase()].operationId } : undefined;
	}

	private async handle(
		request: http.IncomingMessage,
		body: Buffer,
	): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
		const method = request.method ?? 'GET';
		const url = (request.url ?? '/').replace(/^\/v2(?=\/|\?|$)/, '');
		if (url.startsWith(FILE_PATH))
			return { status: 200, headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-1.4\n%%EOF\n') };
		const path = url.split('?')[0];
		const route = this.route(method, path);
		const exchange: Exchange = {
			method,
			url,
			operationId: route?.operationId,
			status: 0,
			signed: SIGNING_HEADERS.every(
				(name) => typeof request.headers[name] === 'string' && request.headers[name] !== '',
			),
		};
		this.exchanges.push(exchange);
		if (this.exchanges.length > this.bound) {
			exchange.status = 400;
			exchange.overBound = true;
			const problem = {
				type: '/problems/judge/request-bound',
				errors: [],
				message: `The judge answers at most ${this.bound} requests per run`,
			};
			return {
				status: 400,
				headers: { 'content-type': 'application/json' },
				body: Buffer.from(JSON.stringify(problem)),
			};
		}
		// Chosen from the request, not from its turn: pages read concurrently get the same answers in any order.
		const repeated = this.repeatedListKeys(method, route?.path, url);
		if (repeated.length) {
			exchange.status = 400;
			exchange.violations = `repeated keys for ${repeated.join(', ')}, documented as one comma-separated value (sandbox/v2/documented-exceptions.json)`;
			const problem = { type: '/problems/judge/wire-form', errors: [], message: exchange.violations };
			return {
				status: 400,
				headers: { 'content-type': 'application/json' },
				body: Buffer.from(JSON.stringify(problem)),
			};
		}
		const seed = this.scenario.repeat ? `${this.scenario.seed}` : `${this.scenario.seed}-${hash(`${method} ${url}`)}`;
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(request.headers)) {
			if (typeof value === 'string' && !['host', 'connection', 'content-length', 'prefer'].includes(name))
				headers[name] = value;
		}
		const answer = await fetch(`${this.prismUrl}${url}`, {
			method,
			headers: { ...headers, prefer: `dynamic=true, seed=${seed}` },
			body: ['GET', 'HEAD'].includes(method) ? undefined : body,
		});
		exchange.status = answer.status;
		const violations = answer.headers.get('sl-violations');
		if (violations) exchange.violations = violations;
		const contentType = answer.headers.get('content-type') ?? '';
		let answerBody: Buffer = Buffer.from(await answer.arrayBuffer());
		if (route && answer.status >= 200 && answer.status < 300 && /json/.test(contentType) && answerBody.length) {
			const pointer = [
				'',
				'paths',
				route.path,
				method.toLowerCase(),
				'responses',
				String(answer.status),
				'content',
				'application/json',
				'schema',
			]
				.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
				.join('/');
			const schema = this.schemaAt(pointer);
			if (schema) {
				const reshaped = this.withLocalUrls(
					reshape(
						this.openApi,
						schema,
						JSON.parse(answerBody.toString('utf8')),
						this.scenario.variant,
						seededRandom(hash(`${seed} ${url}`)),
						this.checker,
					),
				);
				const problems = this.checker.problems(pointer, reshaped);
				if (problems.length) exchange.answerProblems = problems;
				answerBody = Buffer.from(JSON.stringify(reshaped));
			}
		}
		return {
			status: answer.status,
			headers: { 'content-type': contentType || 'application/octet-stream' },
			body: answerBody,
		};
	}

	/** The `explode: false` exception parameters of the operation that the query repeats. */
	private repeatedListKeys(method: string, path: string | undefined, url: string): string[] {
		const query = new URLSearchParams(url.split('?')[1] ?? '');
		return this.exceptions
			.filter(
				(exception) =>
					!exception.explode &&
					exception.in === 'query' &&
					exception.path === path &&
					exception.method.toUpperCase() === method,
			)
			.map((exception) => exception.parameter)
			.filter((name) => query.getAll(name).length > 1);
	}

	private schemaAt(pointer: string): Record<string, unknown> | undefined {
		let node: unknown = this.openApi;
		for (const part of pointer.split('/').slice(1)) {
			node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
			if (node && typeof node === 'object' && '$ref' in node && part !== 'schema')
				node = resolveRef(this.openApi, node as Record<string, unknown>);
		}
		return node as Record<string, unknown> | undefined;
	}

	/** Every absolute http(s) address in the answer, pointed at the proxy's file path (a value of the same format). */
	private withLocalUrls(value: unknown): unknown {
		if (typeof value === 'string') return /^https?:\/\//i.test(value) ? `${this.url}${FILE_PATH}file.pdf` : value;
		if (Array.isArray(value)) return value.map((item) => this.withLocalUrls(item));
		if (value && typeof value === 'object')
			return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.withLocalUrls(item)]));
		return value;
	}
}
