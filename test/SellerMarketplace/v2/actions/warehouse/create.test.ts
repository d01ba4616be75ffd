/** Warehouse → Create (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useWarehouseSandbox, FORM } from './setup';

const { v2, db, body } = useWarehouseSandbox();

describe('Warehouse → Create', () => {
	it('sends the trimmed name, the address with the country upper-cased; the sandbox holds it', async () => {
		const run = await v2.run({ operation: 'create', ...FORM });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'POST', path: '/warehouses', status: 201 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({
			name: 'Lager Nord',
			address: {
				street: 'Hafenweg',
				house_number: '3a',
				postcode: '24103',
				city: 'Kiel',
				country: 'DE',
				phone: '+49 431 55555',
			},
			is_default: false,
		});
		const id = Number(run.items[0].json.id_warehouse);
		expect(run.items[0].json).toMatchObject({
			name: 'Lager Nord',
			is_default: false,
			address: { country: 'DE', phone: '+49 431 55555' },
		});
		expect(db().warehouses.find((w) => w.id_warehouse === id)).toMatchObject({
			name: 'Lager Nord',
			address: { city: 'Kiel' },
		});
	});

	it('a new default takes over from the old one', async () => {
		const run = await v2.run({ operation: 'create', ...FORM, phone: '', isDefault: true });
		expect(run.error).toBeUndefined();
		expect(body().address).not.toHaveProperty('phone');
		expect(
			db()
				.warehouses.filter((w) => w.is_default)
				.map((w) => w.name),
		).toEqual(['Lager Nord']);
	});

	it.each([
		[{ country: 'Germany' }, '"Country" must be a two-letter country code such as DE, but it is "Germany" [item 0]'],
		[{ city: '  ' }, '"City" is required and cannot be empty [item 0]'],
	])('refuses %p before sending', async (change, message) => {
		const run = await v2.run({ operation: 'create', ...FORM, ...change });
		expect(run.error?.message).toBe(message);
		expect(v2.requests()).toHaveLength(0);
	});
});
