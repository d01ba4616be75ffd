/** GPSR Contact → Create or Update (node version 2), through n8n-core against the v2 sandbox. */
import { CONTACT_TYPES } from '../../../../../nodes/SellerMarketplace/v2/actions/gpsrContact/fields';
import { contactState } from '../../../../../sandbox/v2/state/contacts';
import { expectSigned } from '../../setup';
import { openApiDocument } from '../../../../../sandbox/v2/openapi';
import { useGpsrContactSandbox, address } from './setup';

const { v2, item } = useGpsrContactSandbox();

describe('GPSR Contact → Create or Update', () => {
	it('sets the manufacturer contact of a manufacturer, named in any case, and outputs it', async () => {
		const manufacturer = item(10001).manufacturer;
		const result = await v2.run({
			operation: 'upsert',
			contactFor: 'manufacturer',
			manufacturerName: manufacturer.toUpperCase(),
			contactType: 'manufacturer',
			...address,
			additionalFields: { postalCode: '50667', email: 'gpsr@kaffeewerk.example', phone: '+49 221 1234' },
		});

		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		const [entry] = v2.requests();
		expect(entry).toMatchObject({
			method: 'PUT',
			path: `/contacts/manufacturers/${encodeURIComponent(manufacturer.toUpperCase())}/manufacturer`,
			status: 200,
		});
		expectSigned(entry, v2.credentials());
		expect(JSON.parse(entry.body)).toEqual({
			name: 'Kaffeewerk GmbH',
			postal_address: {
				street: 'Hauptstraße',
				house_number: '5a',
				city: 'Köln',
				postal_code: '50667',
				country_code: 'DE',
			},
			contact_info: { email_address: 'gpsr@kaffeewerk.example', phone_number: '+49 221 1234' },
		});
		expect(result.items.map((output) => output.json)).toEqual([
			{
				contact_type: 'manufacturer',
				contact: {
					name: 'Kaffeewerk GmbH',
					postal_address: {
						street: 'Hauptstraße',
						house_number: '5a',
						city: 'Köln',
						postal_code: '50667',
						country_code: 'DE',
						address_additional: null,
					},
					contact_info: { email_address: 'gpsr@kaffeewerk.example', phone_number: '+49 221 1234' },
				},
				created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
				updated_at: null,
			},
		]);
		expect(Object.keys(contactState(v2.sandbox().control.db))).toEqual([`manufacturer:${manufacturer}`]);
	});

	it('replaces the EU responsible person of a product; a second write keeps created_at and sets updated_at', async () => {
		const ean = item(10002).eans[0];
		const parameters = {
			operation: 'upsert',
			contactFor: 'product',
			ean,
			contactType: 'eu-responsible-person',
			...address,
			countryCode: 'CH',
			additionalFields: { website: 'https://example.ch' },
		};
		const first = await v2.run(parameters);
		await v2.sandbox().control.advance(60);
		const second = await v2.run({ ...parameters, name: 'Other AG' });

		expect(second.error).toBeUndefined();
		expect(v2.requests().map(({ method, path }) => `${method} ${path}`)).toEqual([
			`PUT /contacts/products/${ean}/eu-responsible-person`,
			`PUT /contacts/products/${ean}/eu-responsible-person`,
		]);
		expect(JSON.parse(v2.requests()[0].body).postal_address).toEqual({
			street: 'Hauptstraße',
			house_number: '5a',
			city: 'Köln',
			country_code: 'CH',
		});
		expect(second.items[0].json).toMatchObject({
			created_at: first.items[0].json.created_at,
			updated_at: expect.any(String),
			contact: { name: 'Other AG' },
		});
	});

	it('an unknown manufacturer is not found, and nothing is stored', async () => {
		const result = await v2.run({
			operation: 'upsert',
			manufacturerName: 'No Such Brand',
			contactType: 'manufacturer',
			...address,
			additionalFields: { postalCode: '1', email: 'a@b.example' },
		});
		expect(v2.requests()[0]).toMatchObject({
			path: '/contacts/manufacturers/No%20Such%20Brand/manufacturer',
			status: 404,
		});
		expect(result.error).toBeDefined();
		expect(contactState(v2.sandbox().control.db)).toEqual({});
	});

	it.each([
		['neither email nor website', { additionalFields: { postalCode: '50667' } }, '"Email" or "Website" is required'],
		[
			'an EU address without postal code',
			{ additionalFields: { email: 'a@b.example' } },
			'"Postal Code" is required for an address in DE',
		],
		[
			'a country that is not a code',
			{ countryCode: 'Germany', additionalFields: { email: 'a@b.example' } },
			'"Country Code" must be a two-letter country code',
		],
		[
			'an e-mail that is not one',
			{ additionalFields: { postalCode: '1', email: 'kaffeewerk' } },
			'"Email" must be an e-mail address',
		],
		[
			'a website without http',
			{ additionalFields: { postalCode: '1', website: 'www.example.com' } },
			'"Website" must be a full web address',
		],
		[
			'a name over 255 characters',
			{ name: 'x'.repeat(256), additionalFields: { postalCode: '1', email: 'a@b.example' } },
			'"Name" must be at most 255 characters',
		],
		[
			'a house number over 50 characters',
			{ houseNumber: '1'.repeat(51), additionalFields: { postalCode: '1', email: 'a@b.example' } },
			'"House Number" must be at most 50 characters, but it has 51',
		],
		[
			'a postal code over 20 characters (Additional Fields)',
			{ additionalFields: { postalCode: '5'.repeat(21), email: 'a@b.example' } },
			'"Postal Code" must be at most 20 characters, but it has 21',
		],
		[
			'a website over 2048 characters (Additional Fields)',
			{ additionalFields: { postalCode: '1', website: `https://example.com/${'a'.repeat(2029)}` } },
			'"Website" must be at most 2048 characters, but it has 2049',
		],
		[
			'an EAN with letters',
			{ contactFor: 'product', ean: '4006x', additionalFields: { postalCode: '1', email: 'a@b.example' } },
			'"EAN" must be 8 to 14 digits',
		],
		[
			'a manufacturer name that bends the path',
			{ manufacturerName: '..', additionalFields: { postalCode: '1', email: 'a@b.example' } },
			'"Manufacturer Name" must be a manufacturer\'s name, but it is ".." [item',
		],
	])('%s is refused before anything is sent, naming the field and the item', async (_case, overrides, message) => {
		const result = await v2.run(
			{
				operation: 'upsert',
				contactFor: 'manufacturer',
				manufacturerName: item(10001).manufacturer,
				contactType: 'manufacturer',
				...address,
				...overrides,
			},
			{ items: [{ json: {} }, { json: {} }], continueOnFail: true },
		);
		expect(v2.requests()).toHaveLength(0);
		expect(String(result.items[0].json.error)).toContain(message);
		expect(String(result.items[1].json.error)).toContain(message);
	});
});

describe('GPSR Contact → Create or Update', () => {
	it('the contact types are those of the OpenAPI', () => {
		const schemas = (
			openApiDocument() as {
				components: { schemas: Record<string, { enum: string[] }> };
			}
		).components.schemas;
		expect([...CONTACT_TYPES].sort()).toEqual([...schemas.ContactType.enum].sort());
	});
});
