/**
 * Searchable lists behind the "From List" mode of the resource locators of node version 1 (see pickList): each
 * finds the record whose ID is typed however many pages the seller has, uses the API's own search where it has
 * one, and offers only what fits the form's operation.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems } from 'n8n-workflow';

import {
	actionableStatuses,
	isIdLike,
	pickList,
	readIfFound,
	type ListSearch,
	type PickSource,
} from '../../../shared/helpers/pickList';
import { ID_FORMATS, type IdFormat } from '../../../shared/helpers/validation';
import { readRecords } from '../../../api/core/paging';
import { apiPath, apiRequest, v1PageReader } from '../../../api/v1';
import { subscriptionLabel } from '../../../shared/descriptions/vocabulary';
import { actions } from '../actions';

const PAGE = 30;

interface Collection {
	/** The seller's collection, e.g. `/orders/seller/`. */
	path: string;
	/** The path of one record, e.g. `/orders/{id}/` for `id`, where the API can read one. */
	recordPath?(id: string): string;
	/** How an ID of this collection is typed. */
	format: IdFormat;
	toEntry(record: IDataObject): INodeListSearchItems;
	/** Whether the collection takes a `status` filter, used to offer only what the operation can act on. */
	statusFilter?: boolean;
	/** Queries of the API's own filters that may name the typed text (an offer ID, a tracking code). */
	searches?(text: string): IDataObject[];
}

/** The pages of a list, for the picker to show a screen at a time. */
const pagesOf = (context: ILoadOptionsFunctions, path: string, query: IDataObject) => ({
	read: v1PageReader(context, path, query),
	pageSize: PAGE,
	what: `GET ${path}`,
});

/** The first page of the API's own search, e.g. the units of a typed offer ID. */
async function firstPage(context: ILoadOptionsFunctions, path: string, query: IDataObject): Promise<IDataObject[]> {
	return await readRecords(context, v1PageReader(context, path, query), {
		pageSize: PAGE,
		max: PAGE,
		what: `GET ${path}`,
	});
}

function listOf(collection: Collection): ListSearch {
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const statuses = collection.statusFilter ? actionableStatuses(this, actions.find) : undefined;
		const base: IDataObject = statuses ? { status: [...statuses] } : {};
		const source: PickSource = {
			toEntry: collection.toEntry,
			pages: pagesOf(this, collection.path, base),
			lookup: async (typed) => {
				const { recordPath } = collection;
				const exact =
					recordPath && isIdLike(collection.format.regex, typed)
						? await readIfFound(
								async () =>
									(await apiRequest.call(this, { method: 'GET', path: recordPath(typed) })).body as IDataObject,
							)
						: [];
				const searched = [];
				for (const query of collection.searches?.(typed) ?? []) {
					searched.push(...(await firstPage(this, collection.path, { ...base, ...query })));
				}
				return [...exact, ...searched];
			},
			fits: statuses ? (record) => statuses.includes(String(record.status)) : undefined,
		};
		return await pickList(this, source, filter, paginationToken);
	};
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const integer = (path: (id: number) => string) => (typed: string) => path(Number(typed.trim()));

export const searchOrders = listOf({
	path: '/orders/seller/',
	recordPath: (id) => apiPath`/orders/${id}`,
	format: ID_FORMATS.text,
	toEntry: (order) => {
		const units = order.seller_units_count ?? (Array.isArray(order.order_units) ? order.order_units.length : undefined);
		return {
			name: `${text(order.id_order)} (${text(order.ts_created)}, ${text(units ?? '?')} units)`,
			value: text(order.id_order),
		};
	},
});

export const searchOrderUnits = listOf({
	path: '/order-units/seller/',
	recordPath: integer((id) => apiPath`/order-units/${id}/`),
	format: ID_FORMATS.integer,
	statusFilter: true,
	toEntry: (unit) => {
		const item = (unit.item as IDataObject | undefined) ?? {};
		return {
			name: `${text(unit.id_order_unit)}: ${text(item.title ?? unit.id_offer)} (${text(unit.status)}, order ${text(unit.id_order)})`,
			value: text(unit.id_order_unit),
		};
	},
	searches: (typed) => [{ id_offer: typed }],
});

export const searchTickets = listOf({
	path: '/tickets/seller/',
	recordPath: (id) => apiPath`/tickets/${id}/`,
	format: ID_FORMATS.text,
	statusFilter: true,
	toEntry: (ticket) => ({
		name: `${text(ticket.id_ticket)}: ${text(ticket.topic ?? ticket.open_reason)} (${text(ticket.status)})`,
		value: text(ticket.id_ticket),
	}),
});

