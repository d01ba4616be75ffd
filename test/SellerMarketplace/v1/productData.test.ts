/**
 * Product Data: Create or Replace, Update, Delete, Get Status and Get, run through n8n-core against the
 * sandbox. Every test asserts the request the sandbox received and the items the node output.
 */
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const stored = (ean: string) => sandbox.control.db.productData.find((record) => record.ean === ean);
/** An EAN no seed record uses, with a leading zero that must survive. */
const NEW_EAN = '0012345678905';
const seeded = () => sandbox.control.db.productData[0];

describe('Product Data → Create or Replace', () => {
	it('sends attribute rows as lists (rows of one name merged, lists from expressions kept) and user-defined attributes', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'productData',
				operation: 'createOrReplace',
				ean: NEW_EAN,
				defineData: 'fields',
				attributes: {
					attribute: [
						{ name: 'title', value: 'Nordlicht Kopfhörer NX-200' },
						{ name: 'picture', value: 'https://images.example.test/1.jpg' },
						{ name: 'category', value: 'Kopfhörer' },
						{ name: ' picture ', value: '={{ $json.morePictures }}' },
						{ name: 'list_price', value: '={{ $json.listPrice }}' },
					],
				},
				userDefinedAttributes: {
					attribute: [
						{ name: 'Farbe', value: 'Schwarz' },
						{ name: 'Farbe', value: 'Blau' },
					],
				},
			},
			items: [
				{
					json: {
						morePictures: ['https://images.example.test/2.jpg', 'https://images.example.test/3.jpg'],
						listPrice: 4999,
					},
				},
			],
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PUT',
			path: `/product-data/${NEW_EAN}/`,
			query: {},
			signatureValid: true,
			status: 201,
		});
		const body = {
			ean: [NEW_EAN],
			title: ['Nordlicht Kopfhörer NX-200'],
			picture: [
				'https://images.example.test/1.jpg',
				'https://images.example.test/2.jpg',
				'https://images.example.test/3.jpg',
			],
			category: ['Kopfhörer'],
			list_price: [4999],
			// the spec: user-defined attributes by name, each with an array of values
			additional_attributes: { Farbe: ['Schwarz', 'Blau'] },
		};
		expect(requests()[0].json).toEqual(body);
		expect(requests()[0].alias).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, ean: NEW_EAN, id: NEW_EAN, location: `/product-data/${NEW_EAN}/` },
		]);
		const { ean: _ean, additional_attributes: _additional, ...attributes } = body;
		expect(stored(NEW_EAN)).toMatchObject({
			data: { ean: [NEW_EAN], ...attributes },
			additional_attributes: [{ attribute: 'Farbe', value: ['Schwarz', 'Blau'] }],
		});
	});

	it('sends the JSON object as it is, with the EAN added', async () => {
		const json = {
			title: ['Acme Kaffee 500 g'],
			manufacturer: ['Acme'],
			additional_attributes: { Röstgrad: ['mittel'], Herkunft: ['Kolumbien', 'Brasilien'] },
		};

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'productData',
				operation: 'createOrReplace',
				ean: NEW_EAN,
				defineData: 'json',
				productDataJson: JSON.stringify(json),
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'PUT',
			path: `/product-data/${NEW_EAN}/`,
			signatureValid: true,
			status: 201,
		});
		expect(requests()[0].json).toEqual({ ean: [NEW_EAN], ...json });
		expect(run.items[0].json).toMatchObject({ success: true, ean: NEW_EAN });
		expect(stored(NEW_EAN)!.additional_attributes).toEqual([
			{ attribute: 'Röstgrad', value: ['mittel'] },
			{ attribute: 'Herkunft', value: ['Kolumbien', 'Brasilien'] },
		]);
	});

	it('accepts an "ean" in the JSON when it is the EAN of the field', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'productData',
				operation: 'createOrReplace',
				ean: NEW_EAN,
				defineData: 'json',
				productDataJson: { ean: [NEW_EAN], title: ['Tee'] },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0].json).toEqual({ ean: [NEW_EAN], title: ['Tee'] });
	});
});

