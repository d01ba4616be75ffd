import { bounded, compact, lineOfText, requireString, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { centsField, textField } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { listingPriceCents } from '../../helpers/values';
import { apiRequestDataList } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { localeField, localeOf } from '../../descriptions/locale';

/** POST /categories/decide?storefront=: the categories a product probably belongs in, most likely first, one item each. */
export const suggest = defineOperation({
	value: 'suggest',
	name: 'Suggest',
	action: 'Suggest categories for a product',
	attempt: 'suggest categories for a product',
	summary: 'Let the marketplace guess the category of a product from its title, description, manufacturer and price',
	endpoint: 'POST /categories/decide',
	changesNothing: true,
	properties: [
		bounded(textField('Title', 'title', 'The product title', { required: true }), lineOfText('item.title')),
		bounded(
			textField('Description', 'description', 'The product description', { required: true, typeOptions: { rows: 3 } }),
			{ fills: ['item.description'], maxLength: TEXT_CAPS.message },
		),
		bounded(
			textField('Manufacturer', 'manufacturer', 'The brand or manufacturer', { required: true }),
			lineOfText('item.manufacturer'),
		),
		{ ...centsField('Price', 'price', 'The price of the product'), required: true },
		storefrontField,
		localeField,
	],
	async execute(itemIndex) {
		const storefront = await requiredStorefront(this, itemIndex);
		const body = {
			item: {
				title: requireString(this, 'title', itemIndex, 'Title'),
				description: requireString(this, 'description', itemIndex, 'Description'),
				manufacturer: requireString(this, 'manufacturer', itemIndex, 'Manufacturer'),
			},
			price: listingPriceCents(
				this,
				this.getNodeParameter('price', itemIndex, 0),
				itemIndex,
				'Price (in Cents)',
				storefront,
			),
		};
		const query = compact({ storefront, locale: localeOf(this, itemIndex) });
		return await apiRequestDataList.call(this, { method: 'POST', path: '/categories/decide', query, body, itemIndex });
	},
});
