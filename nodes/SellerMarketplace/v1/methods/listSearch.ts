/** Searchable lists behind the "From List" mode of resource locators. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';
import { parseCollectionRange } from '../transport/pagination';

const PAGE = 30;

/**
 * One page of a collection as list entries. The API has no free-text search on most collections, so the
 * filter is matched against the names shown, and the next page is offered through the pagination token.
 */
async function searchCollection(
	context: ILoadOptionsFunctions,
	path: string,
	toEntry: (record: IDataObject) => INodeListSearchItems,
	filter?: string,
	paginationToken?: string,
	query: IDataObject = {},
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const response = await apiRequest.call(context, { method: 'GET', path, query: { ...query, limit: PAGE, offset } });
	const records = Array.isArray(response.body) ? (response.body as IDataObject[]) : [];
	const needle = filter?.trim().toLowerCase();
	const results = records.map(toEntry).filter((entry) => !needle || entry.name.toLowerCase().includes(needle) || String(entry.value).toLowerCase().includes(needle));
	const range = parseCollectionRange(response.headers['hm-collection-range']);
	const next = offset + records.length;
	return { results, paginationToken: range && next < range.total && records.length > 0 ? String(next) : undefined };
}

export async function searchOrders(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchCollection(
		this,
		'/orders/seller/',
		(order) => ({ name: `${String(order.id_order)} (${String(order.ts_created ?? '')}, ${String(order.seller_units_count ?? '?')} units)`, value: String(order.id_order) }),
		filter,
		paginationToken,
	);
}

export async function searchOrderUnits(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchCollection(
		this,
		'/order-units/seller/',
		(unit) => {
			const item = (unit.item as IDataObject | undefined) ?? {};
			return { name: `${String(unit.id_order_unit)}: ${String(item.title ?? unit.id_offer ?? '')} (${String(unit.status ?? '')}, order ${String(unit.id_order ?? '')})`, value: String(unit.id_order_unit) };
		},
		filter,
		paginationToken,
		{ sort: 'ts_created:desc' },
	);
}

export async function searchTickets(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchCollection(
		this,
		'/tickets/seller/',
		(ticket) => ({ name: `${String(ticket.id_ticket)}: ${String(ticket.topic ?? ticket.open_reason ?? '')} (${String(ticket.status ?? '')})`, value: String(ticket.id_ticket) }),
		filter,
		paginationToken,
		{ sort: 'ts_created:desc' },
	);
}

/** Categories have a name search (`q`) in the API itself. */
export async function searchCategories(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const query: IDataObject = filter?.trim() ? { q: filter.trim() } : { id_parent: 1 };
	return await searchCollection(
		this,
		'/categories/',
		(category) => ({ name: `${String(category.title_singular ?? category.name ?? category.id_category)} (${String(category.id_category)})`, value: String(category.id_category) }),
		undefined,
		paginationToken,
		query,
	);
}
