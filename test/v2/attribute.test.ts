/**
 * Attribute (node version 2): Get (by name or by ID) and Get Many (all, or searched), through n8n-core against
 * the v2 sandbox.
 */
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({}, 'attribute');
const db = () => v2.sandbox().control.db;

describe('Attribute → Get', () => {
	it('reads an attribute by name in the chosen storefront and language', async () => {
		const run = await v2.run({ operation: 'get', identifyBy: 'name', name: ' picture ', storefront: 'cz', locale: 'cs-CZ' });
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/attributes/by-name/picture', query: { storefront: 'cz', locale: 'cs-CZ' }, status: 200 });
		expectSigned(request, v2.credentials());
		const picture = db().attributes.find((a) => a.name === 'picture')!;
		expect(run.items[0].json).toEqual({
			id: picture.id_attribute,
			name: 'picture',
			title: picture.title,
			type: picture.type,
			is_multiple: true,
			is_sharedset: false,
			explanation: '',
			seller_instructions: '',
		});
	});

	it("reads an attribute by ID in the credentials' storefront", async () => {
		const run = await v2.run({ operation: 'get', identifyBy: 'id', attributeId: '3' });
		expect(v2.requests()[0]).toMatchObject({ path: '/attributes/3', query: { storefront: 'de' }, status: 200 });
		expect(run.items[0].json).toMatchObject({ id: 3, name: db().attributes[2].name });
	});

	it('reports an unknown name as not found', async () => {
		const run = await v2.run({ operation: 'get', identifyBy: 'name', name: 'colour' });
		expect(v2.requests()[0]).toMatchObject({ path: '/attributes/by-name/colour', status: 404 });
		expect(run.error?.message).toContain('colour');
	});

	it.each([
		['a name that bends the path', { identifyBy: 'name', name: '../units' }, '"Name" must be an ID'],
		['an ID that is text', { identifyBy: 'id', attributeId: 'x1' }, '"Attribute" must be a positive whole number'],
	])('refuses %s before sending', async (_, parameters, message) => {
		const run = await v2.run({ operation: 'get', ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Attribute → Get Many', () => {
	it('lists every attribute, 100 a page', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/attributes', query: { storefront: 'de', limit: '100', offset: '0' } });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json.name)).toEqual(db().attributes.map((a) => a.name));
	});

	it('searches with the search text, up to the limit', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: false, limit: 5, filters: { q: 'beschreibung' } });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ path: '/attributes/search', query: { storefront: 'de', q: 'beschreibung', limit: '5', offset: '0' } });
		expect(run.items.map((item) => item.json.name)).toEqual(['description', 'short_description']);
	});
});
