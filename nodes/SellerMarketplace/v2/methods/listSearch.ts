/**
 * Searchable lists behind the "From List" mode of the resource locators of node version 2 (see pickList): each
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
import { ID_FORMATS } from '../../../shared/helpers/validation';
import { readRecords } from '../../../api/core/paging';
import { FILE_KINDS } from '../actions/importFile/fields';
import { apiPath, apiRequestData, v2PageReader } from '../../../api/v2';
import { serverFilters } from '../../../api/core/multiValue';
import { formStorefront } from './storefront';
import { subscriptionLabel } from '../../../shared/descriptions/vocabulary';
import { actions } from '../actions';
import { pageSizeOf } from '../helpers/pageSizes';

interface Collection {
	path: string;
	/** The endpoint's largest `limit`. */
	pageSize: number;
	toEntry(record: IDataObject): INodeListSearchItems;
	/** Query of every page: what the server narrows to, e.g. the statuses the operation can act on. */
	query?(context: ILoadOptionsFunctions): Promise<IDataObject> | IDataObject;
	/** The path (and query) of the record the typed text names, when it is typed as such an ID. */
	byId?(
		text: string,
		context: ILoadOptionsFunctions,
	): Promise<{ path: string; query?: IDataObject } | undefined> | { path: string; query?: IDataObject } | undefined;
	/** Queries of the API's own filters that may name the typed text (an offer ID, an EAN). */
	searches?(text: string, context: ILoadOptionsFunctions): Promise<IDataObject[]> | IDataObject[];
	fits?(record: IDataObject, context: ILoadOptionsFunctions): boolean;
}

/** The pages of a list, for the picker to show a screen at a time. */
const pagesOf = (context: ILoadOptionsFunctions, path: string, pageSize: number, query: IDataObject) => ({
	read: v2PageReader(context, { path, query, pageSize }),
	pageSize,
	what: `GET ${path}`,
});

/** The first page of the API's own search, e.g. the units of a typed offer ID. */
async function firstPage(
	context: ILoadOptionsFunctions,
	path: string,
	pageSize: number,
	query: IDataObject,
): Promise<IDataObject[]> {
	return await readRecords(context, v2PageReader(context, { path, query, pageSize }), {
		pageSize,
		max: pageSize,
		what: `GET ${path}`,
	});
}

function listOf(collection: Collection): ListSearch {
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		// A filter of several values is left out of the query and checked here (see api/core/multiValue.ts).
		const { query: base, matches } = serverFilters((await collection.query?.(this)) ?? {});
		const source: PickSource = {
			toEntry: collection.toEntry,
			pages: pagesOf(this, collection.path, collection.pageSize, base),
			lookup: async (text) => {
				const target = await collection.byId?.(text, this);
				const exact = target
					? await readIfFound(async () => await apiRequestData.call(this, { method: 'GET', ...target }))
					: [];
				const searched = [];
				for (const query of (await collection.searches?.(text, this)) ?? []) {
					searched.push(...(await firstPage(this, collection.path, collection.pageSize, { ...base, ...query })));
				}
				return [...exact, ...searched];
			},
			fits: (record) => matches(record) && (collection.fits?.(record, this) ?? true),
		};
		return await pickList(this, source, filter, paginationToken);
	};
}

/** What an integer ID typed in the search names: `/collection/{id}`. */
function integerPath(collection: string, query?: (context: ILoadOptionsFunctions) => Promise<IDataObject>) {
	return async (text: string, context: ILoadOptionsFunctions) =>
		isIdLike(ID_FORMATS.integer.regex, text)
			? { path: `${collection}/${Number(text.trim())}`, query: await query?.(context) }
			: undefined;
}

/** The record at `path` of one storefront's catalogue (a product, a category, an attribute), or none where there is none. */
async function readAtStorefront(context: ILoadOptionsFunctions, path: string, storefront: string) {
	return await readIfFound(
		async () => await apiRequestData.call(context, { method: 'GET', path, query: { storefront } }),
	);
}

