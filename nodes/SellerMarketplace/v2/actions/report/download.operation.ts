import type { IDataObject } from 'n8n-workflow';

import { inputError, requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequestData, downloadFile } from '../../../../api/v2';
import { defineOperation, FileItem } from '../../../actions/define';
import { binaryPropertyField, getReportId, reportIdField } from './fields';

/**
 * GET /reports/{id_report}, then the file from its `url` into a binary field. The address holds a secret token,
 * so it stays out of the output and of any error.
 */
export const download = defineOperation({
	value: 'download',
	name: 'Download',
	action: 'Download a report',
	attempt: ['download report {reportId}', 'download a report'],
	summary: 'Download the CSV file of a report that is done',
	endpoint: 'GET /reports/{id_report}',
	properties: [reportIdField, binaryPropertyField],
	async execute(itemIndex) {
		const id = getReportId(this, itemIndex);
		const binaryPropertyName = requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field');
		const { url, ...report } = await apiRequestData.call(this, {
			method: 'GET',
			path: apiPath`/reports/${id}`,
			itemIndex,
		});
		if (String(report.status ?? '').toLowerCase() !== 'done' || typeof url !== 'string' || !url) {
			throw inputError(
				this,
				itemIndex,
				`Report ${id} is not ready to download: its status is "${String(report.status ?? 'unknown')}"`,
				'The marketplace generates reports after a while. Wait (e.g. with a Wait node) and check Report → Get until the status is "done".',
			);
		}
		const file = await downloadFile.call(this, url, itemIndex);
		const fileName = `${String(report.report_name || 'report')}-${id}.csv`;
		const mimeType = file.contentType?.split(';')[0].trim() || 'text/csv';
		return new FileItem(report as IDataObject, {
			[binaryPropertyName]: await this.helpers.prepareBinaryData(file.data, fileName, mimeType),
		});
	},
});
