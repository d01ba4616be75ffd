/** Import File → Get Many Inventory Command Files (node version 2), through n8n-core against the v2 sandbox. */
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('bad input is refused before anything is sent', () => {
	it.each([
		['getManyInventoryCommandFiles', { returnAll: true, filters: { updatedSince: 'yesterday' } }, '"Updated Since"'],
	])('%s %j', expectRefusedBeforeSending);
});
