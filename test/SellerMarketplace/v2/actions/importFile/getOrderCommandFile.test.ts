/** Import File → Get Order Command File (node version 2), through n8n-core against the v2 sandbox. */
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { expectRefusedBeforeSending } = useImportCommandFileSandbox();

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