/** Query and check of a collection whose operations act only on some statuses (and on units the seller fulfils). */
function actionable({ merchantOnly = false } = {}): Pick<Collection, 'query' | 'fits'> {
	return {
		query: (context) => {
			const wanted = actionableStatuses(context, actions.find);
			return wanted
				? { status: [...wanted], ...(merchantOnly ? { fulfillment_type: ['fulfilled_by_merchant'] } : {}) }
				: {};
		},
		fits: (record, context) => {
			const wanted = actionableStatuses(context, actions.find);
			if (!wanted) return true;
			const byMerchant =
				!merchantOnly || record.fulfillment_type === undefined || record.fulfillment_type === 'fulfilled_by_merchant';
			return byMerchant && wanted.includes(String(record.status));
		},
	};
}

/** What an attribute's name looks like (`short_description`, `manufacturer`): worth asking for by name. */
const ATTRIBUTE_NAME = /^[a-z0-9_]{1,100}$/i;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const storefrontQuery = async (context: ILoadOptionsFunctions) => ({ storefront: await formStorefront(context) });

/**
 * A search of the catalogue of the form's storefront (products, categories, attributes), which the API answers
 * itself: `source` builds the pages and lookups for the storefront and the typed text `q` (empty when none).
 */
function catalogueSearch(
	source: (context: ILoadOptionsFunctions, storefront: string, q: string) => Omit<PickSource, 'searchedByServer'>,
): ListSearch {
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const storefront = await formStorefront(this);
		const q = filter?.trim() ?? '';
		return await pickList(this, { ...source(this, storefront, q), searchedByServer: true }, filter, paginationToken);
	};
}

export const searchOrders = listOf({
	path: '/orders',
	pageSize: pageSizeOf('/orders'),
	toEntry: (order) => {
		const units = Array.isArray(order.order_units) ? order.order_units.length : order.order_units_count;
		return {
			name: `${text(order.id_order)} (${text(order.storefront)}, ${text(order.ts_created_iso)}, ${text(units ?? '?')} units)`,
			value: text(order.id_order),
		};
	},
	byId: (typed) => (isIdLike(ID_FORMATS.text.regex, typed) ? { path: apiPath`/orders/${typed.trim()}` } : undefined),
});

export const searchOrderUnits = listOf({
	path: '/order-units',
	pageSize: pageSizeOf('/order-units'),
	toEntry: (unit) => {
		const product = (unit.product as IDataObject | undefined) ?? {};
		return {
			name: `${text(unit.id_order_unit)}: ${text(product.title ?? unit.id_offer)} (${text(unit.status)}, order ${text(unit.id_order)})`,
			value: text(unit.id_order_unit),
		};
	},
	...actionable({ merchantOnly: true }),
	byId: integerPath('/order-units'),
	searches: (typed) => [{ id_offer: typed }],
});

export const searchReturns = listOf({
	path: '/returns',
	pageSize: pageSizeOf('/returns'),
	toEntry: (record) => ({
		name: `${text(record.id_return)} (${text(record.status)}, ${text(record.ts_created_iso)})`,
		value: text(record.id_return),
	}),
	byId: integerPath('/returns'),
	searches: (typed) => [{ tracking_code: typed }],
});

export const searchReturnUnits = listOf({
	path: '/return-units',
	// The OpenAPI's `limit` of /return-units states no maximum: 100, as the returns list (/returns) takes.
	pageSize: pageSizeOf('/returns'),
	toEntry: (unit) => ({
		name: `${text(unit.id_return_unit)}: order unit ${text(unit.id_order_unit)} (${text(unit.status)}, ${text(unit.reason)})`,
		value: text(unit.id_return_unit),
	}),
	...actionable({ merchantOnly: true }),
	byId: integerPath('/return-units'),
});

