/** Import File → Get (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import spec from '../../../../../sandbox/v2/seller-api-v2.openapi.json';
import { useImportFileSandbox } from './setup';

const { v2 } = useImportFileSandbox();

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
});
