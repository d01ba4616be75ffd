/**
 * Reports: `POST /reports/<name>` queues a CSV report (202 with the requested report); the report is
 * `new`, then `processing`, then `done` as sandbox time passes (sandbox/v2/state/reports.ts), and only then carries
 * the `url` of its file. `GET /reports` lists them (newest first unless `sort` says otherwise), `GET /reports/{id}`
 * reads one.
 *
 * Stricter than the documentation says: `date_from` after `date_to` is refused, and the product-data import file of
 * `product-data-import-file-errors` must exist. `lost-buybox` and `buybox-opportunity` cover every storefront, so
 * their `storefront` is '' (as the OpenAPI's example shows).
 */
import { page, where, equals } from '../collection';
import { found, ok, param, text, V2Context, V2Operations, V2Reply } from '../handler';
import { invalidField } from '../problems';
import {
	findReport,
	reportState,
	reportStatus,
	reportUrl,
	requestReport,
	StoredReport,
	type ReportParameter,
} from '../../model/reports';
import type { SandboxCore } from '../../core/sandbox-core';

function reportView(core: SandboxCore, report: StoredReport) {
	const { id_report, report_name, storefront, parameters, date_requested } = report;
	return {
		id_report,
		status: reportStatus(core, report),
		date_requested,
		url: reportUrl(core, report),
		report_name,
		storefront,
		parameters,
	};
}

function requestedView(report: StoredReport) {
	const { id_report, report_name, storefront, parameters } = report;
	return { id_report, report_name, storefront, parameters };
}

/** The query values and body fields the report was asked with, as `{name, value}` parameters. */
function parametersOf(ctx: V2Context, queryNames: string[]): ReportParameter[] {
	const fromQuery = queryNames
		.filter((name) => ctx.query[name] !== undefined)
		.map((name) => ({ name, value: ctx.query[name] }));
	const fromBody = Object.entries((ctx.body as Record<string, unknown> | undefined) ?? {}).map(([name, value]) => ({
		name,
		value,
	}));
	return [...fromQuery, ...fromBody];
}

function queue(
	name: string,
	{ queryNames = [] as string[], allStorefronts = false, check = (_ctx: V2Context) => {} } = {},
) {
	return (ctx: V2Context): V2Reply => {
		check(ctx);
		const storefront = allStorefronts ? '' : (text(ctx, 'storefront') ?? '');
		const report = requestReport(ctx.core, name, storefront, parametersOf(ctx, queryNames));
		return { status: 202, body: { data: requestedView(report) } };
	};
}

function checkDateRange(ctx: V2Context): void {
	const { date_from, date_to } = ctx.body as { date_from: string; date_to: string };
	if (date_from > date_to) throw invalidField('date_from', `must not be after date_to (${date_from} > ${date_to})`);
}

function checkImportFile(ctx: V2Context): void {
	const id = (ctx.body as { id_file_import: number }).id_file_import;
	if (!ctx.core.store.find('importFiles', id)) throw invalidField('id_file_import', `no import file ${id}`);
}

const SORTS: Record<string, (a: StoredReport, b: StoredReport) => number> = {
	'id_report:asc': (a, b) => a.id_report - b.id_report,
	'id_report:desc': (a, b) => b.id_report - a.id_report,
	'date_requested:asc': (a, b) => a.date_requested.localeCompare(b.date_requested) || a.id_report - b.id_report,
	'date_requested:desc': (a, b) => b.date_requested.localeCompare(a.date_requested) || b.id_report - a.id_report,
};

export const operations: V2Operations = {
	GetReports: (ctx) => {
		const rows = where(
			reportState(ctx.core.store.db).rows,
			equals(text(ctx, 'storefront'), (report: StoredReport) => report.storefront),
		).sort(SORTS[text(ctx, 'sort') ?? 'id_report:desc']);
		return page(ctx, rows, (report) => reportView(ctx.core, report));
	},
	GetReport: (ctx) =>
		ok(reportView(ctx.core, found(findReport(ctx.core, param(ctx, 'id_report')), `Report ${param(ctx, 'id_report')}`))),
	RequestAccountListingReport: queue('account-listing'),
	RequestNewBookingsReport: queue('bookings-new', { queryNames: ['version'], check: checkDateRange }),
	RequestEansNotFoundReport: queue('eans-not-found'),
	RequestInvalidItemsReport: queue('invalid-items'),
	RequestProductDataChangesReport: queue('product-data-changes'),
	RequestCancellationsReport: queue('cancellations', { queryNames: ['cancellation_type'] }),
	RequestCompetitorsComparerReport: queue('competitors-comparer'),
	RequestNewSalesReport: queue('sales-new', { check: checkDateRange }),
	RequestProductDataImportFileErrorsReport: queue('product-data-import-file-errors', {
		allStorefronts: true,
		check: checkImportFile,
	}),
	RequestPriceCompetitivenessReport: queue('price-competitiveness'),
	RequestLostBuyboxReport: queue('lost-buybox', { allStorefronts: true }),
	RequestBuyboxOpportunityReport: queue('buybox-opportunity', { allStorefronts: true }),
};
