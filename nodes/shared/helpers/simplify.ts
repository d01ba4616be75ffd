/**
 * How much of a record the Get and Get Many operations output, for both API versions. In a workflow: n8n's
 * Simplify toggle (on by default), a few flattened fields a seller reads first instead of the whole record. Used
 * by an AI agent as a tool, the node instead offers Output: Simplified, Raw or Selected Fields, because what the
 * agent reads costs tokens and the agent cannot open the nested record the way a person does in the output panel.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { labelOf, sortOptions } from '../descriptions/words';
import { parseDateTime, formatInstant } from './dates';
import { inputError } from './validation';

/** One flattened output field: its name in the output, what it holds, and how to read it from an API record. */
export interface OutputField {
	name: string;
	description: string;
	/** The value, or undefined when the record does not carry it (e.g. a list row without the product). */
	read(record: IDataObject): unknown;
	/** Part of the Simplified output; the others can only be picked under Selected Fields. */
	simplified?: boolean;
	/**
	 * Where the records of a read do not always carry it: `never` (e.g. a list row has no order units), or only with
	 * a value of Include (`embedded`). A read left out carries it always. The Simplify hint is built from this.
	 */
	in?: Partial<Record<RecordRead, FieldAvailability>>;
}

/** The reads of records that output a shape. */
export type RecordRead = 'get' | 'getMany';
/** A field a read never outputs, or outputs only when Include (`embedded`) has this value. */
export type FieldAvailability = 'never' | { include: string };

/** The output fields of one kind of record, e.g. an order unit of API v2. */
export interface OutputShape {
	/** The record in words, singular: "order unit". */
	record: string;
	fields: OutputField[];
}

/** How many fields Simplified outputs at most, so that a record stays readable at a glance. */
export const MAX_SIMPLIFIED_FIELDS = 11;

/** The names of the properties this module adds; a node version that predates them leaves them out. */
export const OUTPUT_PROPERTY_NAMES = ['simple', 'output', 'outputFields'] as const;

type OutputChoice = 'simplified' | 'raw' | 'selected';

/** A node version's properties: with the output properties from the version that introduced them, without them before. */
export function propertiesOfVersion(properties: INodeProperties[], hasOutputChoice: boolean): INodeProperties[] {
	const outputNames: readonly string[] = OUTPUT_PROPERTY_NAMES;
	return hasOutputChoice ? properties : properties.filter((property) => !outputNames.includes(property.name));
}

/** A shape, checked when the node loads: unique field names, and 1 to 10 of them Simplified. */
export function defineOutputShape(shape: OutputShape): OutputShape {
	const names = shape.fields.map((field) => field.name);
	const simplified = shape.fields.filter((field) => field.simplified).length;
	if (new Set(names).size !== names.length || simplified === 0 || simplified > MAX_SIMPLIFIED_FIELDS) {
		throw new Error(
			`The output fields of ${shape.record} need unique names and 1 to ${MAX_SIMPLIFIED_FIELDS} simplified fields`,
		);
	}
	return shape;
}

/**
 * What Simplify outputs of each record of this read, in words built from the shape: the fields always there, then
 * those that come with a value of Include, e.g. "8 flat fields: id_unit, …; with Include → Products also ean,
 * product_title (10 fields)". An operation that is not a read of records (`operation` another value) gets every field.
 */
export function simplifiedPromise(shape: OutputShape, operation: string): string {
	const availability = (field: OutputField) => field.in?.[operation as RecordRead];
	const simplified = shape.fields.filter((field) => field.simplified && availability(field) !== 'never');
	const always = simplified.filter((field) => availability(field) === undefined).map((field) => field.name);
	const byInclude = new Map<string, string[]>();
	for (const field of simplified) {
		const needs = availability(field);
		if (typeof needs === 'object') byInclude.set(needs.include, [...(byInclude.get(needs.include) ?? []), field.name]);
	}
	const extras = [...byInclude].map(
		([include, names]) =>
			`with Include → ${labelOf(include)} also ${names.join(', ')} (${always.length + names.length} fields)`,
	);
	return [`${always.length} flat fields: ${always.join(', ')}`, ...extras].join('; ');
}

/**
 * Simplify, Output and Fields: Simplify in a workflow, Output (and Fields) where an AI agent uses the node as a tool.
 * `operation` (get or getMany) says which of the shape's fields the read's records carry, for the hint.
 */
