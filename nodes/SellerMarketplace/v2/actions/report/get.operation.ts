import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getReportId, reportIdField } from './fields';

/** GET /reports/{id_report}: the report's status; its download address only when asked for (it holds a secret token). */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a report',
	attempt: ['get report {reportId}', 'get a report'],
	summary: 'Get the status of one report (done once it can be downloaded)',
	endpoint: 'GET /reports/{id_report}',
	properties: [reportIdField, downloadLinksOptions],
	async execute(itemIndex) {
		const id = getReportId(this, itemIndex);
		return applyDownloadLinksOption(
			this,
			itemIndex,
			await apiRequestData.call(this, { method: 'GET', path: apiPath`/reports/${id}`, itemIndex }),
		);
	},
});
