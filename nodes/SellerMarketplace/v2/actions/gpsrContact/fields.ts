/** Fields shared by the GPSR contact operations: whose contacts (a manufacturer or a product) and which contact type. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bounded, inputError, lineOfText, requireEan, requireString } from '../../../../shared/helpers/validation';
import { textField } from '../../descriptions/fields';
import { toOptions } from '../../../../api/v2/enums';
import { apiPath } from '../../../../api/v2';

export const CONTACT_TYPES = ['manufacturer', 'eu-responsible-person'] as const;

export const ownerFields: INodeProperties[] = [
	{
		displayName: 'Contact For',
		name: 'contactFor',
		type: 'options',
		options: [
			{ name: 'Manufacturer', value: 'manufacturer', description: 'All products of a manufacturer of the catalogue' },
			{ name: 'Product', value: 'product', description: 'One product, by EAN' },
		],
		default: 'manufacturer',
		description: 'Whether the contact belongs to a manufacturer or to one product',
	},
	bounded(
		textField(
			'Manufacturer Name',
			'manufacturerName',
			'The manufacturer as the catalogue names it (case does not matter)',
			{
				required: true,
				placeholder: 'e.g. Kaffeewerk',
				displayOptions: { show: { contactFor: ['manufacturer'] } },
			},
		),
		lineOfText(),
	),
	bounded(
		textField('EAN', 'ean', 'EAN of the product', {
			required: true,
			placeholder: 'e.g. 4006380100015',
			displayOptions: { show: { contactFor: ['product'] } },
		}),
		lineOfText(),
	),
];

export const contactTypeField: INodeProperties = {
	displayName: 'Contact Type',
	name: 'contactType',
	type: 'options',
	options: toOptions(CONTACT_TYPES, { 'eu-responsible-person': 'EU Responsible Person' }),
	default: 'manufacturer',
	description: 'Which contact of the product safety regulation (GPSR)',
};

/** `/contacts/manufacturers/{name}` or `/contacts/products/{ean}`, from the form. */
export function ownerPath(context: IExecuteFunctions, itemIndex: number): string {
	if (requireString(context, 'contactFor', itemIndex, 'Contact For') === 'product') {
		return apiPath`/contacts/products/${requireEan(context, 'ean', itemIndex)}`;
	}
	const name = requireString(context, 'manufacturerName', itemIndex, 'Manufacturer Name');
	// Any other text is sent encoded as one path segment; these two would be read as a move in the path.
	if (name === '.' || name === '..')
		throw inputError(context, itemIndex, `"Manufacturer Name" must be a manufacturer's name, but it is "${name}"`);
	return apiPath`/contacts/manufacturers/${name}`;
}

export function contactPath(context: IExecuteFunctions, itemIndex: number): string {
	return `${ownerPath(context, itemIndex)}${apiPath`/${requireString(context, 'contactType', itemIndex, 'Contact Type')}`}`;
}
