/** Attribute → Get Shared Set Values (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useAttributeSandbox } from './setup';

const { v2, manufacturerId, manufacturers } = useAttributeSandbox();

describe('Attribute → Get Shared Set Values', () => {
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
});
