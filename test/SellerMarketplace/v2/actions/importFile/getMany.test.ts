/** Import File → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportFileSandbox } from './setup';

const { v2, db, base, downloadsSettled } = useImportFileSandbox();

describe('Import File → Get Many (product data)', () => {
	it('lists newest first with the filters, 100 a page', async () => {
		for (let n = 0; n < 2; n++) await v2.run({ operation: 'create', url: `${base()}/missing-${n}.csv` });
		await downloadsSettled();
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: { status: 'DOWNLOADING_FAILED', updatedSince: '2020-01-01T00:00:00Z' },
		});
		expect(run.error).toBeUndefined();
		const list = v2.requests()[2];
		expect(list).toMatchObject({ method: 'GET', path: '/product-data/import-files', status: 200 });
		expect(list.query).toEqual({
			status: 'DOWNLOADING_FAILED',
			ts_updated: '2020-01-01T00:00:00Z',
			limit: '100',
			offset: '0',
		});
		expectSigned(list, v2.credentials());
		const ids = db()
			.importFiles.map((file) => file.id_import_file)
			.reverse();
		expect(run.items.map((item) => item.json.id_import_file)).toEqual(ids);
		expect(run.items[0].json).toMatchObject({ status: 'DOWNLOADING_FAILED', uri: `${base()}/missing-1.csv` });
	});
});

describe('Import File → Get Many (variant suggestions)', () => {
	it('lists the variant suggestion files', async () => {
		const created = await v2.run({
			operation: 'create',
			fileType: 'variantSuggestions',
			url: `${base()}/products.csv`,
		});
		const id = created.items[0].json.id_import_file as number;
		await downloadsSettled();
		v2.sandbox().control.clearRequests();

		const run = await v2.run({ operation: 'getMany', fileType: 'variantSuggestions', returnAll: true });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/variant-suggestions/feed', status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json.id_import_file)).toContain(id);
	});
});
