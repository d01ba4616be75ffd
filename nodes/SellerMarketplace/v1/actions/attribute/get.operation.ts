import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequestRecord } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';

/** GET /attributes/{id_attribute}/: name, title, type and whether several values are allowed. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a category attribute',
	attempt: ['get category attribute {attributeId}', 'get a category attribute'],
	summary: 'Read one attribute of product data: its name, type and whether it takes several values',
	endpoint: 'GET /attributes/{id_attribute}/',
	properties: [
		{
			displayName: 'Attribute ID',
			name: 'attributeId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 15',
			description: "ID of the attribute, as listed in a category's mandatory or optional attributes (Category → Get)",
		},
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'attributeId', itemIndex, 'Attribute ID');
		return await apiRequestRecord.call(this, { method: 'GET', path: apiPath`/attributes/${id}/`, itemIndex });
	},
});