describe('Product Data → Update', () => {
	it('patches only the attributes sent; the others stay', async () => {
		const { ean, data } = seeded();

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'productData',
				operation: 'update',
				ean,
				attributes: { attribute: [{ name: 'description', value: 'Neu: mit Tragetasche' }] },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/product-data/${ean}/`,
			signatureValid: true,
			status: 204,
		});
		expect(requests()[0].json).toEqual({ ean: [ean], description: ['Neu: mit Tragetasche'] });
		expect(run.items.map((item) => item.json)).toEqual([{ success: true, ean }]);
		expect(stored(ean)!.data).toEqual({ ...data, description: ['Neu: mit Tragetasche'] });
	});

	it('reports an EAN without product data (404)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'productData',
				operation: 'update',
				ean: NEW_EAN,
				attributes: { attribute: [{ name: 'title', value: 'x' }] },
			},
		});

		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/product-data/${NEW_EAN}/`,
			signatureValid: true,
			status: 404,
		});
		expect(run.error?.message).toBe(`Could not update product data for EAN ${NEW_EAN}: it was not found`);
		expect(run.error?.description).toContain('upload it with PUT');
	});
});

describe('Product Data → Delete, Get Status, Get', () => {
	it('deletes the product data of an EAN', async () => {
		const { ean } = seeded();

		const run = await runSellerNode(credentials, { parameters: { resource: 'productData', operation: 'delete', ean } });

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/product-data/${ean}/`,
			body: '',
			signatureValid: true,
			status: 204,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(stored(ean)).toBeUndefined();
	});

	it('outputs the processing status of an upload', async () => {
		const { ean, status } = seeded();

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'productData', operation: 'getStatus', ean },
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/product-data-status/${ean}/`,
			query: {},
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ ...status }]);
		expect(run.items[0].json.update_status).toBe('SUCCESS');
	});

	it('shows PENDING right after an upload', async () => {
		await runSellerNode(credentials, {
			parameters: {
				resource: 'productData',
				operation: 'createOrReplace',
				ean: NEW_EAN,
				productDataJson: '{"title": ["Tee"]}',
				defineData: 'json',
			},
		});

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'productData', operation: 'getStatus', ean: NEW_EAN },
		});

		expect(run.error).toBeUndefined();
		expect(requests()[1]).toMatchObject({
			method: 'GET',
			path: `/product-data-status/${NEW_EAN}/`,
			signatureValid: true,
			status: 200,
		});
		expect(run.items[0].json).toMatchObject({ ean: NEW_EAN, update_status: 'PENDING' });
	});

	it('outputs the product data uploaded for an EAN, user-defined attributes by name as uploaded', async () => {
		const { ean, data } = seeded();
		seeded().additional_attributes = [{ attribute: 'Farbe', value: ['Rot'] }];

		const run = await runSellerNode(credentials, { parameters: { resource: 'productData', operation: 'get', ean } });

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/product-data/${ean}/`,
			query: {},
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ ...data, additional_attributes: { Farbe: ['Rot'] } }]);
	});
});

describe('Product Data: input checks before anything is sent', () => {
	const upload = (parameters: Record<string, unknown>) => ({
		resource: 'productData',
		operation: 'createOrReplace',
		ean: NEW_EAN,
		defineData: 'json',
		productDataJson: '{"title": ["Tee"]}',
		...parameters,
	});

	it.each([
		[
			'an EAN with letters',
			upload({ ean: '00123456789AB' }),
			'"EAN" must be 8 to 14 digits, but it is "00123456789AB" [item 0]',
		],
		['an EAN of 7 digits', upload({ ean: '0012345' }), '"EAN" must be 8 to 14 digits, but it is "0012345" [item 0]'],
		[
			'an EAN of 7 digits (Get Status)',
			{ resource: 'productData', operation: 'getStatus', ean: '1234567' },
			'"EAN" must be 8 to 14 digits, but it is "1234567" [item 0]',
		],
		[
			'an EAN of 7 digits (Delete)',
			{ resource: 'productData', operation: 'delete', ean: '1234567' },
			'"EAN" must be 8 to 14 digits, but it is "1234567" [item 0]',
		],
		[
			'JSON that does not parse',
			upload({ productDataJson: '{"title": ["Tee"]' }),
			'"Product Data (JSON)" is not valid JSON [item 0]',
		],
		[
			'JSON that is a list',
			upload({ productDataJson: '[{"title": ["Tee"]}]' }),
			'"Product Data (JSON)" must be a JSON object, like {"title": ["My product"]} [item 0]',
		],
		[
			'JSON with a value that is not a list',
			upload({ productDataJson: '{"title": "Tee"}' }),
			'"Product Data (JSON)": "title" must be a list of values, like ["Tee"] [item 0]',
		],
		[
			'JSON with an empty value',
			upload({ productDataJson: '{"title": [""]}' }),
			'"Product Data (JSON)": the values of "title" must be non-empty text or numbers [item 0]',
		],
		[
			"JSON with user-defined attributes as the SDK's list instead of by name",
			upload({
				productDataJson: '{"title": ["Tee"], "additional_attributes": [{"attribute": "Farbe", "value": ["grün"]}]}',
			}),
			'"Product Data (JSON)": "additional_attributes" must be an object of your attribute names, each with a list of values, like {"Suitable for": ["kids"]} [item 0]',
		],
		[
			'JSON with a user-defined attribute that is not a list',
			upload({ productDataJson: '{"title": ["Tee"], "additional_attributes": {"Farbe": "grün"}}' }),
			'"Product Data (JSON)": "Farbe" in "additional_attributes" must be a list of values, like ["grün"] [item 0]',
		],
		[
			'JSON with a user-defined attribute without a name',
			upload({ productDataJson: '{"title": ["Tee"], "additional_attributes": {" ": ["grün"]}}' }),
			'"Product Data (JSON)": an attribute name in "additional_attributes" is empty [item 0]',
		],
		[
			'JSON with another EAN',
			upload({ productDataJson: '{"ean": ["4006381333931"], "title": ["Tee"]}' }),
			'"Product Data (JSON)": "ean" (4006381333931) differs from the EAN field (0012345678905); leave it out, the EAN field is sent [item 0]',
		],
		[
			'an empty JSON object',
			upload({ productDataJson: '{}' }),
			'"Product Data (JSON)": add at least one attribute to send for EAN 0012345678905 [item 0]',
		],
		[
			'no attribute rows',
			upload({ defineData: 'fields', attributes: {} }),
			'"Attributes": add at least one attribute to send for EAN 0012345678905 [item 0]',
		],
		[
			'a row without a name',
			upload({ defineData: 'fields', attributes: { attribute: [{ name: ' ', value: 'Tee' }] } }),
			'"Attributes" row 1: "Name" is required [item 0]',
		],
		[
			'a row without a value',
			upload({
				defineData: 'fields',
				attributes: {
					attribute: [
						{ name: 'title', value: 'Tee' },
						{ name: 'mpn', value: '' },
					],
				},
			}),
			'"Attributes" row 2 ("mpn"): "Value" is empty [item 0]',
		],
		[
			'a user-defined attribute without a value',
			upload({
				defineData: 'fields',
				attributes: { attribute: [{ name: 'title', value: 'Tee' }] },
				userDefinedAttributes: { attribute: [{ name: 'Farbe', value: ' ' }] },
			}),
			'"User-Defined Attributes" row 1 ("Farbe"): "Value" is empty [item 0]',
		],
	])('refuses %s', async (_case, parameters, message) => {
		const run = await runSellerNode(credentials, { parameters });

		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});

	it('names the item that failed and sends the others when "Continue On Fail" is set', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'productData', operation: 'getStatus', ean: '={{ $json.ean }}' },
			items: [{ json: { ean: seeded().ean } }, { json: { ean: '123' } }],
			continueOnFail: true,
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ ean: seeded().ean, update_status: 'SUCCESS' });
		expect(run.items[1].json).toEqual({ error: '"EAN" must be 8 to 14 digits, but it is "123" [item 1]' });
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