export function outputProperties(shape: OutputShape, operation: string): INodeProperties[] {
	const promise = simplifiedPromise(shape, operation);
	return [
		{
			displayName: 'Simplify',
			name: 'simple',
			type: 'boolean',
			default: true,
			displayOptions: { hide: { '@tool': [true] } },
			description: 'Whether to return a simplified version of the response instead of the raw data',
			hint: `Each ${shape.record} as ${promise}`,
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			default: 'simplified',
			displayOptions: { show: { '@tool': [true] } },
			description: `What the agent gets of each ${shape.record}`,
			options: [
				{
					name: 'Raw',
					value: 'raw',
					description: `The whole ${shape.record} as the marketplace returns it, nested objects included`,
				},
				{ name: 'Selected Fields', value: 'selected', description: 'Only the fields picked below' },
				{ name: 'Simplified', value: 'simplified', description: `The most useful fields, as ${promise}` },
			],
		},
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'multiOptions',
			required: true,
			default: [],
			displayOptions: { show: { '@tool': [true], output: ['selected'] } },
			description: `The fields of each ${shape.record} to give the agent`,
			options: sortOptions(
				shape.fields.map(({ name, description }) => ({
					name: labelOf(name),
					value: name,
					description: `${description} (${name})`,
				})),
			),
		},
	];
}

/**
 * An operation's properties with its output properties added before its first collection (Filters, Options), where
 * n8n's own nodes place Simplify.
 */
export function insertOutputProperties(properties: INodeProperties[], output: INodeProperties[]): INodeProperties[] {
	const firstCollection = properties.findIndex(
		(property) => property.type === 'collection' || property.type === 'fixedCollection',
	);
	const at = firstCollection === -1 ? properties.length : firstCollection;
	return [...properties.slice(0, at), ...output, ...properties.slice(at)];
}

/** The output choice of an item: Output in a tool, Simplify in a workflow; raw where neither exists (node versions before them). */
function outputChoice(context: IExecuteFunctions, itemIndex: number): OutputChoice {
	const output = context.getNodeParameter('output', itemIndex, null) as OutputChoice | null;
	if (output !== null) return output;
	return context.getNodeParameter('simple', itemIndex, false) === true ? 'simplified' : 'raw';
}

/** The fields picked under Selected Fields, refused before anything is sent when one is empty or unknown. */
function selectedFields(context: IExecuteFunctions, itemIndex: number, shape: OutputShape): OutputField[] {
	const picked = context.getNodeParameter('outputFields', itemIndex, []) as unknown;
	const names = Array.isArray(picked) ? picked : [picked];
	const known = shape.fields.map((field) => field.name);
	if (!names.length || names.some((name) => typeof name !== 'string' || !name.trim())) {
		throw inputError(
			context,
			itemIndex,
			`"Fields" needs the name of at least one field of the ${shape.record}`,
			`Fields of the ${shape.record}: ${known.join(', ')}`,
		);
	}
	const unknown = names.filter((name) => !known.includes(name));
	if (unknown.length) {
		throw inputError(
			context,
			itemIndex,
			`"Fields" names no field of the ${shape.record}: ${unknown.join(', ')}`,
			`Fields of the ${shape.record}: ${known.join(', ')}`,
		);
	}
	return shape.fields.filter((field) => names.includes(field.name));
}

/** A record reduced to the given fields, in their order; a field the record does not carry is left out. */
function pick(record: IDataObject, fields: OutputField[]): IDataObject {
	const output: IDataObject = {};
	for (const field of fields) {
		const value = field.read(record);
		if (value !== undefined) output[field.name] = value as IDataObject[string];
	}
	return output;
}

/** A record as Simplify outputs it: its Simplified fields, flat (for nodes that output records without items, a trigger). */
export function simplifiedRecord(record: IDataObject, shape: OutputShape): IDataObject {
	return pick(
		record,
		shape.fields.filter((field) => field.simplified),
	);
}

/**
 * Reads the item's output choice (and checks Selected Fields) before the operation sends anything, and returns
 * what turns the operation's records into the output.
 */
export function outputShaper(
	context: IExecuteFunctions,
	itemIndex: number,
	shape: OutputShape,
): <T extends IDataObject | IDataObject[]>(records: T) => T {
	const choice = outputChoice(context, itemIndex);
	if (choice === 'raw') return (records) => records;
	const fields =
		choice === 'selected'
			? selectedFields(context, itemIndex, shape)
			: shape.fields.filter((field) => field.simplified);
	return <T extends IDataObject | IDataObject[]>(records: T) =>
		(Array.isArray(records) ? records.map((record) => pick(record, fields)) : pick(records, fields)) as T;
}

// Readers the shapes of both API versions are built from.

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
