/** Import File → Get Order Command File (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { storedFile, v2, expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('bad input is refused before anything is sent', () => {
	it.each([
		['getOrderCommandFile', { importFileId: '0' }, '"Import File" must be a positive whole number'],
		[
			'getOrderCommandFile',
			{ importFileId: '7', waitForResult: true, maxWaitSeconds: 601 },
			'"Max Wait (Seconds)" must be at most 600',
		],
	])('%s %j', expectRefusedBeforeSending);
});

describe('Import File → Get Order Command File', () => {
	it('reads one order command file', async () => {
		const id = storedFile('ORDER_COMMAND', null);
		const run = await v2.run({ operation: 'getOrderCommandFile', importFileId: String(id) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `/import-files/order-command/${id}`, status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).toMatchObject({ id_import_file: id, type: 'ORDER_COMMAND', status: 'IMPORTED' });
	});
});
