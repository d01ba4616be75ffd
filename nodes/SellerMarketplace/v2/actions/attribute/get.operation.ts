import { bounded, compact, lineOfText, requireId, requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator, textField } from '../../descriptions/fields';
import { localeField, localeOf } from '../../descriptions/locale';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/** GET /attributes/{id_attribute} or GET /attributes/by-name/{name}, with ?storefront=. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an attribute',
	attempt: ['get attribute {attributeId}', 'get an attribute'],
	summary:
		'Read a product data attribute by its name (e.g. title) or its ID: its type and whether it takes several values',
	endpoint: ['GET /attributes/by-name/{name}', 'GET /attributes/{id_attribute}'],
	properties: [
		{
			displayName: 'Identify Attribute By',
			name: 'identifyBy',
			type: 'options',
			options: [
				{ name: 'Name', value: 'name', description: 'The name product data uses, e.g. title or manufacturer' },
				{ name: 'ID', value: 'id', description: "The marketplace's ID of the attribute" },
			],
			default: 'name',
			description:
				'How to name the attribute. An expression may choose per item (name or ID); then fill in both fields below.',
		},
		bounded(
			textField('Name', 'name', 'The attribute name, e.g. title', {
				required: true,
				placeholder: 'e.g. title',
				displayOptions: { show: { identifyBy: ['name'] } },
			}),
			lineOfText(),
		),
		{
			...idLocator({
				displayName: 'Attribute',
				name: 'attributeId',
				searchListMethod: 'searchAttributes',
				placeholder: 'e.g. 1450',
				description: "The attribute, searched by name or given by the marketplace's ID of it",
			}),
			displayOptions: { show: { identifyBy: ['id'] } },
		},
		storefrontField,
		localeField,
	],
	async execute(itemIndex) {
		const path =
			this.getNodeParameter('identifyBy', itemIndex, 'name') === 'name'
				? apiPath`/attributes/by-name/${requireId(this, 'name', itemIndex, 'Name')}`
				: apiPath`/attributes/${requireIntegerId(this, 'attributeId', itemIndex, 'Attribute')}`;
		const query = compact({ storefront: await requiredStorefront(this, itemIndex), locale: localeOf(this, itemIndex) });
		return await apiRequestData.call(this, { method: 'GET', path, query, itemIndex });
	},
});
