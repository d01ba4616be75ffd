import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { ownerFields, ownerPath } from './fields';

/** GET /contacts/manufacturers/{name} or /contacts/products/{ean}: one output item per contact. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get GPSR contacts',
	attempt: ['get GPSR contacts for EAN {ean}', 'get GPSR contacts'],
	summary: 'List your GPSR contacts of a manufacturer or a product',
	endpoint: ['GET /contacts/manufacturers/{manufacturer_name}', 'GET /contacts/products/{ean}'],
	properties: ownerFields,
	async execute(itemIndex) {
		const { contacts, ...owner } = await apiRequestData.call(this, {
			method: 'GET',
			path: ownerPath(this, itemIndex),
			itemIndex,
		});
		return (Array.isArray(contacts) ? contacts : []).map((contact) => ({ ...owner, ...(contact as object) }));
	},
});
