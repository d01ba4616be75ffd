/**
 * Stoplight Prism, a maintained OpenAPI mock server nobody on this project wrote, driven by the marketplace's own
 * OpenAPI (sandbox/v2/seller-api-v2.openapi.json, the published 2.44.0 pretty-printed). It validates every request
 * against the OpenAPI and answers with bodies generated from the response schemas (dynamic mode; the seed of each
 * answer is chosen per request, see proxy.ts).
 *
 * The only change to the document is the list of documented exceptions (sandbox/v2/documented-exceptions.json):
 * parameters whose formal schema and whose own text disagree, where the text and the official examples win (e.g.
 * `embedded` is an array with the default style, i.e. repeated keys, but its description and the code examples
 * give one comma-separated value). Each is applied to the in-memory copy and printed.
 *
 * Prism runs as its own process: it is an ES-module package set, which jest's CommonJS loader cannot load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
export const OPENAPI_FILE = join(ROOT, 'sandbox', 'v2', 'seller-api-v2.openapi.json');
export const EXCEPTIONS_FILE = join(ROOT, 'sandbox', 'v2', 'documented-exceptions.json');

export interface DocumentedException {
	path: string;
	method: string;
	parameter: string;
	in: string;
	style: string;
	explode: boolean;
	reason: string;
}

type Json = Record<string, unknown>;
export type OpenApi = { paths: Record<string, Record<string, Json>>; components: Json } & Json;

export const readOpenApi = (): OpenApi => JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;

export function readExceptions(): DocumentedException[] {
	return existsSync(EXCEPTIONS_FILE)
		? (JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8')) as DocumentedException[])
		: [];
}

/** Applies each exception to its operation's parameter (a copy of it: a shared `$ref` parameter stays as it is elsewhere). */
export function applyExceptions(openApi: OpenApi, exceptions: DocumentedException[]): string[] {
	return exceptions.map((exception) => {
		const label = `${exception.method.toUpperCase()} ${exception.path} ${exception.in} "${exception.parameter}": style=${exception.style}, explode=${exception.explode}`;
		const operation = openApi.paths[exception.path]?.[exception.method.toLowerCase()] as
			| { parameters?: Json[] }
			| undefined;
		const parameters = operation?.parameters ?? [];
		const index = parameters.findIndex((parameter) => {
			const resolved = resolveRef(openApi, parameter);
			return resolved.name === exception.parameter && resolved.in === exception.in;
		});
		if (index < 0) throw new Error(`Documented exception names no parameter of the OpenAPI: ${label}`);
		parameters[index] = {
			...resolveRef(openApi, parameters[index]),
			style: exception.style,
			explode: exception.explode,
		};
		return label;
	});
}

/** The object a `$ref` points to within the document (or the object itself). */
export function resolveRef(openApi: OpenApi, value: Json): Json {
	let current = value;
	for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
		const ref = current.$ref as string;
		current = ref
			.replace(/^#\//, '')
			.split('/')
			.reduce<unknown>((node, key) => (node as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], openApi) as Json;
	}
	return current;
}

export interface PrismServer {
	url: string;
	/** Every line Prism printed, for a failure's report. */
	output(): string;
	stop(): Promise<void>;
}

/** Starts `prism mock` on the patched document on a free port of 127.0.0.1; resolves once Prism says it listens. */
export async function startPrism(openApi: OpenApi, port: number): Promise<PrismServer> {
	const dir = mkdtempSync(join(tmpdir(), 'openapi-judge-'));
	const document = join(dir, 'seller-api-v2.openapi.json');
	writeFileSync(document, JSON.stringify(openApi));
	const cli = require.resolve('@stoplight/prism-cli/dist/index.js');
	// -d: answers generated from the schemas (the seed comes with each request); --errors: an invalid request is refused.
	const child: ChildProcess = spawn(
		process.execPath,
		[cli, 'mock', '-d', '--errors', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', document],
		{
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, SCARF_ANALYTICS: 'false', FORCE_COLOR: '0' },
		},
	);
	let output = '';
	const collect = (chunk: Buffer) => (output += chunk.toString());
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	let gone = false;
	const exited = new Promise<void>((resolve) => child.once('exit', () => ((gone = true), resolve())));
	// Should the test process end without afterAll (a crash, a kill), Prism goes with it.
	const killOnExit = () => child.kill('SIGTERM');
	process.once('exit', killOnExit);
	void exited.then(() => process.removeListener('exit', killOnExit));
	// Ready when it answers; it reads and compiles the whole document first, which takes long on a busy machine.
	while (!(await answers(port))) {
		if (gone) throw new Error(`Prism exited before it listened:\n${output}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return {
		url: `http://127.0.0.1:${port}`,
		output: () => output,
		stop: async () => {
			if (child.exitCode === null) child.kill('SIGTERM');
			await exited;
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** Whether something answers HTTP on the port. */
async function answers(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const request = http.get({ host: '127.0.0.1', port, path: '/' }, (response) => {
			response.resume();
			resolve(true);
		});
		request.on('error', () => resolve(false));
	});
}
