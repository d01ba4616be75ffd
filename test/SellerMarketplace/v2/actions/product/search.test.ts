/** Product → Search (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useProductSandbox } from './setup';

const { v2, db } = useProductSandbox();

describe('Product → Search', () => {
	it('sends the search text and pages with Return All, one item per product', async () => {
		const matching = db().items.filter((i) => `${i.title} ${i.manufacturer}`.toLowerCase().includes('a'));
		expect(matching.length).toBeGreaterThan(10);
		const run = await v2.run({ operation: 'search', q: 'a', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((r) => r.query)).toEqual([
			{ storefront: 'de', q: 'a', limit: '100', offset: '0' },
			...(matching.length > 100 ? [expect.anything()] : []),
		]);
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((i) => i.json.id_product)).toEqual(matching.map((i) => i.id_item));
	});

	it('stops at the limit and finds a product by a word of its title', async () => {
		const item = db().items[7];
		const word = item.title.split(' ').pop()!;
		const run = await v2.run({ operation: 'search', q: word, returnAll: false, limit: 2, storefront: 'cz' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toEqual({ storefront: 'cz', q: word, limit: '2', offset: '0' });
		expect(run.items.map((i) => i.json.id_product)).toContain(item.id_item);
		expect(run.items[0].json.storefront).toBe('cz');
	});

	it('refuses an empty search text before sending', async () => {
		const run = await v2.run({ operation: 'search', q: '  ', returnAll: true });
		expect(run.error?.message).toContain('"Search Text" is required and cannot be empty [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
