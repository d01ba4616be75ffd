import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { compact, requireEan, requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { identifyProductField } from '../../../../shared/descriptions/fields';
import { collectionField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import {
	CREATE_FIELDS,
	createEanField,
	createHandlingTimeField,
	createListingPriceField,
	createOfferIdField,
	createProductIdField,
	createStockField,
	optionalUnitFields,
	UNIT_FIELD_LABELS,
	unitBody,
	writeEmbeddedField,
} from './fields';

/**
 * Stock has its own field on Create now; the additional field of the same name stays, so that workflows saved
 * with a Stock there keep sending it (n8n drops a saved value whose option is gone, and Stock would become 1).
 */
function keptForSavedWorkflows(field: INodeProperties): INodeProperties {
	if (field.name !== createStockField.name) return field;
	return {
		...field,
		displayName: 'Stock (Replaces Stock Above)',
		description: 'For workflows saved when Stock was an additional field: a value here is sent instead of Stock above',
	};
}

/** POST /units?storefront=: answers 200 with the new unit, which is output. */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a unit',
	attempt: [
		'create a unit for offer {offerId}',
		'create a unit for EAN {ean}',
		'create a unit for product {productId}',
		'create a unit',
	],
	summary: 'Offer a product: price, stock, condition and handling time',
	endpoint: 'POST /units',
	properties: [
		storefrontField,
		identifyProductField({
			name: 'Product ID',
			value: 'productId',
			description: "The marketplace's ID of the product (id_product)",
		}),
		createEanField,
		createProductIdField,
		createOfferIdField,
		CREATE_FIELDS.condition.property,
		createListingPriceField,
		createStockField,
		createHandlingTimeField,
		collectionField('Additional Fields', 'additionalFields', optionalUnitFields.map(keptForSavedWorkflows)),
		writeEmbeddedField,
	],
	async execute(itemIndex) {
		const storefront = await requiredStorefront(this, itemIndex);
		const product: IDataObject =
			this.getNodeParameter('identifyBy', itemIndex) === 'productId'
				? { id_product: requireIntegerId(this, 'productId', itemIndex, 'Product') }
				: { ean: requireEan(this, 'ean', itemIndex) };
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const fields = unitBody(
			this,
			itemIndex,
			{
				...additionalFields,
				listingPrice: this.getNodeParameter('listingPrice', itemIndex, undefined),
				// a Stock saved among the Additional Fields (before Stock had its own field) still wins
				amount: additionalFields.amount ?? this.getNodeParameter('amount', itemIndex, undefined),
				handlingTime: this.getNodeParameter('handlingTime', itemIndex, undefined),
			},
			storefront,
		);
		const body: IDataObject = {
			id_offer: requireString(this, 'offerId', itemIndex, CREATE_FIELDS.offerId.label),
			...product,
			condition: requireString(this, 'condition', itemIndex, CREATE_FIELDS.condition.label),
			...fields,
		};
		const query = compact({ storefront, embedded: this.getNodeParameter('embedded', itemIndex, []) as string[] });
		return await apiRequestData.call(this, {
			method: 'POST',
			path: '/units',
			query,
			body,
			itemIndex,
			fieldLabels: UNIT_FIELD_LABELS,
			uncertainWrite: {
				subject: 'the new unit',
				check: `Unit (Offer) → Get Many with the Offer ID "${String(body.id_offer)}" lists the unit if it was created (a new unit can take a few minutes to show)`,
			},
		});
	},
});
