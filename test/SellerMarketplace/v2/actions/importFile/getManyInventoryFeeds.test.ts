/** Import File → Get Many Inventory Feeds (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import spec from '../../../../../sandbox/v2/seller-api-v2.openapi.json';
import { expectSigned } from '../../setup';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { storedFile, v2, expectRefusedBeforeSending } = useImportCommandFileSandbox();

it("offers exactly the OpenAPI's import statuses and sort orders", () => {
	expect([...enums.IMPORT_STATUSES].sort()).toEqual([...spec.components.schemas.ImportStatus.enum].sort());
	expect([...enums.IMPORT_FILES_SORTINGS].sort()).toEqual([...spec.components.schemas.ImportFilesSortBy.enum].sort());
});

describe('bad input is refused before anything is sent', () => {
	it.each([
		['getManyInventoryFeeds', { returnAll: true, filters: { status: 'DONE' } }, '"Status" has an unknown value "DONE"'],
	])('%s %j', expectRefusedBeforeSending);
});

describe('Import File → Get Many Inventory Feeds', () => {
	it("lists the storefront's inventory feeds, every page", async () => {
		const de = [storedFile('INVENTORY_FEED', 'de'), storedFile('INVENTORY_FEED', 'de', 'NEW')];
		storedFile('INVENTORY_FEED', 'cz');
		const run = await v2.run({ operation: 'getManyInventoryFeeds', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/import-files/inventory-feed',
			query: { storefront: 'de' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json.id_import_file).sort()).toEqual([...de].sort());
	});
});
