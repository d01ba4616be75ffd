/**
 * Product Data's attribute names (node version 2) come from the API's attribute list (issue 25: they were free
 * text): the rows' Name is a picker whose list is GET /attributes, read through the paging engine, searched with
 * GET /attributes/search, and "By Name" still takes a typed name. A workflow saved when Name was text runs as before.
 * Node version 1 keeps a typed name: API v1 has no attribute list.
 */
import type { IDataObject, INodeProperties, INodeType } from 'n8n-workflow';

import { SellerMarketplace } from '../../../nodes/SellerMarketplace/SellerMarketplace.node';
import * as listSearch from '../../../nodes/SellerMarketplace/v2/methods/listSearch';
import { loadOptionsContextV2 } from '../../harness/workflow';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({}, 'productData');
const db = () => v2.sandbox().control.db;
const requests = () =>
	v2
		.requests()
		.map((request) => ({ method: request.method, path: request.path, query: request.query, status: request.status }));
const context = (parameters: IDataObject) =>
	loadOptionsContextV2(v2.credentials(), { resource: 'productData', operation: 'createOrReplace', ...parameters });
const EAN = '4006381333931';

/** The Name of an attribute row in a version's Product Data → Create or Replace and Update. */
function rowNameFields(version: number): INodeProperties[] {
	const properties = (new SellerMarketplace().nodeVersions[version] as INodeType).description.properties;
	return properties
		.filter(
			(property) =>
				property.name === 'attributes' &&
				(property.displayOptions?.show?.resource as string[] | undefined)?.includes('productData'),
		)
		.map((property) => {
			const values = (property.options as Array<{ values: INodeProperties[] }>)[0].values;
			return values.find((value) => value.name === 'name')!;
		});
}

describe('the form', () => {
	it("version 2: Name is a picker of the API's attributes (searchable), or a name typed By Name", () => {
		const fields = rowNameFields(2.1);
		expect(fields).toHaveLength(2);
		for (const field of fields) {
			expect(field).toMatchObject({ type: 'resourceLocator', default: { mode: 'list', value: '' } });
			expect(
				field.modes?.map((mode) => [
					mode.name,
					mode.type,
					mode.typeOptions?.searchListMethod,
					mode.typeOptions?.searchable,
				]),
			).toEqual([
				['list', 'list', 'searchAttributeNames', true],
				['name', 'string', undefined, undefined],
			]);
		}
	});

	it('version 1: Name stays typed text (API v1 lists no attributes)', () => {
		const fields = rowNameFields(1);
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields) expect(field.type).toBe('string');
	});
});

describe('searchAttributeNames', () => {
	it("lists the sandbox's attributes by name, a page of 100 at a time from GET /attributes", async () => {
		const first = await listSearch.searchAttributeNames.call(context({}));
		expect(requests()).toEqual([
			{ method: 'GET', path: '/attributes', query: { storefront: 'de', limit: '100', offset: '0' }, status: 200 },
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));
		// every attribute but ean, which the EAN field sends (a row naming it is refused)
		const names = db()
			.attributes.map((attribute) => attribute.name)
			.filter((name) => name !== 'ean');
		expect(names.length).toBe(db().attributes.length - 1);
		expect(first.results.map((entry) => entry.value)).toEqual(names.slice(0, 100));
		const title = db().attributes.find((attribute) => attribute.name === 'title')!;
		expect(first.results).toContainEqual({ name: `${title.title} (title)`, value: 'title' });
		if (names.length > 100) {
			expect(first.paginationToken).toBeDefined();
			const second = await listSearch.searchAttributeNames.call(context({}), undefined, first.paginationToken);
			expect(requests().at(-1)).toMatchObject({ path: '/attributes', query: { offset: '100' } });
			expect(second.results.map((entry) => entry.value)).toEqual(names.slice(100, 200));
		}
	});

	it('searches with the API: the attribute named exactly first (GET /attributes/by-name), then GET /attributes/search', async () => {
		const found = await listSearch.searchAttributeNames.call(context({ storefront: 'at' }), ' manufacturer ');
		expect(requests()).toEqual([
			{ method: 'GET', path: '/attributes/by-name/manufacturer', query: { storefront: 'at' }, status: 200 },
			{
				method: 'GET',
				path: '/attributes/search',
				query: { storefront: 'at', q: 'manufacturer', limit: '100', offset: '0' },
				status: 200,
			},
		]);
		expect(found.results[0].value).toBe('manufacturer');
		expect(new Set(found.results.map((entry) => entry.value)).size).toBe(found.results.length);
	});

	it('text that is no attribute name is only searched, never put in a path', async () => {
		const found = await listSearch.searchAttributeNames.call(context({}), '../units');
		expect(requests()).toEqual([
			{
				method: 'GET',
				path: '/attributes/search',
				query: { storefront: 'de', q: '../units', limit: '100', offset: '0' },
				status: 200,
			},
		]);
		expect(found.results).toEqual([]);
	});
});

describe('running with attribute names', () => {
	const run = (name: unknown) =>
		v2.run({
			operation: 'createOrReplace',
			ean: EAN,
			locale: 'de-DE',
			defineData: 'fields',
			attributes: {
				attribute: [
					{ name, value: 'Kopfhörer X1' },
					{ name: 'description', value: 'Leicht' },
				],
			},
		});

	it.each([
		['picked From List', { __rl: true, mode: 'list', value: 'title', cachedResultName: 'Titel (title)' }],
		['typed By Name', { __rl: true, mode: 'name', value: ' title ' }],
		['a plain string, as saved when Name was text', 'title'],
		['an expression By Name', { __rl: true, mode: 'name', value: '={{ "ti" + "tle" }}' }],
	])('%s: sends the attribute under that name', async (_how, name) => {
		const result = await run(name);
		expect(result.error).toBeUndefined();
		const [put] = v2.requests();
		expect(put).toMatchObject({ method: 'PUT', path: '/product-data', query: { locale: 'de-DE' }, status: 200 });
		expect(JSON.parse(put.body)).toEqual({
			ean: [EAN],
			attributes: { title: ['Kopfhörer X1'], description: ['Leicht'] },
		});
	});

	it('an empty pick is refused before anything is sent, naming the row', async () => {
		const result = await run({ __rl: true, mode: 'list', value: '' });
		expect(result.error?.message).toMatch(/"Attributes" row 1: "Name" is required/);
		expect(v2.requests()).toEqual([]);
	});
});
