/**
 * Shared set-up of the v2 node tests: one sandbox per file (API v2 under /v2), v2 credentials for it, the v2
 * requests it received, and a check after every test that none of the sandbox's answers broke the OpenAPI.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RequestLogEntry, Sandbox, StartOptions } from '../../../sandbox';
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
	return {
		sandbox: file.sandbox,
		credentials: file.credentialsV2,
		requests: () =>
			file
				.sandbox()
				.control.requests()
				.filter((entry) => entry.api === 'v2'),
		run: async (parameters, runOptions = {}) =>
			await runSellerNodeV2(file.credentialsV2(), {
				parameters: resource ? { resource, ...parameters } : parameters,
				...runOptions,
			}),
	};
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
