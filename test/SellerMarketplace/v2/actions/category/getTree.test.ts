/** Category → Get Tree (node version 2), through n8n-core against the v2 sandbox. */
import { useCategorySandbox } from './setup';

const { v2, db } = useCategorySandbox();

describe('Category → Get Tree', () => {
	it('reads the whole tree as one item', async () => {
		const run = await v2.run({ operation: 'getTree', storefront: 'cz' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/categories/tree',
			query: { storefront: 'cz' },
			status: 200,
		});
		expect(run.items).toHaveLength(1);
		const tree = run.items[0].json as { id_category: number; children: Array<{ children: unknown[] }> };
		expect(tree.id_category).toBe(1);
		expect(tree.children.length).toBe(db().categories.filter((c) => c.level === 1).length);
		expect(tree.children.flatMap((c) => c.children)).toHaveLength(db().categories.filter((c) => c.level === 2).length);
	});
});
