/**
 * Shared set-up of the v2 node tests: one sandbox per file (API v2 under /v2), v2 credentials for it, the v2
 * requests it received, and a check after every test that none of the sandbox's answers broke the OpenAPI.
 */
import type { IDataObject } from 'n8n-workflow';

import { relative } from 'node:path';

import type { RequestLogEntry, Sandbox, StartOptions } from '../../../sandbox';
import { openApiOperations } from '../../../sandbox/v2/openapi';
import { endpointsOf, type Operation } from '../../../nodes/SellerMarketplace/actions/define';
import { useSandbox } from '../../harness/sandbox';
import { runSellerNodeV2, type NodeRunOptionsV2, type SellerCredentialsV2 } from '../../harness/workflow';

export interface V2Setup {
	sandbox(): Sandbox;
	credentials(): SellerCredentialsV2;
	/** The requests the sandbox received under /v2, oldest first. */
	requests(): RequestLogEntry[];
	/** Runs the node (version 2) with `resource` and the given parameters on one empty item (or `items`). */
	run(parameters: IDataObject, options?: Omit<NodeRunOptionsV2, 'parameters'>): ReturnType<typeof runSellerNodeV2>;
}

export function useSandboxV2(options: StartOptions = {}, resource?: string): V2Setup {
	const file = useSandbox(options, { checkResponses: true });
	const runs: OperationRun[] = [];
	afterAll(() => expectOwnOperationRan(runs));
	return {
		sandbox: file.sandbox,
		credentials: file.credentialsV2,
		requests: () =>
			file
				.sandbox()
				.control.requests()
				.filter((entry) => entry.api === 'v2'),
		run: async (parameters, runOptions = {}) => {
			const before = file.sandbox().control.requests().length;
			const run = await runSellerNodeV2(file.credentialsV2(), {
				parameters: resource ? { resource, ...parameters } : parameters,
				...runOptions,
			});
			runs.push({
				resource: String(parameters.resource ?? resource),
				operation: String(parameters.operation),
				failed: run.error !== undefined,
				requests: file.sandbox().control.requests().slice(before),
			});
			return run;
		},
	};
}

interface OperationRun {
	resource: string;
	operation: string;
	failed: boolean;
	requests: RequestLogEntry[];
}

/**
 * The operation a test file at the mirroring path (`test/SellerMarketplace/v2/actions/<resource>/<operation>.test.ts`)
 * tests: the one its operation file (`nodes/SellerMarketplace/v2/actions/<resource>/<operation>.operation.ts`)
 * declares, with the value of the resource that lists it.
 */
function operationOfTestFile(testPath: string): { resource: string; operation: Operation } | undefined {
	const match = /v2\/actions\/([^/]+)\/([^/]+)\.test\.ts$/.exec(testPath.split('\\').join('/'));
	if (!match) return undefined;
	let module: Record<string, unknown>;
	try {
		module = require(`../../../nodes/SellerMarketplace/v2/actions/${match[1]}/${match[2]}.operation`) as Record<
			string,
			unknown
		>;
	} catch {
		return undefined; // a file of several operations (flows.test.ts)
	}
	const { resources } = require('../../../nodes/SellerMarketplace/v2/actions') as {
		resources: Array<{ value: string; operations: Record<string, Operation> }>;
	};
	// A resource holds its own copy of each operation (the resource set on it); the run function is the same one.
	const declared = Object.values(module) as Array<Partial<Operation>>;
	const runOf = (operation: Partial<Operation>) =>
		(operation as { execute?: unknown; batch?: unknown }).execute ?? (operation as { batch?: unknown }).batch;
	for (const resource of resources) {
		for (const operation of Object.values(resource.operations)) {
			if (declared.some((candidate) => runOf(candidate) !== undefined && runOf(candidate) === runOf(operation)))
				return { resource: resource.value, operation };
		}
	}
	return undefined;
}

/**
 * A file of an operation's tests runs it as a seller would: without an error, each endpoint it declares answered 2xx to
 * a signed request in one of those runs. This is what proves the operation covers its endpoints of the OpenAPI (see
 * coverage/coverage.test.ts), so a new operation needs its test file, not a separate sample.
 */
function expectOwnOperationRan(runs: OperationRun[]): void {
	const testPath = expect.getState().testPath ?? '';
	const own = operationOfTestFile(testPath);
	if (!own) return;
	const operationIds = endpointsOf(own.operation).map(
		({ method, path }) =>
			openApiOperations().find((api) => api.method === method && api.path === path)?.operationId ?? `${method} ${path}`,
	);
	// An operation with several endpoints sends one of them by its form (Get Many of manufacturer or product
	// contacts): each answered 2xx in some run of it that ended without an error.
	const succeeded = runs.filter(
		(run) => run.resource === own.resource && run.operation === own.operation.value && !run.failed,
	);
	const ranAsDeclared =
		succeeded.length > 0 &&
		operationIds.every((id) =>
			succeeded.some((run) =>
				run.requests.some(
					(request) =>
						request.operationId === id && request.signatureValid && request.status >= 200 && request.status < 300,
				),
			),
		);
	if (!ranAsDeclared) {
		throw new Error(
			`${relative(process.cwd(), testPath)}: no test runs ${own.resource} → ${own.operation.value} without an error with ${operationIds.join(', ')} each answered 2xx to a signed request`,
		);
	}
}

/**
 * A locator value in By ID mode that an expression fills, e.g. from the item: what reaches the node's own ID check
 * (n8n's form check already refuses a bad ID typed in the field, see test/SellerMarketplace/pickers/pickers.test.ts).
 */
export const fromExpression = (id: string | number) => ({
	__rl: true,
	mode: 'id',
	value: `={{ ${JSON.stringify(String(id))} }}`,
});

/** What every request of the node carries: a valid signature over the bytes received, the Shop- headers and the User-Agent. */
export function expectSigned(entry: RequestLogEntry, credentials: SellerCredentialsV2): void {
	expect(entry.signatureValid).toBe(true);
	expect(entry.headers).toMatchObject({
		accept: 'application/json',
		'user-agent': credentials.userAgent,
		'shop-client-key': credentials.clientKey,
		'shop-signature': expect.stringMatching(/^[0-9a-f]{64}$/),
	});
	expect(Math.abs(Number(entry.headers['shop-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
	expect(JSON.stringify(entry.headers)).not.toContain(credentials.secretKey);
}
