/** Report → Request (node version 2), through n8n-core against the v2 sandbox. */
import * as enums from '../../../../../nodes/api/v2/enums';
import { REPORT_TYPES } from '../../../../../nodes/SellerMarketplace/v2/actions/report/fields';
import { expectSigned } from '../../setup';
import { openApiDocument } from '../../../../../sandbox/v2/openapi';
import { useReportSandbox } from './setup';

const { v2, reports, request } = useReportSandbox();

describe('Report → Request', () => {
	it('queues an inventory report for the chosen storefront and outputs the requested report', async () => {
		const result = await request({ reportType: 'account-listing', storefront: 'at' });

		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/reports/account-listing',
			query: { storefront: 'at' },
			status: 202,
			body: '',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		const [stored] = reports();
		expect(result.items.map((item) => item.json)).toEqual([
			{ id_report: stored.id_report, report_name: 'account-listing', storefront: 'at', parameters: [] },
		]);
		expect(stored.id_report).toBeGreaterThan(2 ** 32);
	});

	it("a sales report sends the dates as YYYY-MM-DD in the body, with the credentials' storefront", async () => {
		const result = await request({ reportType: 'sales-new', dateFrom: '2024-01-01T00:00:00', dateTo: '2024-03-31' });

		expect(result.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/reports/sales-new',
			query: { storefront: 'de' },
			status: 202,
		});
		expect(v2.requests()[0].headers['content-type']).toBe('application/json');
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ date_from: '2024-01-01', date_to: '2024-03-31' });
		expect(result.items[0].json).toMatchObject({
			report_name: 'sales-new',
			storefront: 'de',
			parameters: [
				{ name: 'date_from', value: '2024-01-01' },
				{ name: 'date_to', value: '2024-03-31' },
			],
		});
	});

	it('bookings with the newer format, and cancellations caused by the seller, send their options as query values', async () => {
		const bookings = await request({
			reportType: 'bookings-new',
			dateFrom: '2024-02-01',
			dateTo: '2024-02-29',
			options: { version: 'v2' },
		});
		const cancellations = await request({
			reportType: 'cancellations',
			storefront: 'cz',
			options: { cancellationType: 'seller_related', version: 'v2' },
		});

		expect(bookings.error).toBeUndefined();
		expect(cancellations.error).toBeUndefined();
		expect(v2.requests().map(({ path, query }) => ({ path, query }))).toEqual([
			{ path: '/reports/bookings-new', query: { storefront: 'de', version: 'v2' } },
			{ path: '/reports/cancellations', query: { storefront: 'cz', cancellation_type: 'seller_related' } },
		]);
		expect(v2.requests()[1].body).toBe('');
	});

	it.each(
		REPORT_TYPES.filter((type) => !type.storefront && type.value !== 'product-data-import-file-errors').map(
			(type) => type.value,
		),
	)('%s covers every storefront: no storefront is sent', async (type) => {
		const result = await request({ reportType: type, storefront: 'at' });
		expect(result.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: `/reports/${type}`,
			query: {},
			status: 202,
			body: '',
		});
		expect(result.items[0].json).toMatchObject({ report_name: type, storefront: '' });
	});

	it.each(['eans-not-found', 'invalid-items', 'product-data-changes', 'competitors-comparer', 'price-competitiveness'])(
		'%s is queued for the storefront',
		async (type) => {
			const result = await request({ reportType: type });
			expect(result.error).toBeUndefined();
			expect(v2.requests()[0]).toMatchObject({
				method: 'POST',
				path: `/reports/${type}`,
				query: { storefront: 'de' },
				status: 202,
			});
		},
	);

	it('the import file errors report names the import file in the body', async () => {
		v2.sandbox().control.db.importFiles.push({ id_import_file: 77, status: 'DONE', type: 'PRODUCT_FEED' } as never);
		const result = await request({ reportType: 'product-data-import-file-errors', importFileId: ' 77 ' });

		expect(result.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/reports/product-data-import-file-errors',
			query: {},
			status: 202,
		});
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ id_file_import: 77 });
	});

	it('an unknown import file is refused by the marketplace, naming the field', async () => {
		const result = await request({ reportType: 'product-data-import-file-errors', importFileId: '999' });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(result.error?.message).toContain('"Import File" (id_file_import)');
		expect(reports()).toHaveLength(0);
	});

	it.each([
		[
			'a Date From that is no date',
			{ reportType: 'sales-new', dateFrom: 'yesterday', dateTo: '2024-01-01' },
			'"Date From" must be a date such as 2026-11-01, but it is "yesterday"',
		],
		[
			'a date that does not exist',
			{ reportType: 'bookings-new', dateFrom: '2024-02-30', dateTo: '2024-03-01' },
			'"Date From" must be a date such as 2026-11-01, but it is "2024-02-30"',
		],
		[
			'Date From after Date To',
			{ reportType: 'sales-new', dateFrom: '2024-05-02', dateTo: '2024-05-01' },
			'"Date From" (2024-05-02) must not be after "Date To" (2024-05-01)',
		],
		[
			'an import file ID that is text',
			{ reportType: 'product-data-import-file-errors', importFileId: '12abc' },
			'"Import File" must be a positive whole number, but it is "12abc"',
		],
		['an unknown report type', { reportType: 'everything' }, '"Report Type" has an unknown value "everything"'],
	])('%s is refused before anything is sent, naming the field and the item', async (_case, parameters, message) => {
		const result = await request(parameters, { items: [{ json: {} }, { json: {} }], continueOnFail: true });
		expect(v2.requests()).toHaveLength(0);
		expect(result.items).toHaveLength(2);
		expect(String(result.items[0].json.error)).toContain(message);
		expect(String(result.items[0].json.error)).toContain('[item 0]');
		expect(String(result.items[1].json.error)).toContain('[item 1]');
	});
});

describe('report enums are exactly those of the OpenAPI', () => {
	const schemas = (
		openApiDocument() as {
			components: { schemas: Record<string, { enum: string[] }> };
		}
	).components.schemas;
	it.each([
		['ReportsSorting', enums.REPORTS_SORTINGS],
		['CancellationType', enums.CANCELLATION_TYPES],
		['BookingsReportVersion', enums.BOOKINGS_REPORT_VERSIONS],
	])('%s', (schema, values) => expect([...values].sort()).toEqual([...schemas[schema].enum].sort()));

	it('every report type is a POST /reports/<type> of the OpenAPI', () => {
		const paths = Object.keys(
			(
				openApiDocument() as {
					paths: object;
				}
			).paths,
		);
		expect(paths.filter((path) => /^\/reports\/[a-z-]+$/.test(path)).sort()).toEqual(
			REPORT_TYPES.map((type) => `/reports/${type.value}`).sort(),
		);
	});
});
