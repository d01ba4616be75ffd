/**
 * The file host of API v2 reports: `GET <origin>/api/v1/report-files/{id}?access_token=…`, the `url` of a report
 * that is done. Unsigned, like the real download addresses: the secret access_token is the only protection.
 */
import { forbidden, notFound } from '../../core/errors';
import { route, Route, RouteContext } from '../router';
import { findReport, reportFile, reportFileName, reportStatus } from '../../model/reports';

function download(ctx: RouteContext) {
	const report = findReport(ctx.core, ctx.params.id);
	if (!report) throw notFound(`Report ${ctx.params.id} not found`);
	if (!ctx.query.access_token || ctx.query.access_token !== report._access_token)
		throw forbidden('access_token missing or wrong');
	if (reportStatus(ctx.core, report) !== 'done') throw notFound(`Report ${report.id_report} is not done yet`);
	return {
		status: 200,
		raw: Buffer.from(reportFile(ctx.core, report), 'utf8'),
		contentType: 'text/csv; charset=utf-8',
		headers: { 'Content-Disposition': `attachment; filename="${reportFileName(report)}"` },
	};
}

export const reportFileRoutes: Route[] = [route('GET', '/report-files/{id}', download, { unsigned: true })];
