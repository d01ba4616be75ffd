/** Import File → Create Order Command File (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { v2, db, files, expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('Import File → Create Order Command File', () => {
	it('marks the units of the file sent and cancelled; the line the marketplace cannot apply is counted and named', async () => {
		const [toSend, toCancel] = db().orderUnits.filter(
			(unit) => unit.status === 'need_to_be_sent' && !unit._fulfilled_by_marketplace,
		);
		files.serve(
			'/orders.csv',
			`MARK_UNIT_SENT;${toSend.id_order_unit};DHL;00340434161094042557\nMARK_UNIT_CANCELLED;${toCancel.id_order_unit};NoInventory\n\nMARK_UNIT_SENT;${toSend.id_order_unit};DHL;1\n`,
		);

		const run = await v2.run({ operation: 'createOrderCommandFile', url: files.url('/orders.csv') });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/import-files/order-command',
			query: {},
			status: 201,
		});
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ url: files.url('/orders.csv') });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).not.toHaveProperty('storefront');
		expect(run.items[0].json).toMatchObject({ type: 'ORDER_COMMAND', status: 'NEW' });

		const id = run.items[0].json.id_import_file as number;
		const read = await v2.run({ operation: 'getOrderCommandFile', importFileId: String(id), waitForResult: true });
		expect(v2.requests().at(-1)).toMatchObject({
			method: 'GET',
			path: `/import-files/order-command/${id}`,
			query: {},
			status: 200,
		});
		expect(read.items[0].json).toMatchObject({ status: 'IMPORTED', total_lines: 3, current_line: 4, error_count: 1 });
		expect(read.items[0].json.note).toBe(
			`line 4: order unit ${toSend.id_order_unit} is 'sent'; only need_to_be_sent units can become 'sent'`,
		);
		expect(toSend.status).toBe('sent');
		expect(toSend._shipment).toMatchObject({ carrier_code: 'DHL', tracking_number: '00340434161094042557' });
		expect(toCancel).toMatchObject({ status: 'cancelled', cancel_reason: 'NoInventory' });
	});
});

describe('bad input is refused before anything is sent', () => {
	it.each([
		[
			'createOrderCommandFile',
			{ url: 'https://seller:secret@files.example.com/a.csv' },
			'"File URL" must not contain a user name or password',
		],
	])('%s %j', expectRefusedBeforeSending);
});
