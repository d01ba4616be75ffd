/** Import File → Get Inventory Command File (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { v2, storedFile, expectRefusedBeforeSending } = useImportCommandFileSandbox();

// Created, read on another storefront and waited for: createInventoryCommandFile.test.ts ('per storefront').
describe('Import File → Get Inventory Command File', () => {
	it('reads one file of the chosen storefront by its ID, in one signed request', async () => {
		const id = storedFile('INVENTORY_COMMAND', 'cz');
		const run = await v2.run({ operation: 'getInventoryCommandFile', storefront: 'cz', importFileId: String(id) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/import-files/inventory-command/${id}`,
			query: { storefront: 'cz' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id_import_file: id, storefront: 'cz', type: 'INVENTORY_COMMAND', status: 'IMPORTED' }),
		]);
	});

	it.each([['getInventoryCommandFile', { importFileId: '3/../4' }, '"Import File" must be a positive whole number']])(
		'%s %j',
		expectRefusedBeforeSending,
	);
});
