/** Import File → Get Inventory Feed (node version 2), through n8n-core against the v2 sandbox. */
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { v2, files, storedFile, expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('Import File → Get Inventory Feed', () => {
	it('without waiting outputs the file as it is now, in one request', async () => {
		const id = storedFile('INVENTORY_FEED', 'de', 'IMPORTING');
		const read = await v2.run({ operation: 'getInventoryFeed', importFileId: String(id) });
		expect(v2.requests()).toHaveLength(1);
		expect(read.items[0].json).toMatchObject({
			id_import_file: id,
			status: 'IMPORTING',
			ts_completed_iso: '1970-01-01T00:00:00Z',
		});
	});

	it('a file still in progress when the wait ends fails the item and says how to read it later', async () => {
		const id = storedFile('INVENTORY_FEED', 'de', 'IMPORTING');
		const read = await v2.run({
			operation: 'getInventoryFeed',
			importFileId: String(id),
			waitForResult: true,
			maxWaitSeconds: 1,
		});
		expect(read.error?.message).toBe(`The inventory feed ${id} is still "IMPORTING" after 1 seconds [item 0]`);
		expect(read.error?.description).toContain('Import File → Get Inventory Feed');
		expect(v2.requests().length).toBeGreaterThanOrEqual(2);
		expect(v2.requests().every((request) => request.path === `/import-files/inventory-feed/${id}`)).toBe(true);
	});

	it('a failed download is a result: the wait ends with the reason', async () => {
		const run = await v2.run({ operation: 'createInventoryFeed', storefront: 'at', url: files.url('/nowhere.csv') });
		const id = run.items[0].json.id_import_file as number;
		const read = await v2.run({
			operation: 'getInventoryFeed',
			storefront: 'at',
			importFileId: String(id),
			waitForResult: true,
		});
		expect(read.error).toBeUndefined();
		expect(read.items[0].json).toMatchObject({
			storefront: 'at',
			status: 'DOWNLOADING_FAILED',
			note: 'download failed: HTTP 404',
		});
	});
});

describe('bad input is refused before anything is sent', () => {
	it.each([['getInventoryFeed', { importFileId: '12/../3' }, '"Import File" must be a positive whole number']])(
		'%s %j',
		expectRefusedBeforeSending,
	);
});
