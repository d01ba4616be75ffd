/** Attribute → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useAttributeSandbox } from './setup';

const { v2, db } = useAttributeSandbox();

describe('Attribute → Get Many', () => {
	it('lists every attribute, 100 a page', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/attributes',
			query: { storefront: 'de', limit: '100', offset: '0' },
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json.name)).toEqual(db().attributes.map((a) => a.name));
	});

	it('searches with the search text, up to the limit', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: false, limit: 5, filters: { q: 'beschreibung' } });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			path: '/attributes/search',
			query: { storefront: 'de', q: 'beschreibung', limit: '5', offset: '0' },
		});
		expect(run.items.map((item) => item.json.name)).toEqual(['description', 'short_description']);
	});
});
