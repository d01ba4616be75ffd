/**
 * Shipment (node version 2): Add (POST /shipments, one more parcel for a sent order unit) and Get Shipping
 * Addresses (GET /shipping-addresses) through n8n-core against the v2 sandbox: the signed request the sandbox
 * received, the items output, the parcels the sandbox holds afterwards, and bad input refused before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OrderUnit } from '../../../sandbox';
import { shippingState } from '../../../sandbox/model/shipping';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 40, strict: true }, 'shipment');

const db = () => v2.sandbox().control.db;
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const unitIn = (status: string): OrderUnit =>
	db().orderUnits.find(
		(unit) => !unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === 'de' && unit.status === status,
	)!;
const parcels = () => shippingState(db()).shipments;

describe('Shipment → Add', () => {
	it('adds a parcel to a sent order unit: signed POST /shipments, the sandbox holds it, the item says what was added', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'add',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'GLS',
			trackingNumber: ' 60012345678 ',
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'POST', path: '/shipments', operationId: 'AddShipment', status: 204 });
		expectSigned(request, v2.credentials());
		expect(JSON.parse(request.body) as IDataObject).toEqual({
			id_order_unit: unit.id_order_unit,
			shipment_information: { carrier_code: 'GLS', tracking_number: '60012345678' },
		});
		expect(parcels()).toEqual([
			expect.objectContaining({
				id_order_unit: unit.id_order_unit,
				carrier_code: 'GLS',
				tracking_number: '60012345678',
			}),
		]);
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, id_order_unit: unit.id_order_unit, carrier_code: 'GLS', tracking_number: '60012345678' },
		]);
	});

	it('a unit not sent yet is refused by the marketplace, and nothing is added', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({
			operation: 'add',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumber: '00340434161094042557',
		});
		expect(v2.requests()[0]).toMatchObject({ path: '/shipments', status: 403 });
		expect(run.error?.message).toContain('mark it as sent first');
		expect(parcels()).toEqual([]);
	});

	it('the same parcel twice is refused the second time', async () => {
		const unit = unitIn('sent');
		const parameters = {
			operation: 'add',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumber: 'X1',
		};
		expect((await v2.run(parameters)).error).toBeUndefined();
		const again = await v2.run(parameters);
		expect(again.error?.message).toContain('already has the DHL parcel X1');
		expect(parcels()).toHaveLength(1);
	});

	it.each([
		['a blank tracking number', { tracking: '  ' }, '"Tracking Number" is required and cannot be empty [item 1]'],
		[
			'two tracking numbers',
			{ tracking: 'A1, A2' },
			'"Tracking Number" must be one tracking number, but it is "A1, A2" [item 1]',
		],
		['no carrier', { carrier: '' }, '"Carrier" is required and cannot be empty [item 1]'],
		[
			'an order unit ID that bends the path',
			{ unit: '1/../2' },
			'"Order Unit" must be a positive whole number, but it is "1/../2" [item 1]',
		],
	])('refuses %s before sending anything, naming the field and the item', async (_, bad, message) => {
		const unit = unitIn('sent');
		const good = { unit: unit.id_order_unit, carrier: 'DHL', tracking: 'OK-1' };
		const run = await v2.run(
			{
				operation: 'add',
				orderUnitId: '={{ $json.unit }}',
				carrierCode: '={{ $json.carrier }}',
				trackingNumber: '={{ $json.tracking }}',
			},
			{ items: [{ json: good }, { json: { ...good, tracking: 'OK-2', ...bad } }] },
		);
		expect(run.error?.message).toBe(message);
		// item 0 went through before item 1 was refused; item 1 sent nothing
		expect(v2.requests()).toHaveLength(1);
		expect(parcels().map((parcel) => parcel.tracking_number)).toEqual(['OK-1']);
	});

	it('is never sent twice: after a 500 it stops and says the shipment may have been added, and how to check', async () => {
		const unit = unitIn('sent');
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/shipments', kind: 'status', status: 500 });
		const run = await v2.run({
			operation: 'add',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumber: 'Z9',
		});
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			`The request to add a shipment to order unit ${unit.id_order_unit} may or may not have been applied: the marketplace had a server error (500)`,
		);
		expect(run.error?.description).toContain(`the parcels of order unit ${unit.id_order_unit} in the Seller Portal`);
	});
});

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
