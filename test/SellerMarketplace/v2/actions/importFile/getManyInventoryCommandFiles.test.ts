/** Import File → Get Many Inventory Command Files (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { storedFile, v2, expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('bad input is refused before anything is sent', () => {
	it.each([
		['getManyInventoryCommandFiles', { returnAll: true, filters: { updatedSince: 'yesterday' } }, '"Updated Since"'],
	])('%s %j', expectRefusedBeforeSending);
});

describe('Import File → Get Many Inventory Command Files', () => {
	it("lists the storefront's inventory command files, every page", async () => {
		const cz = [storedFile('INVENTORY_COMMAND', 'cz'), storedFile('INVENTORY_COMMAND', 'cz', 'NEW')];
		storedFile('INVENTORY_COMMAND', 'de');
		const run = await v2.run({ operation: 'getManyInventoryCommandFiles', storefront: 'cz', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/import-files/inventory-command',
			query: { storefront: 'cz' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json.id_import_file).sort()).toEqual([...cz].sort());
	});
});
