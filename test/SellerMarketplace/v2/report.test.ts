/**
 * Report (node version 2) — Request (every report type), Get, Get Many, Download — through n8n-core against the v2
 * sandbox, whose reports become `done` after DONE_AFTER_SECONDS of sandbox time.
 */
import type { IDataObject } from 'n8n-workflow';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import * as enums from '../../../nodes/api/v2/enums';
import { REPORT_TYPES } from '../../../nodes/SellerMarketplace/v2/actions/report/fields';
import { DONE_AFTER_SECONDS, PROCESSING_AFTER_SECONDS, reportState } from '../../../sandbox/model/reports';
import { expectSigned, useSandboxV2 } from './setup';
import { openApiDocument } from '../../../sandbox/v2/openapi';

const v2 = useSandboxV2({ strict: true }, 'report');
const reports = () => reportState(v2.sandbox().control.db).rows;
const request = (parameters: Record<string, unknown>, options = {}) =>
	v2.run({ operation: 'request', ...parameters }, options);
const fileRequests = () =>
	v2
		.sandbox()
		.control.requests()
		.filter((entry) => entry.api !== 'v2');

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

	it('Request EANs Not Found Report (Deprecated) queues the deprecated report for the chosen storefront', async () => {
		const result = await v2.run({ operation: 'requestEansNotFound', storefront: 'cz' });
		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/reports/eans-not-found',
			query: { storefront: 'cz' },
			status: 202,
			body: '',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(result.items.map((item) => item.json)).toEqual([
			{ id_report: reports()[0].id_report, report_name: 'eans-not-found', storefront: 'cz', parameters: [] },
		]);
	});

	it('Request EANs Not Found Report (Deprecated) refuses a storefront outside the list before sending', async () => {
		const result = await v2.run({ operation: 'requestEansNotFound', storefront: 'uk' });
		expect(result.error?.message).toMatch(/^"Storefront" .*"uk".*\[item 0\]$/);
		expect(v2.requests()).toHaveLength(0);
	});

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

