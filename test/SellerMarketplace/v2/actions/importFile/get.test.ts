/** Import File → Get (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import spec from '../../../../../sandbox/v2/seller-api-v2.openapi.json';
import { expectSigned } from '../../setup';
import { useImportFileSandbox } from './setup';

const { v2, base, downloadsSettled } = useImportFileSandbox();

it("offers exactly the OpenAPI's statuses of product data and variant suggestion files", () => {
	expect([...enums.PRODUCT_DATA_IMPORT_FILE_STATUSES].sort()).toEqual(
		[...spec.components.schemas.ProductDataImportFileStatus.enum].sort(),
	);
	expect([...enums.PRODUCT_DATA_IMPORT_FILE_STATUSES].sort()).toEqual(
		[...spec.components.schemas.ProductCategoriesImportFileStatus.enum].sort(),
	);
});

describe('Import File → Get', () => {
	it('reports a file that is not a product data file as not found', async () => {
		const run = await v2.run({ operation: 'get', importFileId: '987654' });
		expect(v2.requests()[0]).toMatchObject({ path: '/product-data/import-files/987654', status: 404 });
		expect(run.error?.message).toContain('987654');
	});

	it.each([
		['productData', '/product-data/import-files'],
		['variantSuggestions', '/variant-suggestions/feed'],
	])('reads one %s file', async (fileType, path) => {
		const created = await v2.run({ operation: 'create', fileType, url: `${base()}/products.csv` });
		const id = created.items[0].json.id_import_file as number;
		await downloadsSettled();
		v2.sandbox().control.clearRequests();

		const run = await v2.run({ operation: 'get', fileType, importFileId: String(id) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `${path}/${id}`, status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).toMatchObject({ id_import_file: id, uri: `${base()}/products.csv` });
	});
});
