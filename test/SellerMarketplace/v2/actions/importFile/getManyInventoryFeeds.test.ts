/** Import File → Get Many Inventory Feeds (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import spec from '../../../../../sandbox/v2/seller-api-v2.openapi.json';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { expectRefusedBeforeSending } = useImportCommandFileSandbox();

it("offers exactly the OpenAPI's import statuses and sort orders", () => {
	expect([...enums.IMPORT_STATUSES].sort()).toEqual([...spec.components.schemas.ImportStatus.enum].sort());
	expect([...enums.IMPORT_FILES_SORTINGS].sort()).toEqual([...spec.components.schemas.ImportFilesSortBy.enum].sort());
});

describe('bad input is refused before anything is sent', () => {
	it.each([
		['getManyInventoryFeeds', { returnAll: true, filters: { status: 'DONE' } }, '"Status" has an unknown value "DONE"'],
	])('%s %j', expectRefusedBeforeSending);
});
