/**
 * Which operations of the marketplace's OpenAPI (seller-api-v2.openapi.json) node version 2 covers, found two
 * ways: each node operation declares its `endpoint` (v2/actions/define.ts), and each is run through n8n-core against
 * the v2 sandbox: by its own test file (see ../setup.ts) and, where it has one, with its sample (./samples.ts); the
 * sandbox's request log names the OpenAPI operationId of every request. The operations neither covers must be exactly those in not-yet-covered.json, and the operations the
 * sandbox answers 501 exactly those in sandbox-not-yet-served.json, so that both lists shrink as work lands and
 * a regression fails.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { endpointsOf, type Operation } from '../../../../nodes/SellerMarketplace/actions/define';
import { resources } from '../../../../nodes/SellerMarketplace/v2/actions';
import type { RequestLogEntry, ResponseViolation } from '../../../../sandbox';
import { V2Client } from '../../../sandbox/v2/client';
import { useSandboxV2 } from '../setup';
import { samples, WithInput } from './samples';
import { openApiOperations } from '../../../../sandbox/v2/openapi';
import { budget } from '../../../budget';

const readJson = (path: string) => JSON.parse(readFileSync(join(__dirname, path), 'utf8')) as unknown;
const notYetCovered = readJson('not-yet-covered.json') as string[];
const sandboxNotYetServed = readJson('sandbox-not-yet-served.json') as string[];
const apiOperations = openApiOperations();
const operationIdOf = (endpoint: { method: string; path: string }) => apiOperations.find((api) => api.method === endpoint.method && api.path === endpoint.path)?.operationId;

const nodeOperations: Array<{ key: string; operation: Operation }> = resources.flatMap((resource) =>
	Object.values(resource.operations).map((operation) => ({
		key: `${resource.value}.${operation.value}`,
		operation,
	})),
);

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
const minus = (a: Iterable<string>, b: Iterable<string>) => sorted([...a].filter((value) => !new Set(b).has(value)));
/** What to change in a checked-in list so that it equals `actual`; empty when it does. */
function listChanges(file: string, listed: string[], actual: string[]): string[] {
	const remove = minus(listed, actual);
	const add = minus(actual, listed);
	return [...(remove.length ? [`remove from ${file}: ${JSON.stringify(remove)}`] : []), ...(add.length ? [`add to ${file}: ${JSON.stringify(add)}`] : [])];
}

interface SampleRun {
	key: string;
	operation: Operation;
	error?: string;
	requests: RequestLogEntry[];
	violations: ResponseViolation[];
}

const v2 = useSandboxV2();
let callbackServer: http.Server;
let callbackUrl: string;
const runs: SampleRun[] = [];

/** Every operation that has a sample, run once on a freshly reset sandbox. */
beforeAll(async () => {
	callbackServer = http.createServer((request, response) => {
		response.writeHead(200, { 'Content-Type': 'text/plain' });
		response.end(new URL(request.url ?? '/', 'http://callback').searchParams.get('challenge') ?? '');
	});
	await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
	callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
	for (const { key, operation } of nodeOperations) {
		const sample = samples[key];
		if (!sample) continue;
		const control = v2.sandbox().control;
		control.reset();
		const prepared = sample({ control, callbackUrl });
		const { parameters, items } = prepared instanceof WithInput ? prepared : { parameters: prepared, items: undefined };
		control.clearRequests();
		const run = await v2.run({ resource: operation.resource, operation: operation.value, ...parameters }, { items });
		runs.push({
			key,
			operation,
			error: run.error ? `${run.error.message}${run.error.description ? ` (${run.error.description})` : ''}` : undefined,
			requests: v2.requests(),
			violations: [...control.responseViolations()],
		});
	}
}, budget(60_000));
afterAll(async () => await new Promise<void>((resolve) => callbackServer.close(() => resolve())));

