/** Searchable lists behind the "From List" mode of the order, order unit and category locators. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';
import { formStorefront } from './storefront';

/** The largest page most collections allow; tickets allow 30. */
const PAGE = 100;

type ListSearch = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;

/**
 * A list of one collection, newest first, a page at a time (the pagination token is the next offset). These
 * collections have no text search in the API, so the filter is matched against the entries shown.
 */
function pagedList(path: string, toEntry: (record: IDataObject) => INodeListSearchItems, pageSize = PAGE): ListSearch {
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const offset = Number(paginationToken ?? 0) || 0;
		const { body } = await apiRequest.call(this, { method: 'GET', path, query: { limit: pageSize, offset } });
		const { data, pagination } = (body ?? {}) as { data?: unknown; pagination?: { total?: unknown } };
		const records = Array.isArray(data) ? (data as IDataObject[]) : [];
		const needle = filter?.trim().toLowerCase() ?? '';
		const matches = (entry: INodeListSearchItems) => `${entry.name} ${String(entry.value)}`.toLowerCase().includes(needle);
		const next = offset + records.length;
		const more = records.length > 0 && next < Number(pagination?.total);
		return { results: records.map(toEntry).filter(matches), paginationToken: more ? String(next) : undefined };
	};
}

export const searchOrders = pagedList('/orders', (order) => ({
	name: `${String(order.id_order)} (${String(order.storefront ?? '')}, ${String(order.ts_created_iso ?? '')}, ${String(order.order_units_count ?? '?')} units)`,
	value: String(order.id_order),
}));

export const searchOrderUnits = pagedList('/order-units', (unit) => {
	const product = (unit.product as IDataObject | undefined) ?? {};
	return {
		name: `${String(unit.id_order_unit)}: ${String(product.title ?? unit.id_offer ?? '')} (${String(unit.status ?? '')}, order ${String(unit.id_order ?? '')})`,
		value: String(unit.id_order_unit),
	};
});

/** Categories of the form's storefront matching the typed text (the API's own `q` search), 100 a page. */
export async function searchCategories(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const q = filter?.trim();
	const query = { storefront: await formStorefront(this), ...(q ? { q } : {}), limit: PAGE, offset };
	const { body } = await apiRequest.call(this, { method: 'GET', path: '/categories', query });
	const { data, pagination } = (body ?? {}) as { data?: unknown; pagination?: { total?: unknown } };
	const records = Array.isArray(data) ? (data as IDataObject[]) : [];
	const next = offset + records.length;
	return {
		results: records.map((category) => ({
			name: `${String(category.title_singular)} (${String(category.id_category)}${category.is_leaf === true ? '' : ', has subcategories'})`,
			value: String(category.id_category),
		})),
		paginationToken: records.length > 0 && next < Number(pagination?.total) ? String(next) : undefined,
	};
}

export const searchReturns = pagedList('/returns', (record) => ({
	name: `${String(record.id_return)} (${String(record.status ?? '')}, ${String(record.ts_created_iso ?? '')})`,
	value: String(record.id_return),
}));

export const searchReturnUnits = pagedList('/return-units', (unit) => ({
	name: `${String(unit.id_return_unit)}: order unit ${String(unit.id_order_unit ?? '')} (${String(unit.status ?? '')}, ${String(unit.reason ?? '')})`,
	value: String(unit.id_return_unit),
}));

export const searchTickets = pagedList('/tickets', (ticket) => ({
	name: `${String(ticket.id_ticket)} (${String(ticket.status ?? '')}, ${String(ticket.topic ?? ticket.open_reason ?? '')}, ${String(ticket.ts_created_iso ?? '')})`,
	value: String(ticket.id_ticket),
}), 30);

export const searchWarehouses = pagedList('/warehouses', (warehouse) => {
	const address = (warehouse.address as IDataObject | undefined) ?? {};
	return {
		name: `${String(warehouse.name)} (${String(address.city ?? '')}, ${String(address.country ?? '')})${warehouse.is_default ? ', default' : ''}`,
		value: String(warehouse.id_warehouse),
	};
}, 30);
