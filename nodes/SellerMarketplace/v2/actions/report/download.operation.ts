import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { inputError, requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequestData, downloadFile } from '../../../../api/v2';
import { defineOperation, FileItem } from '../../../actions/define';
import { binaryPropertyField, getReportId, reportIdField } from './fields';
import { reportRows } from './rows';

const OUTPUTS = ['file', 'rows'] as const;

const outputField: INodeProperties = {
	displayName: 'Output',
	name: 'downloadAs',
	type: 'options',
	// saved workflows output the file, as before the option existed
	default: 'file',
	options: [
		{
			name: 'CSV File',
			value: 'file',
			description: 'One item with the report (its status and parameters) and the CSV file in a binary field',
		},
		{
			name: 'Rows as Items',
			value: 'rows',
			description:
				'One item per row of the report: numbers as numbers, money in cents (the minor unit, as everywhere in API v2), times as ISO 8601 in UTC',
		},
	],
	description: 'Whether to output the CSV file or its rows',
};

/**
 * GET /reports/{id_report}, then the file from its `url`: into a binary field, or as one item per row. The address
 * holds a secret token, so it stays out of the output and of any error.
 */
export const download = defineOperation({
	value: 'download',
	name: 'Download',
	action: 'Download a report',
	attempt: ['download report {reportId}', 'download a report'],
	summary: 'Download the CSV file of a report that is done, or its rows as items',
	endpoint: 'GET /reports/{id_report}',
	properties: [
		reportIdField,
		outputField,
		{ ...binaryPropertyField, displayOptions: { show: { downloadAs: ['file'] } } },
	],
	async execute(itemIndex) {
		const id = getReportId(this, itemIndex);
		// saved workflows have no value: the file, as before the option existed
		const output = String(this.getNodeParameter('downloadAs', itemIndex, 'file') ?? 'file').trim();
		if (!(OUTPUTS as readonly string[]).includes(output))
			throw inputError(this, itemIndex, `"Output" must be one of ${OUTPUTS.join(', ')}, but it is "${output}"`);
		const binaryPropertyName =
			output === 'file' ? requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field') : '';
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
		if (output === 'rows') {
			const read = reportRows(file.data.toString('utf8'), String(report.report_name ?? ''), id);
			if ('problem' in read)
				throw inputError(
					this,
					itemIndex,
					read.problem,
					'The report does not read as the node knows it. Download it with Output "CSV File" to see it as it is.',
				);
			return read.rows;
		}
		const fileName = `${String(report.report_name || 'report')}-${id}.csv`;
		const mimeType = file.contentType?.split(';')[0].trim() || 'text/csv';
		return new FileItem(report as IDataObject, {
			[binaryPropertyName]: await this.helpers.prepareBinaryData(file.data, fileName, mimeType),
		});
	},
});
