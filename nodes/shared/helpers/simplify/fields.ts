/** Builders of output fields: copied, dates as ISO 8601, money as text, names, and values of a record's lists. */
import type { IDataObject } from 'n8n-workflow';

import { formatInstant, parseDateTime } from '../dates';
import type { OutputField } from './shape';

/** The value at a dotted path (`product.title`), or undefined when any part is missing. */
export function at(record: IDataObject, path: string): unknown {
	let value: unknown = record;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** A field that copies the value at `path` unchanged. */
export function copied(name: string, path: string, description: string, simplified = false): OutputField {
	return { name, description, simplified, read: (record) => at(record, path) };
}

/**
 * A date as ISO 8601 in UTC (`2024-01-01T10:35:39Z`), whether the API wrote it so (API v2) or as
 * `YYYY-MM-DD HH:MM:SS` in `timeZone` (API v1), so that dates read alike in both versions.
 */
export function isoDate(
	name: string,
	path: string,
	description: string,
	timeZone: string,
	simplified = false,
): OutputField {
	return {
		name,
		description,
		simplified,
		read: (record) => {
			const value = at(record, path);
			if (typeof value !== 'string') return value;
			const instant = parseDateTime(value, timeZone);
			return instant ? formatInstant(instant, 'iso') : value;
		},
	};
}

/**
 * An amount in the minor unit (cents) as text with its currency, e.g. `101.99 EUR`: one field that cannot be
 * misread as euros, by a person or an agent. Every storefront currency (EUR, CZK, PLN) has two decimals.
 */
export function moneyText(cents: unknown, currency: unknown): string | undefined {
	if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return undefined;
	const sign = cents < 0 ? '-' : '';
	const absolute = Math.abs(cents);
	const amount = `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
	return typeof currency === 'string' && currency ? `${amount} ${currency}` : amount;
}

/** "First Last" of an address (or its company when it names no person). */
export function personName(address: unknown): string | undefined {
	if (!address || typeof address !== 'object') return undefined;
	const { first_name: first, last_name: last, company_name: company } = address as IDataObject;
	const name = [first, last].filter((part) => typeof part === 'string' && part.trim()).join(' ');
	if (name) return name;
	return typeof company === 'string' && company.trim() ? company : undefined;
}

/** The records of a list field, whether the API sends an array or (API v1) an object keyed by position. */
function listAt(record: IDataObject, path: string): IDataObject[] | undefined {
	const value = at(record, path);
	if (Array.isArray(value)) return value as IDataObject[];
	return value && typeof value === 'object' ? (Object.values(value) as IDataObject[]) : undefined;
}

/** The distinct values at `key` across the records of a list field (e.g. the statuses of an order's units). */
function distinctOf(record: IDataObject, listPath: string, key: string): unknown[] | undefined {
	const list = listAt(record, listPath);
	if (!list) return undefined;
	const values = list.map((entry) => at(entry, key)).filter((value) => value !== undefined && value !== null);
	return [...new Set(values)];
}

// The fields that recur across records and API versions, each built from where the record keeps it.

export const outputField = {
	createdAt: (path: string, timeZone: string): OutputField =>
		isoDate('created_at', path, 'When it was created (ISO 8601, UTC)', timeZone, true),
	updatedAt: (path: string, timeZone: string, simplified = true): OutputField =>
		isoDate('updated_at', path, 'When it last changed (ISO 8601, UTC)', timeZone, simplified),
	status: (record: string): OutputField => copied('status', 'status', `The status of the ${record}`, true),
	productTitle: (path: string): OutputField => copied('product_title', path, 'The title of the product', true),
	/** The (first) EAN of the product: one EAN, a list (API v2) or an object keyed by position (API v1). */
	ean: (path: string): OutputField => ({
		name: 'ean',
		description: 'The EAN (GTIN) of the product',
		simplified: true,
		read: (record) => {
			const value = at(record, path);
			return typeof value === 'string' ? value : listValues(value)[0];
		},
	}),
	/** An amount in cents with the record's currency (`currencyPath`) or a fixed one (API v1 sells in EUR only). */
	money: (
		name: string,
		centsPath: string,
		currency: { path: string } | { fixed: string },
		description: string,
		simplified = true,
	): OutputField => ({
		name,
		description: `${description}, with its currency (e.g. 101.99 EUR)`,
		simplified,
		read: (record) =>
			moneyText(at(record, centsPath), 'fixed' in currency ? currency.fixed : at(record, currency.path)),
	}),
	/** The sum of an amount across a list field (e.g. the prices of an order's units), with the currency of the first. */
	total: (listPath: string, centsKey: string, currency: { key: string } | { fixed: string }): OutputField => ({
		name: 'total',
		description: 'The sum of the prices of its order units, with the currency (e.g. 501.97 EUR)',
		simplified: true,
		read: (record) => {
			const list = listAt(record, listPath);
			if (!list?.length) return undefined;
			const cents = list.map((entry) => at(entry, centsKey));
			if (!cents.every((value) => typeof value === 'number')) return undefined;
			const sum = (cents as number[]).reduce((total, value) => total + value, 0);
			return moneyText(sum, 'fixed' in currency ? currency.fixed : at(list[0], currency.key));
		},
	}),
	buyerName: (addressPaths: string[]): OutputField => ({
		name: 'buyer_name',
		description: 'The name on the shipping address (or its company)',
		simplified: true,
		read: (record) => addressPaths.map((path) => personName(at(record, path))).find((name) => name !== undefined),
	}),
	shipToCountry: (addressPaths: string[]): OutputField => ({
		name: 'ship_to_country',
		description: 'The country of the shipping address (two-letter code)',
		simplified: true,
		read: (record) =>
			addressPaths
				.map((path) => at(record, `${path}.country`))
				.find((country) => country !== undefined && country !== null),
	}),
	/** The text of the last message of a ticket (present when the ticket is read with its messages). */
	lastMessage: (messagesPath: string): OutputField => ({
		name: 'last_message',
		description: 'The text of its latest message (when read with its messages)',
		simplified: true,
		read: (record) => listAt(record, messagesPath)?.at(-1)?.text,
	}),
	/** The distinct values of `key` across a list field, e.g. `statuses` of an order's units. */
	distinct: (name: string, listPath: string, key: string, description: string, simplified = true): OutputField => ({
		name,
		description,
		simplified,
		read: (record) => distinctOf(record, listPath, key),
	}),
	/** The values of `key` across a list field, in order, e.g. the IDs of a return's order units. */
	each: (name: string, listPath: string, key: string, description: string, simplified = true): OutputField => ({
		name,
		description,
		simplified,
		read: (record) => listAt(record, listPath)?.map((entry) => at(entry, key)),
	}),
};

function listValues(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	return value && typeof value === 'object' ? Object.values(value) : [];
}