export const searchTickets = listOf({
	path: '/tickets',
	pageSize: pageSizeOf('/tickets'),
	toEntry: (ticket) => ({
		name: `${text(ticket.id_ticket)} (${text(ticket.status)}, ${text(ticket.topic ?? ticket.open_reason)}, ${text(ticket.ts_created_iso)})`,
		value: text(ticket.id_ticket),
	}),
	...actionable(),
	byId: (typed) => (isIdLike(ID_FORMATS.ticket.regex, typed) ? { path: apiPath`/tickets/${typed.trim()}` } : undefined),
});

export const searchUnits = listOf({
	path: '/units',
	pageSize: pageSizeOf('/units'),
	query: storefrontQuery,
	toEntry: (unit) => {
		const product = (unit.product as IDataObject | undefined) ?? {};
		const title = product.title ?? unit.title;
		return {
			name: `${text(unit.id_unit)}: ${title ? `${text(title)}, ` : ''}offer ${text(unit.id_offer)} (${text(unit.status)}, ${text(unit.amount)} in stock)`,
			value: text(unit.id_unit),
		};
	},
	byId: integerPath('/units', storefrontQuery),
	searches: (typed) => [{ id_offer: typed }, ...(/^\d{8,14}$/.test(typed) ? [{ ean: typed }] : [])],
});

/** Products of the catalogue: the API's own search (title, manufacturer, EAN), and the product whose ID or EAN is typed. */
export const searchProducts = catalogueSearch((context, storefront, q) => ({
	toEntry: (product) => ({
		name: `${text(product.title)} (${text(product.id_product)}${Array.isArray(product.eans) && product.eans.length ? `, EAN ${text(product.eans[0])}` : ''})`,
		value: text(product.id_product),
	}),
	// The catalogue has no list of its own: without text there is nothing to show.
	pages: q ? pagesOf(context, '/products/search', 100, { storefront, q }) : undefined,
	lookup: async (typed) => [
		...(/^\d{8,14}$/.test(typed) ? await readAtStorefront(context, apiPath`/products/ean/${typed}`, storefront) : []),
		...(isIdLike(ID_FORMATS.integer.regex, typed)
			? await readAtStorefront(context, `/products/${Number(typed)}`, storefront)
			: []),
	],
}));

export const searchInvoices: ListSearch = async function (this: ILoadOptionsFunctions, filter, paginationToken) {
	const order = text(this.getCurrentNodeParameter('orderId', { extractValue: true })).trim();
	const toEntry = (invoice: IDataObject) => ({
		name: `${text(invoice.id_invoice)}: ${text(invoice.original_name)} (order ${text(invoice.id_order)}, ${text(invoice.ts_created_iso)})`,
		value: text(invoice.id_invoice),
	});
	// Invoice IDs are unique only within their order: with an order chosen, its own invoices.
	if (order && isIdLike(ID_FORMATS.text.regex, order)) {
		const read = async () =>
			await apiRequestData.call(this, {
				method: 'GET',
				path: apiPath`/orders/${order}`,
				query: { embedded: ['order_invoices'] },
			});
		const [details] = await readIfFound(read);
		const invoices = Array.isArray(details?.order_invoices) ? (details.order_invoices as IDataObject[]) : [];
		return await pickList(this, { toEntry, pages: { records: invoices } }, filter);
	}
	return await listOf({ path: '/order-invoices', pageSize: pageSizeOf('/order-invoices'), toEntry }).call(
		this,
		filter,
		paginationToken,
	);
};

export const searchImportFiles: ListSearch = async function (this: ILoadOptionsFunctions, filter, paginationToken) {
	const kind = FILE_KINDS[text(this.getCurrentNodeParameter('fileType'))] ?? FILE_KINDS.productData;
	return await listOf({
		path: kind.path,
		pageSize: kind.pageSize,
		query: () => ({ sort: 'ts_created:desc' }),
		toEntry: (file) => ({
			name: `${text(file.id_import_file)}: ${text(file.uri)} (${text(file.status)}, ${text(file.ts_created_iso ?? file.ts_created)})`,
			value: text(file.id_import_file),
		}),
		byId: integerPath(kind.path),
	}).call(this, filter, paginationToken);
};