/** Claims (deprecated, replaced by tickets) have no GET of one claim: a typed ID is found among the listed. */
export const searchClaims = listOf({
	path: '/claims/seller/',
	format: ID_FORMATS.integer,
	statusFilter: true,
	toEntry: (claim) => ({
		name: `${text(claim.id_claim)}: order unit ${text(claim.id_order_unit)} (${text(claim.status)}, ${text(claim.open_reason)})`,
		value: text(claim.id_claim),
	}),
});

export const searchUnits = listOf({
	path: '/units/seller/',
	recordPath: integer((id) => apiPath`/units/${id}/`),
	format: ID_FORMATS.integer,
	toEntry: (unit) => {
		const item = (unit.item as IDataObject | undefined) ?? {};
		const title = item.title ? `${text(item.title)}, ` : '';
		return {
			name: `${text(unit.id_unit)}: ${title}offer ${text(unit.id_offer)} (${text(unit.amount)} in stock)`,
			value: text(unit.id_unit),
		};
	},
	searches: (typed) => [{ id_offer: typed }],
});

export const searchReturns = listOf({
	path: '/returns/seller/',
	recordPath: integer((id) => apiPath`/returns/${id}/`),
	format: ID_FORMATS.integer,
	toEntry: (record) => ({
		name: `${text(record.id_return)} (${text(record.status)}, ${text(record.ts_created)})`,
		value: text(record.id_return),
	}),
	searches: (typed) => [{ tracking_code: typed }],
});

export const searchReturnUnits = listOf({
	path: '/return-units/seller/',
	recordPath: integer((id) => apiPath`/return-units/${id}/`),
	format: ID_FORMATS.integer,
	statusFilter: true,
	toEntry: (unit) => ({
		name: `${text(unit.id_return_unit)}: order unit ${text(unit.id_order_unit)} (${text(unit.status)}, ${text(unit.reason)})`,
		value: text(unit.id_return_unit),
	}),
});

export const searchInvoices = listOf({
	path: '/order-invoices/seller/',
	recordPath: integer((id) => apiPath`/order-invoices/${id}/`),
	format: ID_FORMATS.integer,
	toEntry: (invoice) => ({
		name: `${text(invoice.id_invoice)}: ${text(invoice.original_name)} (order ${text(invoice.id_order)})`,
		value: text(invoice.id_invoice),
	}),
});

export const searchImportFiles = listOf({
	path: '/import-files/seller/',
	recordPath: integer((id) => apiPath`/import-files/${id}/`),
	format: ID_FORMATS.integer,
	toEntry: (file) => ({
		name: `${text(file.id_import_file)}: ${text(file.uri)} (${text(file.type)}, ${text(file.status)})`,
		value: text(file.id_import_file),
	}),
});

export const searchSubscriptions = listOf({
	path: '/subscriptions/seller/',
	recordPath: integer((id) => apiPath`/subscriptions/${id}/`),
	format: ID_FORMATS.integer,
	toEntry: (subscription) => ({
		name: subscriptionLabel(subscription),
		value: text(subscription.id_subscription),
	}),
});

/** Items (the shared product records): the API's own search by title and manufacturer, or the item whose ID is typed. */
export const searchItems: ListSearch = async function (this: ILoadOptionsFunctions, filter, paginationToken) {
	const q = filter?.trim() ?? '';
	const source: PickSource = {
		toEntry: (item) => ({ name: `${text(item.title)} (${text(item.id_item)})`, value: text(item.id_item) }),
		pages: q ? pagesOf(this, '/items/', { q }) : undefined,
		lookup: async (typed) => [
			...(/^\d{8,14}$/.test(typed) ? await firstPage(this, '/items/', { ean: typed }) : []),
			...(isIdLike(ID_FORMATS.integer.regex, typed)
				? await readIfFound(
						async () =>
							(await apiRequest.call(this, { method: 'GET', path: apiPath`/items/${Number(typed)}` }))
								.body as IDataObject,
					)
				: []),
		],
		searchedByServer: true,
	};
	return await pickList(this, source, filter, paginationToken);
};

/** Categories have a name search (`q`) in the API itself; without text, the main product areas. */
export const searchCategories: ListSearch = async function (this: ILoadOptionsFunctions, filter, paginationToken) {
	const q = filter?.trim() ?? '';
	const query: IDataObject = q ? { q } : { id_parent: 1 };
	const source: PickSource = {
		toEntry: (category) => ({
			name: `${text(category.title_singular ?? category.name ?? category.id_category)} (${text(category.id_category)})`,
			value: text(category.id_category),
		}),
		pages: pagesOf(this, '/categories/', query),
		lookup: async (typed) =>
			isIdLike(ID_FORMATS.integer.regex, typed)
				? await readIfFound(
						async () =>
							(await apiRequest.call(this, { method: 'GET', path: apiPath`/categories/${Number(typed)}/` }))
								.body as IDataObject,
					)
				: [],
		searchedByServer: true,
	};
	return await pickList(this, source, filter, paginationToken);
};
