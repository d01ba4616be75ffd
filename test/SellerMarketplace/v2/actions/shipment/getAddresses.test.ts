/** Shipment → Get Shipping Addresses (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useShipmentSandbox } from './setup';

const { v2, db } = useShipmentSandbox();

describe('Shipment → Get Shipping Addresses', () => {
	it('filters by orders and order units as comma lists; outputs one address record per order unit', async () => {
		const [first, second] = db().orderUnits.filter(
			(unit) => !unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === 'de',
		);
		const run = await v2.run({
			operation: 'getAddresses',
			storefront: 'de',
			returnAll: true,
			filters: {
				orderIds: ` ${first.id_order} , ${second.id_order}`,
				orderUnitIds: `${first.id_order_unit},${second.id_order_unit}, ${first.id_order_unit}`,
			},
			sort: { sortBy: 'ts_created:asc' },
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/shipping-addresses',
			operationId: 'GetShippingAddresses',
			status: 200,
		});
		expectSigned(request, v2.credentials());
		expect(request.queryValues).toEqual({
			storefront: ['de'],
			order_ids: [[...new Set([first.id_order, second.id_order])].join(',')],
			order_unit_ids: [`${first.id_order_unit},${second.id_order_unit}`],
			sort: ['ts_created:asc'],
			limit: ['100'],
			offset: ['0'],
		});
		expect(run.items.map((item) => item.json.id_order_unit).sort()).toEqual(
			[first.id_order_unit, second.id_order_unit].sort(),
		);
		expect(run.items.find((item) => item.json.id_order_unit === first.id_order_unit)!.json).toEqual({
			id_order: first.id_order,
			id_order_unit: first.id_order_unit,
			address_data: {
				type: 'SHIPPING_ADDRESS_HOME',
				data: expect.objectContaining({
					street: first.shipping_address.street,
					postcode: first.shipping_address.postcode,
					city: first.shipping_address.city,
				}),
			},
		});
	});

	it('Limit reads one page of that size from every storefront', async () => {
		const run = await v2.run({ operation: 'getAddresses', storefront: 'all', returnAll: false, limit: 3 });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].queryValues).toEqual({ limit: ['3'], offset: ['0'] });
		expect(run.items).toHaveLength(3);
	});

	it.each([
		[
			'an order unit ID that is not a number',
			{ orderUnitIds: '123, abc' },
			'"Order Unit IDs" must be IDs separated by commas, but "abc" is not [item 0]',
		],
		[
			'an order ID with a slash',
			{ orderIds: 'M1/../x' },
			'"Order IDs" must be IDs separated by commas, but "M1/../x" is not [item 0]',
		],
		[
			'more than 100 order units',
			{ orderUnitIds: Array.from({ length: 101 }, (_, i) => i + 1).join(',') },
			'"Order Unit IDs" takes at most 100 IDs, but it holds 101 [item 0]',
		],
	])('refuses %s before sending', async (_, filters, message) => {
		const run = await v2.run({ operation: 'getAddresses', returnAll: true, filters });
		expect(run.error?.message).toBe(message);
		expect(v2.requests()).toHaveLength(0);
	});
});
