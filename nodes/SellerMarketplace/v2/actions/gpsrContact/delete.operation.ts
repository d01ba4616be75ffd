import { deletedItem } from '../../../../shared/helpers/output';
import { apiRequest } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { contactPath, contactTypeField, ownerFields } from './fields';

/** DELETE /contacts/…/{contact_type} (204). */
export const deleteContact = defineOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a GPSR contact',
	attempt: ['delete a GPSR contact for EAN {ean}', 'delete a GPSR contact'],
	summary: 'Remove a GPSR contact of a manufacturer or a product',
	endpoint: [
		'DELETE /contacts/manufacturers/{manufacturer_name}/{contact_type}',
		'DELETE /contacts/products/{ean}/{contact_type}',
	],
	properties: [...ownerFields, contactTypeField],
	async execute(itemIndex) {
		const path = contactPath(this, itemIndex);
		return deletedItem(await apiRequest.call(this, { method: 'DELETE', path, itemIndex }));
	},
});
