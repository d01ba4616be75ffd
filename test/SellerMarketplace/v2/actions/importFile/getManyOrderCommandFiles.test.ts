/** Import File → Get Many Order Command Files (node version 2), through n8n-core against the v2 sandbox. */
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { v2, storedFile, expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('Import File → Get Many Order Command Files', () => {
	it('Get Many reads every page of 30', async () => {
		const ids = Array.from({ length: 31 }, (_, n) =>
			storedFile('ORDER_COMMAND', null, 'IMPORTED', v2.sandbox().control.now() - n * 60_000),
		);
		const list = await v2.run({ operation: 'getManyOrderCommandFiles', returnAll: true });
		expect(list.error).toBeUndefined();
		expect(v2.requests().map((request) => request.query)).toEqual([
			{ limit: '30', offset: '0' },
			{ limit: '1', offset: '30' },
		]);
		expect(list.items.map((item) => item.json.id_import_file)).toEqual(ids);
	});
});

describe('bad input is refused before anything is sent', () => {
	it.each([
		[
			'getManyOrderCommandFiles',
			{ returnAll: true, sort: { sortBy: 'ts_updated:desc' } },
			'"Sort By" has an unknown value "ts_updated:desc"',
		],
	])('%s %j', expectRefusedBeforeSending);
});
