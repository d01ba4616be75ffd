/**
 * Issue 24, item 4: the Request Options are read once per item of an execution, where it starts, and passed on to
 * every request and page of the item; before, the transport read the form again for every request and page.
 * Counted through n8n-core: the reads of the `requestOptions` parameter by the node's execution context.
 */
import { ExecuteContext } from 'n8n-core';

import { useSandboxV2 } from '../../SellerMarketplace/v2/setup';

const v2 = useSandboxV2({ orders: 120 });

/** Counts the reads of `requestOptions` while `run` runs. */
async function readsOfRequestOptions<T>(run: () => Promise<T>): Promise<{ result: T; reads: number }> {
	const spy = jest.spyOn(
		ExecuteContext.prototype as unknown as { _getNodeParameter: (name: string) => unknown },
		'_getNodeParameter',
	);
	try {
		const result = await run();
		return { result, reads: spy.mock.calls.filter(([name]) => name === 'requestOptions').length };
	} finally {
		spy.mockRestore();
	}
}

describe('Request Options', () => {
	it('are read once for a Return All of many pages, and every page follows them', async () => {
		v2.sandbox().control.addFault({ method: 'GET', path: '/v2/order-units', kind: 'status', status: 503, times: 1 });
		const { result, reads } = await readsOfRequestOptions(
			async () =>
				await v2.run({
					resource: 'orderUnit',
					operation: 'getMany',
					returnAll: true,
					storefront: 'all',
					requestOptions: { maxRetries: 1, pageConcurrency: 2 },
				}),
		);

		const pages = v2.requests().filter((request) => request.method === 'GET' && request.path === '/order-units');
		expect(result.error).toBeUndefined();
		expect(pages.length).toBeGreaterThan(2);
		// The page that failed once was asked again (Max Retries 1), and the records of every page came out.
		expect(pages.filter((request) => request.status === 503)).toHaveLength(1);
		expect(result.items.length).toBe(
			v2.sandbox().control.db.orderUnits.filter((unit) => !unit._fulfilled_by_marketplace).length,
		);
		expect(reads).toBe(1);
	});

	it('are read once per item, so an expression can differ per item, and each item keeps its own', async () => {
		v2.sandbox().control.addFault({ method: 'GET', path: '/v2/carriers', kind: 'status', status: 503, times: 2 });
		const { result, reads } = await readsOfRequestOptions(
			async () =>
				await v2.run(
					{ resource: 'carrier', operation: 'getMany', requestOptions: { maxRetries: '={{ $json.retries }}' } },
					{ items: [{ json: { retries: 0 } }, { json: { retries: 2 } }], continueOnFail: true },
				),
		);

		// Item 0 may not retry: its first 503 fails it. Item 1 retries past the second 503.
		expect(v2.requests().map((request) => request.status)).toEqual([503, 503, 200]);
		expect(result.items[0].json.error).toBe('Could not get many carriers: the marketplace had a server error (503)');
		expect(result.items.slice(1).every((item) => item.json.error === undefined)).toBe(true);
		expect(reads).toBe(2);
	});
});
