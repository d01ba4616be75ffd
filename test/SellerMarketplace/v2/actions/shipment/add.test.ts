/** Shipment → Add (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { expectSigned } from '../../setup';
import { useShipmentSandbox, byId } from './setup';

const { v2, unitIn, parcels } = useShipmentSandbox();

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