export const searchSubscriptions = listOf({
	path: '/subscriptions',
	pageSize: pageSizeOf('/subscriptions'),
	toEntry: (subscription) => ({
		name: subscriptionLabel(subscription),
		value: text(subscription.id_subscription),
	}),
	byId: integerPath('/subscriptions'),
});

/** Categories of the form's storefront matching the typed text (the API's own `q` search), or the one whose ID is typed. */
export const searchCategories = catalogueSearch((context, storefront, q) => ({
	toEntry: (category) => ({
		name: `${text(category.title_singular)} (${text(category.id_category)}${category.is_leaf === true ? '' : ', has subcategories'})`,
		value: text(category.id_category),
	}),
	pages: pagesOf(context, '/categories', 100, { storefront, ...(q ? { q } : {}) }),
	lookup: async (typed) =>
		isIdLike(ID_FORMATS.integer.regex, typed)
			? await readAtStorefront(context, `/categories/${Number(typed)}`, storefront)
			: [],
}));

export const searchWarehouses = listOf({
	path: '/warehouses',
	pageSize: pageSizeOf('/warehouses'),
	toEntry: (warehouse) => {
		const address = (warehouse.address as IDataObject | undefined) ?? {};
		return {
			name: `${text(warehouse.name)} (${text(address.city)}, ${text(address.country)})${warehouse.is_default ? ', default' : ''}`,
			value: text(warehouse.id_warehouse),
		};
	},
	byId: integerPath('/warehouses'),
});

export const searchVouchers = listOf({
	path: '/vouchers',
	pageSize: pageSizeOf('/vouchers'),
	toEntry: (voucher) => ({
		name: `${text(voucher.title)} (${text(voucher.id_voucher)}, ${text(voucher.storefront)}, ${text(voucher.status)})`,
		value: text(voucher.id_voucher),
	}),
	byId: integerPath('/vouchers'),
});

export const searchReports = listOf({
	path: '/reports',
	pageSize: pageSizeOf('/reports'),
	query: () => ({ sort: 'date_requested:desc' }),
	toEntry: (report) => ({
		name: `${text(report.id_report)}: ${text(report.report_name)} (${text(report.status)}, ${text(report.date_requested)})`,
		value: text(report.id_report),
	}),
	byId: integerPath('/reports'),
});

/** Attributes of product data: the API's own search by name, or the attribute whose ID is typed. */
export const searchAttributes = catalogueSearch((context, storefront, q) => ({
	toEntry: (attribute) => ({
		name: `${text(attribute.title ?? attribute.name)} (${text(attribute.name)}, ${text(attribute.id)})`,
		value: text(attribute.id),
	}),
	pages: pagesOf(context, q ? '/attributes/search' : '/attributes', 100, { storefront, ...(q ? { q } : {}) }),
	lookup: async (typed) =>
		isIdLike(ID_FORMATS.integer.regex, typed)
			? await readAtStorefront(context, `/attributes/${Number(typed)}`, storefront)
			: [],
}));

/**
 * Attribute names for the rows of Product Data: the API's attribute list, or its own search for the typed text, and
 * the attribute the typed text names exactly (GET /attributes/by-name/{name}), shown first. `ean` is left out: the
 * EAN field sends it, and a row naming it is refused.
 */
export const searchAttributeNames = catalogueSearch((context, storefront, q) => ({
	toEntry: (attribute) => ({
		name:
			attribute.title && attribute.title !== attribute.name
				? `${text(attribute.title)} (${text(attribute.name)})`
				: text(attribute.name),
		value: text(attribute.name),
	}),
	pages: pagesOf(context, q ? '/attributes/search' : '/attributes', 100, { storefront, ...(q ? { q } : {}) }),
	lookup: async (typed) =>
		ATTRIBUTE_NAME.test(typed.trim())
			? await readIfFound(
					async () =>
						await apiRequestData.call(context, {
							method: 'GET',
							path: apiPath`/attributes/by-name/${typed.trim()}`,
							query: { storefront },
						}),
				)
			: [],
	fits: (attribute) => attribute.name !== 'ean',
}));
