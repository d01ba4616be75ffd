import type { IDataObject } from 'n8n-workflow';

import { bounded, checkEan, compact, lineOfText } from '../../../../shared/helpers/validation';
import { fulfillmentTypeFilter, idFilterField, idFilterOf, listFields, textField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { optionalText } from '../../helpers/values';
import { defineOperation } from '../../../actions/define';
import { readEmbeddedField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /units?storefront=: the seller's units in one storefront, 100 a page. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many units',
	attempt: 'get many units',
	summary: 'List your offers in a storefront (new ones can take a few minutes to appear)',
	endpoint: 'GET /units',
	output: outputShapes.unit,
	properties: [
		...listFields(storefrontField, [
			bounded(textField('EAN', 'ean', 'Only units of the product with this EAN'), lineOfText('ean')),
			fulfillmentTypeFilter,
			bounded(textField('Offer ID', 'offerId', 'Only units with this offer ID (id_offer)'), lineOfText('id_offer')),
			idFilterField(
				'Product ID',
				'productId',
				"Only units of this product (the marketplace's id_product)",
				'id_product',
			),
		]),
		readEmbeddedField,
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const ean = optionalText(filters.ean);
		const query = compact({
			storefront: await requiredStorefront(this, itemIndex),
			id_offer: optionalText(filters.offerId),
			id_product: idFilterOf(this, filters, 'productId', itemIndex, 'Product ID'),
			ean: ean === undefined ? undefined : checkEan(this, ean, itemIndex),
			embedded: this.getNodeParameter('embedded', itemIndex, []) as string[],
			fulfillment_type: filters.fulfillmentType as string[] | undefined,
		});
		return await readGetMany(this, itemIndex, {
			path: '/units',
			query,
			pageSize: pageSizeOf('/units'),
			idField: 'id_unit',
		});
	},
});
