/**
 * Attribute (node version 2): Get (by name or by ID) and Get Many (all, or searched), through n8n-core against
 * the v2 sandbox.
 */
import { rawRequest } from '../../sandbox/v1/client';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({}, 'attribute');
const db = () => v2.sandbox().control.db;

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

describe('Attribute → Get Shared Set Values, Download Shared Set', () => {
	const manufacturerId = () => db().attributes.find((a) => a.name === 'manufacturer')!.id_attribute;
	const manufacturers = () =>
		[...new Set(db().items.map((item) => item.manufacturer))].sort((a, b) => a.localeCompare(b));
	const fileRequests = () =>
		v2
			.sandbox()
			.control.requests()
			.filter((entry) => entry.api !== 'v2');

	it('lists the values of a shared set in the chosen language, 100 a page', async () => {
		const run = await v2.run({
			operation: 'getSharedSetValues',
			attributeId: String(manufacturerId()),
			locale: 'cs-CZ',
			returnAll: true,
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/attributes/${manufacturerId()}/shared-set`,
			status: 200,
		});
		expect(v2.requests()[0].queryValues).toEqual({ locale: ['cs-CZ'], limit: ['100'], offset: ['0'] });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual(manufacturers().map((name) => ({ label: name, value: name })));
	});

	it('searches the values by a text in the label', async () => {
		const [first] = manufacturers();
		const run = await v2.run({
			operation: 'getSharedSetValues',
			attributeId: String(manufacturerId()),
			returnAll: false,
			limit: 5,
			filters: { q: first.slice(0, 4).toLowerCase() },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].queryValues).toEqual({
			locale: ['de-DE'],
			q: [first.slice(0, 4).toLowerCase()],
			limit: ['5'],
			offset: ['0'],
		});
		expect(run.items.map((item) => item.json.value)).toContain(first);
		expect(
			run.items.every((item) => String(item.json.label).toLowerCase().includes(first.slice(0, 4).toLowerCase())),
		).toBe(true);
	});

	it('an attribute without a shared set is refused by the marketplace, naming the field', async () => {
		const run = await v2.run({ operation: 'getSharedSetValues', attributeId: '3', returnAll: true });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toBe(
			'Could not get the shared set values of attribute 3: "Attribute" (id_attribute): attribute 3 is unknown or has no shared set',
		);
	});

	it('refuses an attribute ID that bends the path before sending', async () => {
		const run = await v2.run({ operation: 'getSharedSetValues', attributeId: '2/../../units', returnAll: true });
		expect(run.error?.message).toBe('"Attribute" must be a positive whole number, but it is "2/../../units" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

	it('downloads the CSV from the signed address into the binary field, the address kept out of the output', async () => {
		const run = await v2.run({
			operation: 'downloadSharedSet',
			attributeId: String(manufacturerId()),
			locale: 'de-AT',
			binaryPropertyName: 'values',
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/attributes/${manufacturerId()}/shared-set-values`,
			query: { locale: 'de-AT' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(fileRequests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: expect.stringMatching(/^\/shared-set-files\/[0-9a-f]{48}$/),
				status: 200,
			}),
		]);
		expect(fileRequests()[0].headers).not.toHaveProperty('shop-signature');
		const [item] = run.items;
		expect(item.json).toEqual({ id_attribute: manufacturerId(), locale: 'de-AT' });
		expect(item.binary!.values).toMatchObject({
			fileName: `shared-set-${manufacturerId()}-de-AT.csv`,
			mimeType: 'text/csv',
		});
		const csv = Buffer.from(item.binary!.values.data, 'base64').toString('utf8').trim().split('\n');
		expect(csv).toEqual(['value;label', ...manufacturers().map((name) => `${name};${name}`)]);
		const token = fileRequests()[0].path.split('/').pop()!;
		expect(JSON.stringify(run.run.data)).not.toContain(token);
	});

	it('the signed address stops working after six days of sandbox time', async () => {
		await v2.run({ operation: 'downloadSharedSet', attributeId: String(manufacturerId()) });
		const path = fileRequests()[0].path;
		await v2.sandbox().control.advance(6 * 24 * 3600 + 1);
		const response = await rawRequest(`${v2.sandbox().baseUrl}${path}`, 'GET', {}, '');
		expect(response.status).toBe(403);
	});

	it("an attribute without a shared set has no CSV: the marketplace's 404 is shown and no file is fetched", async () => {
		const run = await v2.run({ operation: 'downloadSharedSet', attributeId: '3' });
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(run.error?.message).toBe('Could not download the shared set of attribute 3: it was not found');
		expect(run.error?.description).toContain('Shared set of attribute 3 not found');
		expect(fileRequests()).toHaveLength(0);
	});
});
