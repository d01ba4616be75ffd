/** Product Data → Create or Replace (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import spec from '../../../../../sandbox/v2/seller-api-v2.openapi.json';
import { expectSigned } from '../../setup';
import { useProductDataSandbox, EAN, row, complete } from './setup';

const { v2, db } = useProductDataSandbox();

it("offers exactly the OpenAPI's Locale values", () => {
	expect([...enums.PRODUCT_DATA_LOCALES].sort()).toEqual([...spec.components.schemas.Locale.enum].sort());
});

describe('Product Data → Create or Replace', () => {
	it('uploads the attributes as lists, then reports the checks from pending to success', async () => {
		const run = await v2.run({ operation: 'createOrReplace', ean: ` ${EAN} `, locale: 'de-AT', ...complete });
		expect(run.error).toBeUndefined();
		const [put] = v2.requests();
		expect(put).toMatchObject({ method: 'PUT', path: '/product-data', query: { locale: 'de-AT' }, status: 200 });
		expectSigned(put, v2.credentials());
		expect(JSON.parse(put.body)).toEqual({
			ean: [EAN],
			attributes: {
				title: ['Kopfhörer X1'],
				description: ['Leichte Kopfhörer'],
				manufacturer: ['Acme'],
				category: ['Kopfhörer'],
				picture: ['https://images.example.test/1.jpg', 'https://images.example.test/2.jpg'],
			},
		});
		expect(run.items[0].json).toMatchObject({ ean: [EAN], attributes: { title: ['Kopfhörer X1'] } });

		const pending = await v2.run({ operation: 'getStatus', ean: EAN, locale: 'de-AT' });
		expect(v2.requests()[1]).toMatchObject({
			method: 'GET',
			path: `/product-data/status/${EAN}`,
			query: { locale: 'de-AT' },
		});
		expect(pending.items[0].json).toMatchObject({
			ean: EAN,
			locale: 'de-AT',
			update_status: 'PENDING',
			product_ready: false,
		});

		await v2.sandbox().control.advance(60);
		const done = await v2.run({ operation: 'getStatus', ean: EAN, locale: 'de-AT' });
		const product = db().items.find((item) => item.eans.includes(EAN))!;
		expect(done.items[0].json).toMatchObject({
			update_status: 'SUCCESS',
			product_ready: true,
			id_product: product.id_item,
			missing_attributes: [],
		});

		const read = await v2.run({ operation: 'get', ean: EAN, locale: 'de-AT' });
		expect(v2.requests()[3]).toMatchObject({
			method: 'GET',
			path: `/product-data/${EAN}`,
			query: { locale: 'de-AT' },
			status: 200,
		});
		expect(read.items[0].json).toEqual({ ean: [EAN], attributes: JSON.parse(put.body).attributes });
	});

	it('sends JSON attributes with the product safety contact as an object', async () => {
		const contact = {
			name: 'Acme GmbH',
			email_address: 'safety@example.test',
			address: 'Musterstraße 1, 12345 Musterstadt, DE',
		};
		const run = await v2.run({
			operation: 'createOrReplace',
			ean: EAN,
			defineData: 'json',
			attributesJson: JSON.stringify({ title: ['T'], product_safety_contact: contact }),
		});
		expect(run.error).toBeUndefined();
		expect(JSON.parse(v2.requests()[0].body)).toEqual({
			ean: [EAN],
			attributes: { title: ['T'], product_safety_contact: contact },
		});
		expect(v2.requests()[0].query).toEqual({ locale: 'de-DE' });
		expect(run.items[0].json).toMatchObject({ attributes: { product_safety_contact: contact } });
	});

	it.each([
		['an EAN that bends the path', { ean: '../units', ...complete }, '"EAN" must be 8 to 14 digits'],
		['no attributes', { ean: EAN, attributes: {} }, '"Attributes": add at least one attribute to send for EAN'],
		[
			'an attribute row without a name',
			{ ean: EAN, attributes: { attribute: [row(' ', 'x')] } },
			'"Attributes" row 1: "Name" is required',
		],
		['an ean attribute', { ean: EAN, attributes: { attribute: [row('ean', EAN)] } }, 'leave "ean" out'],
		['JSON that is not an object', { ean: EAN, defineData: 'json', attributesJson: '[1]' }, '"Attributes (JSON)"'],
		[
			'a JSON attribute that is not a list',
			{ ean: EAN, defineData: 'json', attributesJson: '{"title": "T"}' },
			'"title" must be a list of text or numbers',
		],
		[
			'a safety contact that is a list',
			{ ean: EAN, defineData: 'json', attributesJson: '{"product_safety_contact": ["x"]}' },
			'must be an object',
		],
	])('refuses %s before sending, naming the item', async (_, parameters, message) => {
		const run = await v2.run({ operation: 'createOrReplace', ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