describe('Report → Get and Get Many', () => {
	it('a report is new, then processing, then done with a download address that the output leaves out', async () => {
		const requested = await request({ reportType: 'account-listing' });
		const id = String(requested.items[0].json.id_report);
		const statuses: unknown[] = [];
		for (const seconds of [0, PROCESSING_AFTER_SECONDS, DONE_AFTER_SECONDS - PROCESSING_AFTER_SECONDS]) {
			await v2.sandbox().control.advance(seconds);
			const result = await v2.run({ operation: 'get', reportId: id });
			expect(result.error).toBeUndefined();
			statuses.push(result.items[0].json.status);
			expect(String(result.items[0].json.url ?? '')).not.toContain('access_token');
		}
		expect(statuses).toEqual(['new', 'processing', 'done']);
		expect(v2.requests()[1]).toMatchObject({ method: 'GET', path: `/reports/${id}`, query: {}, status: 200 });
		expectSigned(v2.requests()[1], v2.credentials());

		const withLink = await v2.run({ operation: 'get', reportId: id, options: { includeDownloadLinks: true } });
		expect(withLink.items[0].json.url).toMatch(new RegExp(`/report-files/${id}\\?access_token=[0-9a-f]{48}$`));
	});

	it('an unknown report is not found', async () => {
		const result = await v2.run({ operation: 'get', reportId: '5000009999' });
		expect(v2.requests()[0]).toMatchObject({ path: '/reports/5000009999', status: 404 });
		expect(result.error?.message).toMatch(/report/i);
	});

	it('a report ID that bends the path is refused before sending', async () => {
		const result = await v2.run({ operation: 'get', reportId: '../orders' });
		expect(v2.requests()).toHaveLength(0);
		expect(result.error?.message).toBe('"Report" must be a positive whole number, but it is "../orders" [item 0]');
	});

	it('Get Many reads every page of 30, filters by storefront and sorts as asked', async () => {
		for (let n = 0; n < 32; n++) await request({ reportType: 'account-listing', storefront: n % 4 ? 'de' : 'at' });
		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		v2.sandbox().control.clearRequests();

		const all = await v2.run({ operation: 'getMany', storefront: 'all', returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(32);
		expect(v2.requests().map((entry) => entry.query)).toEqual([
			{ limit: '30', offset: '0' },
			{ limit: '2', offset: '30' },
		]);
		expect(all.items.map((item) => item.json.id_report)).toEqual(
			reports()
				.map((r) => r.id_report)
				.reverse(),
		);
		expect(all.items[0].json).toMatchObject({ status: 'done' });
		expect(all.items[0].json).not.toHaveProperty('url');

		v2.sandbox().control.clearRequests();
		const at = await v2.run({ operation: 'getMany', storefront: 'at', limit: 3, sort: { sortBy: 'id_report:asc' } });
		expect(v2.requests()[0].query).toEqual({ storefront: 'at', sort: 'id_report:asc', limit: '3', offset: '0' });
		expect(at.items.map((item) => item.json.id_report)).toEqual(
			reports()
				.filter((r) => r.storefront === 'at')
				.slice(0, 3)
				.map((r) => r.id_report),
		);
	});
});

describe('Report → Download', () => {
	it('puts the CSV of a done report into the binary field, without the access token anywhere in the output', async () => {
		const requested = await request({ reportType: 'account-listing', storefront: 'at' });
		const id = String(requested.items[0].json.id_report);
		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		v2.sandbox().control.clearRequests();

		const result = await v2.run({ operation: 'download', reportId: id, binaryPropertyName: 'report' });

		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(item.json).toMatchObject({
			id_report: Number(id),
			status: 'done',
			report_name: 'account-listing',
			storefront: 'at',
		});
		expect(item.json).not.toHaveProperty('url');
		expect(Object.keys(item.binary ?? {})).toEqual(['report']);
		expect(item.binary!.report).toMatchObject({ fileName: `account-listing-${id}.csv`, mimeType: 'text/csv' });
		const csv = Buffer.from(item.binary!.report.data, 'base64').toString('utf8').trim().split('\n');
		expect(csv[0]).toBe('id_offer;ean;amount;listing_price;minimum_price;condition;handling_time');
		expect(csv.slice(1).map((line) => line.split(';')[0])).toEqual([
			'SKU-00005',
			'SKU-00015',
			'SKU-00025',
			'SKU-00035',
		]);

		expect(v2.requests()).toHaveLength(1);
		expect(fileRequests()).toEqual([
			expect.objectContaining({ method: 'GET', path: `/report-files/${id}`, status: 200 }),
		]);
		expect(fileRequests()[0].headers).not.toHaveProperty('shop-signature');
		expect(JSON.stringify(result.run.data)).not.toContain(reports()[0]._access_token);
	});

	it('a report that is not done yet is an error that says to wait, and no file is fetched', async () => {
		const requested = await request({ reportType: 'invalid-items' });
		const result = await v2.run({ operation: 'download', reportId: String(requested.items[0].json.id_report) });
		expect(result.error?.message).toBe(
			`Report ${String(requested.items[0].json.id_report)} is not ready to download: its status is "new" [item 0]`,
		);
		expect(result.error?.description).toContain('Wait');
		expect(fileRequests()).toHaveLength(0);
	});

	it('a failed file download names neither the address nor its token', async () => {
		const requested = await request({ reportType: 'account-listing' });
		const id = String(requested.items[0].json.id_report);
		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		v2.sandbox().control.addFault({ kind: 'status', status: 404, path: `/report-files/${id}` });

		const result = await v2.run({ operation: 'download', reportId: id });
		expect(result.error).toBeDefined();
		expect(JSON.stringify(result.run.data)).not.toContain(reports()[0]._access_token);
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

describe('template report-daily-download.json', () => {
	const example = JSON.parse(readFileSync(join(__dirname, '../../../examples/report-daily-download.json'), 'utf8')) as {
		nodes: Array<{
			name: string;
			type: string;
			typeVersion: number;
			parameters: IDataObject;
			credentials?: IDataObject;
		}>;
		connections: Record<string, { main: Array<Array<{ node: string }>> }>;
	};
	const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;

	it('loops Wait → Get → IF back to the Wait while the report is generated, then downloads it', () => {
		const next = (name: string) => example.connections[name].main.map((output) => output.map((link) => link.node));
		expect(next('Every day at 5:00')).toEqual([['Request report']]);
		expect(next('Request report')).toEqual([['Wait a minute']]);
		expect(next('Wait a minute')).toEqual([['Get report status']]);
		expect(next('Get report status')).toEqual([['Still being generated?']]);
		expect(next('Still being generated?')).toEqual([['Wait a minute'], ['Download report']]);
		for (const name of ['Request report', 'Get report status', 'Download report']) {
			// a template: the seller picks their credential on import
			expect(node(name)).toMatchObject({ typeVersion: 2 });
			expect(node(name).credentials).toBeUndefined();
		}
	});

	it('its Seller Marketplace nodes, run in turn with their own parameters, request, see the status change and download the CSV', async () => {
		const requested = await v2.run(node('Request report').parameters);
		expect(requested.error).toBeUndefined();
		const id = requested.items[0].json.id_report;

		const pending = await v2.run(node('Get report status').parameters, { items: [{ json: requested.items[0].json }] });
		expect(pending.items[0].json).toMatchObject({ id_report: id, status: 'new' });

		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		const done = await v2.run(node('Get report status').parameters, { items: [{ json: pending.items[0].json }] });
		expect(done.items[0].json).toMatchObject({ id_report: id, status: 'done' });

		const downloaded = await v2.run(node('Download report').parameters, { items: [{ json: done.items[0].json }] });
		expect(downloaded.error).toBeUndefined();
		expect(downloaded.items[0].binary?.data).toMatchObject({
			fileName: `account-listing-${String(id)}.csv`,
			mimeType: 'text/csv',
		});
		expect(v2.requests().map(({ method, path }) => `${method} ${path}`)).toEqual([
			'POST /reports/account-listing',
			`GET /reports/${String(id)}`,
			`GET /reports/${String(id)}`,
			`GET /reports/${String(id)}`,
		]);
	});
});
