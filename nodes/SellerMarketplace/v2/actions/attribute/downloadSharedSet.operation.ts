import { NodeOperationError } from 'n8n-workflow';

import { binaryOutputField } from '../../../../shared/descriptions/fields';
import { requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest, downloadFile } from '../../../../api/v2';
import { defineOperation, FileItem } from '../../../actions/define';
import { SHARED_SET_FIELD_LABELS, sharedSetAttributeField, sharedSetLocaleField } from './fields';

/**
 * GET /attributes/{id_attribute}/shared-set-values, which answers a signed address (valid six days) of a CSV with
 * every value, then the file into a binary field. The address works without credentials, so it stays out of the output.
 */
export const downloadSharedSet = defineOperation({
	value: 'downloadSharedSet',
	name: 'Download Shared Set',
	action: 'Download the shared set of an attribute',
	attempt: ['download the shared set of attribute {attributeId}', 'download the shared set of an attribute'],
	summary: 'Download every value an attribute with a shared set accepts, as a CSV file',
	endpoint: 'GET /attributes/{id_attribute}/shared-set-values',
	properties: [
		sharedSetAttributeField,
		sharedSetLocaleField,
		binaryOutputField('Binary field of the output item that receives the CSV file'),
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'attributeId', itemIndex, 'Attribute');
		const locale = requireString(this, 'locale', itemIndex, 'Language');
		const binaryPropertyName = requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field');
		const response = await apiRequest.call(this, {
			method: 'GET',
			path: apiPath`/attributes/${id}/shared-set-values`,
			query: { locale },
			itemIndex,
			fieldLabels: SHARED_SET_FIELD_LABELS,
		});
		const url = (response.body as { data?: unknown } | undefined)?.data;
		if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
			throw new NodeOperationError(
				this.getNode(),
				`Expected the address of the shared set file from GET /attributes/${id}/shared-set-values, but the API returned something else`,
				{ itemIndex },
			);
		}
		const file = await downloadFile.call(this, url, itemIndex);
		const mimeType = file.contentType?.split(';')[0].trim() || 'text/csv';
		const binary = await this.helpers.prepareBinaryData(file.data, `shared-set-${id}-${locale}.csv`, mimeType);
		return new FileItem({ id_attribute: id, locale }, { [binaryPropertyName]: binary });
	},
});
