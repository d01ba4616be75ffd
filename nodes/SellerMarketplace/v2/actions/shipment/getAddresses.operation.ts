import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { bounded, compact, inputError, parseWholeNumber, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { collectionField, listFields, textField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { sortField } from '../../descriptions/sort';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

const MAX_IDS = 100;

/** A filter of comma-separated IDs as the API takes it (`a,b`), at most 100; undefined when empty. */
function idsFilter(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
	isId: (id: string) => boolean,
): string | undefined {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	const ids = parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
	if (!ids.length) return undefined;
	const bad = ids.filter((id) => !isId(id));
	if (bad.length)
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be IDs separated by commas, but ${bad.map((id) => JSON.stringify(id)).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not`,
		);
	if (ids.length > MAX_IDS)
		throw inputError(context, itemIndex, `"${label}" takes at most ${MAX_IDS} IDs, but it holds ${ids.length}`);
	return [...new Set(ids)].join(',');
}

const isOrderId = (id: string) => /^[^\s,/\\]{1,32}$/.test(id);
const isOrderUnitId = (id: string) => (parseWholeNumber(id) ?? 0) > 0;

/**
 * GET /shipping-addresses: where order units go, a home address or a pick-up point (parcel shop, Packstation),
 * for shipping them yourself. In Shipment, not Order: it is what a seller reads to ship, and the order's own
 * `shipping_address` cannot hold a pick-up point.
 */
export const getAddresses = defineOperation({
	value: 'getAddresses',
	name: 'Get Shipping Addresses',
	action: 'Get shipping addresses',
	attempt: 'get shipping addresses',
	summary: 'List where your order units go: a home address or a pick-up point such as a parcel shop or Packstation',
	endpoint: 'GET /shipping-addresses',
	properties: [
		...listFields(storefrontFilterField, [
			bounded(
				textField('Order IDs', 'orderIds', 'Only the addresses of these orders, separated by commas (at most 100)', {
					placeholder: 'e.g. MB7UWLD, MXANBSH',
				}),
				{ fills: ['order_ids'], maxItems: 100, itemsAre: 'IDs', maxLength: TEXT_CAPS.trackingNumbers },
			),
			bounded(
				textField(
					'Order Unit IDs',
					'orderUnitIds',
					'Only the addresses of these order units, separated by commas (at most 100)',
					{
						placeholder: 'e.g. 391581935120, 391581935121',
					},
				),
				{ fills: ['order_unit_ids'], maxItems: 100, itemsAre: 'IDs', maxLength: TEXT_CAPS.trackingNumbers },
			),
		]),
		collectionField(
			'Options',
			'options',
			[
				sortField([
					['Created, Newest First', 'ts_created:desc'],
					['Created, Oldest First', 'ts_created:asc'],
				]),
			],
			'Add Option',
		),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			order_ids: idsFilter(this, itemIndex, filters.orderIds, 'Order IDs', isOrderId),
			order_unit_ids: idsFilter(this, itemIndex, filters.orderUnitIds, 'Order Unit IDs', isOrderUnitId),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetMany(this, itemIndex, {
			path: '/shipping-addresses',
			query,
			pageSize: pageSizeOf('/shipping-addresses'),
			idField: 'id_order_unit',
		});
	},
});
