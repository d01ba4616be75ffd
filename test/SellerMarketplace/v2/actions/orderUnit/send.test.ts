/** Order Unit → Send (node version 2), through n8n-core against the v2 sandbox. */
import { loadOptionsContextV2 } from '../../../../harness/workflow';
import { expectSigned } from '../../setup';
import { useOrderUnitSandbox, byId } from './setup';

const { v2, storefrontOf, merchantUnits, unitIn, unitById, body } = useOrderUnitSandbox();

describe('Order Unit → Send', () => {
	it('sends the carrier and the trimmed tracking numbers; the unit is sent', async () => {
		const unit = unitIn('need_to_be_sent');

		const run = await v2.run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumbers: ' 0034043416, 0034043417 ,, ',
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/send`,
			status: 204,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({ tracking_numbers: '0034043416,0034043417', carrier_code: 'DHL' });
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_order_unit: unit.id_order_unit,
				tracking_numbers: '0034043416,0034043417',
				carrier_code: 'DHL',
			},
		]);
		expect(unitById(unit.id_order_unit)).toMatchObject({
			status: 'sent',
			_shipment: { carrier_code: 'DHL', tracking_number: '0034043416,0034043417' },
		});
	});

	it('a tracking number is required: an item without one fails alone, before sending, with Continue On Fail', async () => {
		const [first, second] = merchantUnits().filter(
			(unit) => unit.status === 'need_to_be_sent' && storefrontOf(unit) === 'de',
		);
		const run = await v2.run(
			{
				operation: 'send',
				orderUnitId: byId('={{ $json.id }}'),
				carrierCode: 'Other',
				trackingNumbers: '={{ $json.tracking }}',
			},
			{
				items: [
					{ json: { id: first.id_order_unit, tracking: ' , ' } },
					{ json: { id: second.id_order_unit, tracking: 'T-1' } },
				],
				continueOnFail: true,
			},
		);
		expect(v2.requests()).toHaveLength(1);
		expect(body()).toEqual({ tracking_numbers: 'T-1', carrier_code: 'Other' });
		expect(run.items[0]).toEqual({
			json: { error: '"Tracking Numbers" is required and cannot be empty [item 0]' },
			pairedItem: { item: 0 },
		});
		expect(run.items[1]).toMatchObject({
			json: { success: true, id_order_unit: second.id_order_unit },
			pairedItem: { item: 1 },
		});
		expect(unitById(first.id_order_unit).status).toBe('need_to_be_sent');
		expect(unitById(second.id_order_unit).status).toBe('sent');
	});

	it('a carrier code the marketplace does not know: its refusal names the Carrier field', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'dhl',
			trackingNumbers: '1',
		});
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toMatch(
			new RegExp(
				`^Could not mark order unit ${unit.id_order_unit} as sent: "Carrier" \\(carrier_code\\): 'dhl' is not a carrier code`,
			),
		);
		expect(run.error?.description).toContain('Problem type: /problems/validation-error');
		expect(unitById(unit.id_order_unit).status).toBe('need_to_be_sent');
	});

	it('a unit that was sent already: the 403 says so', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'send',
			orderUnitId: byId(unit.id_order_unit),
			carrierCode: 'DHL',
			trackingNumbers: '1',
		});
		expect(v2.requests()[0]).toMatchObject({ status: 403 });
		expect(run.error?.message).toBe(
			`Could not mark order unit ${unit.id_order_unit} as sent: it is already 'sent'; it cannot be sent again`,
		);
		expect(run.error?.description).toContain('Problem type: /problems/duplicate-action');
	});

	it('the carrier dropdown lists GET /carriers, freight carriers marked', async () => {
		const context = loadOptionsContextV2(v2.credentials(), { resource: 'orderUnit', operation: 'send' });
		const { getCarriers } = await import('../../../../../nodes/SellerMarketplace/v2/methods/loadOptions');
		const options = await getCarriers.call(context);
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/carriers', status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(options).toContainEqual({ name: 'DHL', value: 'DHL' });
		expect(options).toContainEqual({ name: 'Cargo International (Freight)', value: 'Cargo International' });
		expect(options.map((option) => option.name)).toEqual(
			[...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b)),
		);
	});
});
