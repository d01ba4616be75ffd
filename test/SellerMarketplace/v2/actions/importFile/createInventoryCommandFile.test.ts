/** Import File → Create Inventory Command File (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { v2, files, storedFile, expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('Inventory command files: per storefront', () => {
	it('creates on the chosen storefront; the file is not found on another; Get Many sends the filters and the sort', async () => {
		const offer = v2.sandbox().control.db.units.find((unit) => unit._storefront === 'cz')!;
		files.serve('/command.csv', `command;id_offer;amount\nUPDATE;${offer.id_offer};3\n`);
		const run = await v2.run({
			operation: 'createInventoryCommandFile',
			storefront: 'cz',
			url: files.url('/command.csv'),
		});
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/import-files/inventory-command',
			query: { storefront: 'cz' },
			status: 201,
		});
		expect(run.items[0].json).toMatchObject({ storefront: 'cz', type: 'INVENTORY_COMMAND', status: 'NEW' });
		const id = run.items[0].json.id_import_file as number;

		const elsewhere = await v2.run({
			operation: 'getInventoryCommandFile',
			storefront: 'de',
			importFileId: String(id),
		});
		expect(v2.requests()[1]).toMatchObject({
			path: `/import-files/inventory-command/${id}`,
			query: { storefront: 'de' },
			status: 404,
		});
		expect(elsewhere.error?.message).toContain(String(id));

		const done = await v2.run({
			operation: 'getInventoryCommandFile',
			storefront: 'cz',
			importFileId: String(id),
			waitForResult: true,
		});
		expect(done.items[0].json).toMatchObject({ status: 'IMPORTED', total_lines: 1, error_count: 0, note: '' });
		expect(v2.sandbox().control.db.units.find((unit) => unit.id_unit === offer.id_unit)?.amount).toBe(3);

		const older = storedFile('INVENTORY_COMMAND', 'cz', 'IMPORTED', v2.sandbox().control.now() - 3600_000);
		storedFile('INVENTORY_COMMAND', 'de');
		v2.sandbox().control.clearRequests();
		const list = await v2.run({
			operation: 'getManyInventoryCommandFiles',
			storefront: 'cz',
			returnAll: true,
			filters: { status: 'IMPORTED', createdSince: '2020-01-01T00:00:00Z' },
			sort: { sortBy: 'id:asc' },
		});
		expect(list.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/import-files/inventory-command', status: 200 });
		expect(v2.requests()[0].query).toEqual({
			storefront: 'cz',
			status: 'IMPORTED',
			ts_created_iso: '2020-01-01T00:00:00Z',
			sort: 'id:asc',
			limit: '30',
			offset: '0',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(list.items.map((item) => item.json.id_import_file)).toEqual([id, older].sort((a, b) => a - b));
	});
});

describe('bad input is refused before anything is sent', () => {
	it.each([
		[
			'createInventoryCommandFile',
			{ storefront: 'xx', url: 'https://files.example.com/a.csv' },
			'"Storefront" has an unknown value "xx"',
		],
	])('%s %j', expectRefusedBeforeSending);
});
