import { embeddedField, itemIdField } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { defineOperation } from '../../../actions/define';

/** GET /items/{id_item} (no trailing slash, as the spec writes it): one item, optionally with its category and units. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an item',
	attempt: ['get item {itemId}', 'get an item'],
	summary: 'Read one item (product), optionally with its category and offers',
	endpoint: 'GET /items/{id_item}',
	properties: [
		itemIdField(
			'The item (the shared product record), searched by title, manufacturer or EAN, or given by its ID (id_item)',
		),
		embeddedField(
			['category', 'units'],
			'Related data to include: the category of the item, and the offers (units) of all sellers',
		),
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'itemId', itemIndex, 'Item');
		return await getWithEmbedded(this, apiPath`/items/${id}`, itemIndex);
	},
});
