/** Searchable lists behind the "From List" mode of the order and order unit locators. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

const PAGE = 100;

/**
 * One page of a collection (newest first) as list entries. These lists have no text search in the API, so
 * the filter is matched against what is shown; the next page comes through the pagination token.
 */
async function searchCollection(
	context: ILoadOptionsFunctions,
	path: string,
	toEntry: (record: IDataObject) => INodeListSearchItems,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const response = await apiRequest.call(context, { method: 'GET', path, query: { limit: PAGE, offset } });
	const body = (response.body ?? {}) as { data?: IDataObject[]; pagination?: { total?: number } };
	const records = Array.isArray(body.data) ? body.data : [];
	const needle = filter?.trim().toLowerCase();
	const results = records
		.map(toEntry)
		.filter((entry) => !needle || entry.name.toLowerCase().includes(needle) || String(entry.value).toLowerCase().includes(needle));
	const next = offset + records.length;
	const total = Number(body.pagination?.total);
	return { results, paginationToken: records.length > 0 && next < total ? String(next) : undefined };
}

export async function searchOrders(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchCollection(
		this,
		'/orders',
		(order) => ({
			name: `${String(order.id_order)} (${String(order.storefront ?? '')}, ${String(order.ts_created_iso ?? '')}, ${String(order.order_units_count ?? '?')} units)`,
			value: String(order.id_order),
		}),
		filter,
		paginationToken,
	);
}

export async function searchOrderUnits(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchCollection(
		this,
		'/order-units',
		(unit) => {
			const product = (unit.product as IDataObject | undefined) ?? {};
			return {
				name: `${String(unit.id_order_unit)}: ${String(product.title ?? unit.id_offer ?? '')} (${String(unit.status ?? '')}, order ${String(unit.id_order ?? '')})`,
				value: String(unit.id_order_unit),
			};
		},
		filter,
		paginationToken,
	);
}
