/**
 * The query as API v2 documents it, through n8n-core against the strict sandbox, which takes no other form
 * (sandbox/v2/contract.ts): the query written as PHP's http_build_query writes it (a space as `+`), `embedded` as
 * one comma-separated list (`embedded=category%2Cunits`, sandbox/v2/documented-exceptions.json), other list
 * filters one value a request (vouchers, whose text documents it: repeated keys), each signed over exactly the bytes sent.
 */
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2();
const db = () => v2.sandbox().control.db;

describe('API v2 wire forms', () => {
	it('Product → Search: a search text with spaces goes as `+`, what to include as one comma list; the signature covers those bytes', async () => {
		const item = db().items.find((candidate) => /^[A-Za-z]+ [A-Za-z]+ /.test(candidate.title))!;
		const [brand, word] = item.title.split(' ');
		const run = await v2.run({
			resource: 'product',
			operation: 'search',
			q: `${brand} ${word}`,
			returnAll: false,
			limit: 5,
			embedded: ['category', 'units'],
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request.rawUrl).toBe(
			`/v2/products/search?storefront=de&q=${brand}+${word}&embedded=category%2Cunits&limit=5&offset=0`,
		);
		expect(request.status).toBe(200);
		expectSigned(request, v2.credentials());
		expect(run.items.map((output) => output.json.id_product)).toContain(item.id_item);
		expect(run.items[0].json).toEqual(
			expect.objectContaining({ category: expect.any(Object), units: expect.any(Array) }),
		);
	});

	it('Voucher → Get Many: several states as repeated keys (as its description documents), a search term with a space as `+`', async () => {
		const run = await v2.run({
			resource: 'voucher',
			operation: 'getMany',
			returnAll: true,
			storefront: 'de',
			filters: { status: ['active', 'new'], searchTerm: 'Summer sale' },
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request.rawUrl).toMatch(/^\/v2\/vouchers\?storefront=de&status=active&status=new&search_term=Summer\+sale&/);
		expect(request.status).toBe(200);
		expectSigned(request, v2.credentials());
	});

	it('Order Unit → Get Many: several states as one request per state, so that no reading of the query loses one (W3)', async () => {
		const run = await v2.run({
			resource: 'orderUnit',
			operation: 'getMany',
			returnAll: false,
			limit: 3,
			filters: { status: ['sent', 'received'] },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((request) => [request.queryValues!.status, request.status])).toEqual([
			[['sent'], 200],
			[['received'], 200],
		]);
		expect(run.items.every((output) => ['sent', 'received'].includes(String(output.json.status)))).toBe(true);
	});
});
