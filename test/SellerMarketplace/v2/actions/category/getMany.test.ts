/** Category → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useCategorySandbox } from './setup';

const { v2, db } = useCategorySandbox();

describe('Category → Get Many', () => {
	it('lists the subcategories of a parent, 100 a page', async () => {
		const parent = db().categories.find((c) => c.level === 1)!;
		const children = db().categories.filter((c) => c.id_parent_category === parent.id_category);
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: { parentId: String(parent.id_category) },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toEqual({
			storefront: 'de',
			id_parent: String(parent.id_category),
			limit: '100',
			offset: '0',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((i) => i.json.id_category)).toEqual(children.map((c) => c.id_category));
	});

	it('searches by text and stops at the limit', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: false, limit: 1, filters: { q: 'Smartphones' } });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].query).toEqual({ storefront: 'de', q: 'Smartphones', limit: '1', offset: '0' });
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ title_singular: 'Smartphones', is_leaf: true });
	});

	it('refuses a parent ID that is not a whole number before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { parentId: '2.5' } });
		expect(run.error?.message).toContain('"Parent Category ID" must be a whole number');
		expect(v2.requests()).toHaveLength(0);
	});
});
