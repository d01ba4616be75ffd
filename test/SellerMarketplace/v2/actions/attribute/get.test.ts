/** Attribute → Get (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useAttributeSandbox } from './setup';

const { v2, db } = useAttributeSandbox();

describe('Attribute → Get', () => {
	it('reads an attribute by name in the chosen storefront and language', async () => {
		const run = await v2.run({
			operation: 'get',
			identifyBy: 'name',
			name: ' picture ',
			storefront: 'cz',
			locale: 'cs-CZ',
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/attributes/by-name/picture',
			query: { storefront: 'cz', locale: 'cs-CZ' },
			status: 200,
		});
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

	it('an expression chooses per item: by name for one, by ID (GET /attributes/{id_attribute}) for the other', async () => {
		const items = [{ json: { by: 'name', name: 'title' } }, { json: { by: 'id', id: 3 } }];
		const run = await v2.run(
			{
				operation: 'get',
				identifyBy: '={{ $json.by }}',
				name: '={{ $json.name }}',
				attributeId: '={{ $json.id }}',
				storefront: 'at',
			},
			{ items },
		);

		expect(run.error).toBeUndefined();
		expect(v2.requests().map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
			{ method: 'GET', path: '/attributes/by-name/title', query: { storefront: 'at' }, status: 200 },
			{ method: 'GET', path: '/attributes/3', query: { storefront: 'at' }, status: 200 },
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));
		expect(run.items.map((item) => item.json.name)).toEqual(['title', db().attributes[2].name]);
	});

	it('an expression that names no way of identifying is refused before sending, naming the field and the item', async () => {
		const run = await v2.run({
			operation: 'get',
			identifyBy: '={{ "title" }}',
			name: 'title',
			attributeId: '={{ $json.id }}',
		});
		expect(run.error?.message).toBe('"Identify Attribute By" has an unknown value "title" [item 0]');
		expect(v2.requests()).toHaveLength(0);
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
