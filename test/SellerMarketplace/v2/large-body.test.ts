/**
 * Issue 23, deliverable 6: the v2 sandbox judged a request by its request-log copy, which keeps only the first
 * 64 KiB of a body, so every body above 64 KiB was refused as "not valid JSON". It judges the body received now,
 * up to its documented limit of 10 MiB.
 */
import { useSandboxV2 } from './setup';

const v2 = useSandboxV2({}, 'productData');

describe('a request body above 64 KiB', () => {
	it('Product Data → Create or Replace with a 100,000-character description is accepted and stored whole', async () => {
		const description = 'Leichte Kopfhörer mit langer Beschreibung. '.repeat(2400).slice(0, 100_000);
		const { error } = await v2.run({
			operation: 'createOrReplace',
			ean: '4006381333931',
			defineData: 'fields',
			attributes: {
				attribute: [
					{ name: 'title', value: 'Kopfhörer X1' },
					{ name: 'description', value: description },
				],
			},
		});
		expect(error).toBeUndefined();
		const [request] = v2.requests();
		expect(request.bodyBytes).toBeGreaterThan(64 * 1024);
		expect(request.bodyTruncated).toBe(true);
		expect(request.status).toBeGreaterThanOrEqual(200);
		expect(request.status).toBeLessThan(300);
		const stored = v2.sandbox().control.db.productData.find((entry) => entry.ean === '4006381333931');
		expect(JSON.stringify(stored)).toContain(description);
	});
});
