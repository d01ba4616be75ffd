import type { IDataObject } from 'n8n-workflow';

import { collectionField, identifyProductField } from '../../../../shared/descriptions/fields';
import { itemIdField } from '../../descriptions/common';
import { successItem } from '../../helpers/output';
import { inputError, requireEan, requireIntegerId } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { amountField, conditionField, listingPriceField, offerBody, offerFields } from './fields';
import { defineOperation } from '../../../actions/define';

/** POST /units/: offers a product (201, the new unit's address in `Location`). */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a unit',
	attempt: [
		'create a unit for offer {offerId}',
		'create a unit for EAN {ean}',
		'create a unit for item {itemId}',
		'create a unit',
	],
	summary: 'Offer a product: price, stock, condition and delivery time',
	endpoint: 'POST /units/',
	properties: [
		identifyProductField({
			name: 'Item ID',
			value: 'itemId',
			description: "The marketplace's ID of the item, e.g. from Item → Search",
		}),
		{
			displayName: 'EAN',
			name: 'ean',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 4006381333931',
			description: 'EAN (GTIN) of the product: 8 to 14 digits, leading zeros included',
			displayOptions: { show: { identifyBy: ['ean'] } },
		},
		{
			...itemIdField('The item (product) you offer, searched by title, manufacturer or EAN, or given by its ID'),
			displayOptions: { show: { identifyBy: ['itemId'] } },
		},
		{ ...conditionField, required: true },
		{ ...listingPriceField, required: true },
		{ ...amountField, required: true },
		{
			displayName: 'Offer ID',
			name: 'offerId',
			type: 'string',
			default: '',
			placeholder: 'e.g. SKU-4711',
			description:
				'Your own ID for this offer, such as your SKU. Recommended: orders refer to it, and it cannot be changed later.',
		},
		{
			displayName:
				'If you already have a unit for this product in this condition, the marketplace updates that unit instead of creating a second one',
			name: 'upsertNotice',
			type: 'notice',
			default: '',
		},
		collectionField('Additional Fields', 'additionalFields', offerFields),
	],
	async execute(itemIndex) {
		const identifyBy = this.getNodeParameter('identifyBy', itemIndex) as string;
		const product: IDataObject =
			identifyBy === 'itemId'
				? { id_item: requireIntegerId(this, 'itemId', itemIndex, 'Item') }
				: { ean: requireEan(this, 'ean', itemIndex) };
		const required = {
			condition: this.getNodeParameter('condition', itemIndex),
			listingPrice: this.getNodeParameter('listingPrice', itemIndex, undefined),
			amount: this.getNodeParameter('amount', itemIndex, undefined),
		};
		// offerBody leaves out what is not given (that suits Update); a new offer needs a price and a stock.
		if (required.listingPrice === undefined || required.listingPrice === null || required.listingPrice === '') {
			throw inputError(this, itemIndex, '"Listing Price (in Cents)" is required and cannot be empty');
		}
		if (required.amount === undefined || required.amount === null || required.amount === '') {
			throw inputError(this, itemIndex, '"Stock" is required and cannot be empty');
		}
		const offer = offerBody(this, itemIndex, {
			...required,
			...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
		});
		const offerId = String(this.getNodeParameter('offerId', itemIndex, '') ?? '').trim();
		const body: IDataObject = { ...product, ...offer, ...(offerId ? { id_offer: offerId } : {}) };
		const response = await apiRequest.call(this, { method: 'POST', path: '/units/', body, itemIndex });
		const ids = response.createdId === undefined ? {} : { id_unit: Number(response.createdId) };
		return successItem(response, ids);
	},
});