describe('API v2 coverage of node version 2', () => {
	it('each operation of the OpenAPI has its own operationId; the checked-in lists name only those', () => {
		const ids = apiOperations.map((api) => api.operationId);
		expect(ids.length).toBeGreaterThan(0);
		expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
		expect(new Set(ids).size).toBe(ids.length);
		for (const list of [notYetCovered, sandboxNotYetServed]) {
			expect(minus(list, ids)).toEqual([]);
			expect(list).toEqual(sorted(list));
		}
	});

	it('every node operation declares its endpoint, an operation of the OpenAPI', () => {
		const undeclared = nodeOperations.filter(({ operation }) => endpointsOf(operation).length === 0).map(({ key }) => key);
		const unknown = nodeOperations.flatMap(({ key, operation }) =>
			endpointsOf(operation)
				.filter((endpoint) => !operationIdOf(endpoint))
				.map((endpoint) => `${key}: ${endpoint.method} ${endpoint.path}`),
		);
		expect({
			'declare `endpoint: \'METHOD /path\'` in': undeclared,
			'not in the OpenAPI (method and path template as it writes them)': unknown,
		}).toEqual({
			'declare `endpoint: \'METHOD /path\'` in': [],
			'not in the OpenAPI (method and path template as it writes them)': [],
		});
	});

	it('an operation is marked "(Deprecated)" in its name and summary exactly when its endpoint is deprecated', () => {
		const deprecatedIds = new Set(apiOperations.filter((api) => api.deprecated).map((api) => api.operationId));
		const wrong = nodeOperations
			.filter(({ operation }) => {
				const deprecated = endpointsOf(operation).some((endpoint) => deprecatedIds.has(operationIdOf(endpoint) ?? ''));
				const marked = operation.name.includes('(Deprecated)') && /deprecated/i.test(operation.summary);
				return deprecated !== marked;
			})
			.map(({ key }) => key);
		expect(wrong).toEqual([]);
	});

	it('every sample names an operation (a sample is optional: each operation\'s own test file runs it, see ../setup.ts)', () => {
		const keys = nodeOperations.map(({ key }) => key);
		expect({ 'samples of no operation': minus(Object.keys(samples), keys) }).toEqual({ 'samples of no operation': [] });
	});

	it('every sample runs without error; each request it sent is an OpenAPI operation, signed and accepted, and each answer matched the OpenAPI', () => {
		const problems = runs.flatMap(({ key, error, requests, violations }) => [
			...(error ? [`${key}: ${error}`] : []),
			...(requests.length === 0 ? [`${key}: sent no request`] : []),
			...requests
				.filter((request) => !request.operationId || !request.signatureValid || request.status < 200 || request.status > 299)
				.map(
					(request) =>
						`${key}: ${request.method} ${request.path} → ${request.status} (${request.operationId ?? 'no OpenAPI operation'}${request.signatureValid ? '' : ', signature invalid'})`,
				),
			...violations.map(
				(violation) => `${key}: the ${violation.status} answer of ${violation.operationId} broke the OpenAPI: ${violation.problems.join('; ')}`,
			),
		]);
		expect(problems).toEqual([]);
	});

	it('the run of each operation sends exactly the endpoints (and reads) it declares', () => {
		const mismatches = runs.flatMap(({ key, operation, requests }) => {
			const declared = sorted(endpointsOf(operation, 'all').map((endpoint) => operationIdOf(endpoint) ?? `${endpoint.method} ${endpoint.path}`));
			const sent = sorted(requests.map((request) => request.operationId ?? `${request.method} ${request.path}`));
			return JSON.stringify(sent) === JSON.stringify(declared) ? [] : [`${key} declares ${JSON.stringify(declared)} but sent ${JSON.stringify(sent)}`];
		});
		expect(mismatches).toEqual([]);
	});

	it('the operations not covered yet are exactly those in not-yet-covered.json', () => {
		// Covered: declared by an operation, and sent by its sample run; or declared by an operation without a sample,
		// whose own test file (test/SellerMarketplace/v2/actions/<resource>/<operation>.test.ts, which every operation
		// has: test/release/test-paths.test.ts) fails unless it runs the operation to a 2xx answer of each endpoint.
		const sampled = new Set(runs.map(({ key }) => key));
		const covered = sorted([
			...runs.flatMap(({ operation, requests }) =>
				endpointsOf(operation)
					.map(operationIdOf)
					.filter((id): id is string => requests.some((request) => request.operationId === id)),
			),
			...nodeOperations
				.filter(({ key }) => !sampled.has(key))
				.flatMap(({ operation }) => endpointsOf(operation).map(operationIdOf))
				.filter((id): id is string => id !== undefined),
		]);
		const uncovered = minus(
			apiOperations.map((api) => api.operationId),
			covered,
		);
		console.log(`coverage: ${covered.length} of ${apiOperations.length}\nnot covered yet: ${uncovered.join(', ')}`);
		expect(listChanges('test/SellerMarketplace/v2/coverage/not-yet-covered.json', notYetCovered, uncovered)).toEqual([]);
	});
});

describe('API v2 operations the sandbox serves', () => {
	it('every OpenAPI operation is served (not 501) unless listed in sandbox-not-yet-served.json', async () => {
		const client = new V2Client(v2.sandbox());
		const notServed: string[] = [];
		for (const api of apiOperations) {
			// Any value for the path parameters: the 501 comes before the request is checked.
			const response = await client.call(api.method, api.path.replace(/\{[^}]+\}/g, '1'), { anyStatus: true });
			if (response.status === 501) notServed.push(api.operationId);
		}
		v2.sandbox().control.reset();
		expect(listChanges('test/SellerMarketplace/v2/coverage/sandbox-not-yet-served.json', sandboxNotYetServed, sorted(notServed))).toEqual([]);
	});
});
