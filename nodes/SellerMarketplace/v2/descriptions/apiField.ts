/**
 * A field declared once. One declaration holds the form property (display name, name, type, default, description),
 * the API's name of the field and the bodies it fills, its kind of check, and its bounds: those the OpenAPI states
 * (maxLength, minimum, maximum, required), taken from nodes/api/v2/openapi.generated.ts, never typed again, plus any
 * the node adds itself, each with its reason where it is declared. From it come:
 *
 * - the form property, with its bound attached (`bounded`), which the router checks on every item before any request;
 * - the value read for the request body (`read`, `readBody`), checked by the same bound with the same words;
 * - the error wording: `"Note" must be at most 250 characters, but it has 251 [item 3]`, naming field and item;
 * - the labels of the fields the API refuses (`labelsOf`), and the columns of a "Map Automatically" (`columnsOf`).
 *
 * Adding a field to an operation that reads its fields from a set (the unit's UNIT_FIELDS) is one declaration.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { OPENAPI_REQUEST_SCHEMAS } from '../../../api/v2/openapi.generated';
import {
	bounded,
	boundOf,
	checkBound,
	inputError,
	parseWholeNumber,
	type Bound,
} from '../../../shared/helpers/validation';

type Schemas = typeof OPENAPI_REQUEST_SCHEMAS;
/** A schema of a request body of the OpenAPI, e.g. `UnitRequest`. */
export type RequestSchema = keyof Schemas;
/** The API names the schemas `S` all have: a misspelt name or a schema without it does not compile. */
export type ApiName<S extends RequestSchema> = keyof Schemas[S]['properties'] & string;

/**
 * How the value is read and checked:
 * - `whole`: a whole number (a count, days, years), given as a number or as decimal digits;
 * - `cents`: a money amount in cents, read as `whole`;
 * - `id`: an ID of the marketplace, a whole number of at least 1;
 * - `text`: trimmed text, empty left out;
 * - `option`: one value of the form's list (the router checks that it is one), empty left out.
 */
export type FieldKind = 'whole' | 'cents' | 'id' | 'text' | 'option';

interface PropertyFacts {
	type?: string;
	format?: string;
	minimum?: number;
	maximum?: number;
	exclusiveMinimum?: number | boolean;
	minLength?: number;
	maxLength?: number;
	maxItems?: number;
}

/** The value a field of `kind` is read as: text for `text` and `option`, a number for the others. */
export type ValueOf<K extends FieldKind> = K extends 'text' | 'option' ? string : number;

export interface ApiFieldDeclaration<S extends RequestSchema, Extra, K extends FieldKind = FieldKind> {
	/** The OpenAPI schemas whose property the field fills; the bounds of each hold (the strictest wins). */
	schemas: readonly S[];
	/** The field's name in the API, e.g. `note`. */
	api: ApiName<S>;
	/** The object of the body that holds it, when not the body itself: `address` for a warehouse's `street`. */
	at?: string;
	kind: K;
	/**
	 * The form property as n8n shows it. Its description may be written from the bound, so that a bound the OpenAPI
	 * states is not typed again: `(bound) => \`… (at most ${bound.maxLength} characters)\``.
	 */
	property: Omit<INodeProperties, 'description'> & { description?: string | ((bound: Bound) => string) };
	/** Where else the value goes, as body paths: `unit_data.note` in Update Many's bulk body. */
	alsoFills?: string[];
	/** Bounds the node adds to the OpenAPI's (say why where they are declared); the stricter of the two holds. */
	adds?: Bound;
	/**
	 * A further check of the value read: against what only the run knows (the storefront's currency), or what no
	 * bound says (a country code). Returns the value to send.
	 */
	check?: (context: IExecuteFunctions, value: ValueOf<K>, itemIndex: number, label: string, extra: Extra) => unknown;
}

export interface ApiField<Extra = undefined> {
	api: string;
	/** Where it goes in the body: `api`, or `at.api` (`address.street`). */
	path: string;
	kind: FieldKind;
	/** The form name of the field (the key of its value in a collection). */
	name: string;
	/** What errors call the field: its display name, without n8n's " Name or ID" of a dropdown loaded at run time. */
	label: string;
	/** What the field may hold: the OpenAPI's bounds with the node's. */
	bound: Bound;
	/** The form property, with its bound attached. */
	property: INodeProperties;
	/** Whether the OpenAPI requires the field in `schema` (by default the first it is declared with). */
	requiredIn(schema?: RequestSchema): boolean;
	/** The checked value for the body, or undefined when not given. */
	read(context: IExecuteFunctions, value: unknown, itemIndex: number, extra: Extra): unknown;
}

/** The label errors give a form field (see ApiField.label). */
export function labelOf(property: Pick<INodeProperties, 'displayName'>): string {
	return property.displayName.replace(/ Name or ID$/, '');
}

/** The largest safe value of an integer `format`: the API refuses an int32 beyond it. */
const FORMAT_MAXIMUM: Record<string, number> = { int32: 2_147_483_647 };

/** The stricter of two bounds, key by key. */
function stricter(a: Bound, b: Bound): Bound {
	const bound: Bound = { ...a, ...b };
	const highest = (key: 'minimum' | 'minLength') =>
		a[key] === undefined ? b[key] : b[key] === undefined ? a[key] : Math.max(a[key]!, b[key]!);
	const lowest = (key: 'maximum' | 'maxLength' | 'maxItems' | 'decimals') =>
		a[key] === undefined ? b[key] : b[key] === undefined ? a[key] : Math.min(a[key]!, b[key]!);
	for (const key of ['minimum', 'minLength'] as const) if (highest(key) !== undefined) bound[key] = highest(key);
	for (const key of ['maximum', 'maxLength', 'maxItems', 'decimals'] as const)
		if (lowest(key) !== undefined) bound[key] = lowest(key);
	const fills = [...(a.fills ?? []), ...(b.fills ?? [])];
	if (fills.length) bound.fills = [...new Set(fills)];
	return bound;
}

/**
 * The bound one OpenAPI property states. A `pattern` or `exclusiveMinimum` is not taken (no field declared here has
 * one): a field that needs one declares it in `adds`, and test/SellerMarketplace/v2/coverage/bounds.test.ts refuses
 * a field whose bound is looser than the OpenAPI's.
 */
function boundOfFacts(facts: PropertyFacts): Bound {
	const bound: Bound = {};
	if (facts.minimum !== undefined) bound.minimum = facts.minimum;
	if (facts.maximum !== undefined) bound.maximum = facts.maximum;
	if (facts.minLength !== undefined) bound.minLength = facts.minLength;
	if (facts.maxLength !== undefined) bound.maxLength = facts.maxLength;
	if (facts.maxItems !== undefined) bound.maxItems = facts.maxItems;
	return bound;
}

/** What a number of `kind` must be, as the end of "must be …" (the words checkBound uses). */
function wholeNumberWords(bound: Bound): string {
	return bound.minimum === undefined ? 'a whole number' : `a whole number of at least ${bound.minimum}`;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Declares a field once; see the top of this file. */
export function apiField<S extends RequestSchema, Extra = undefined, K extends FieldKind = FieldKind>(
	declaration: ApiFieldDeclaration<S, Extra, K>,
): ApiField<Extra> {
	const { api, kind, schemas } = declaration;
	const path = declaration.at ? `${declaration.at}.${api}` : api;
	const facts = schemas.map(
		(schema) => (OPENAPI_REQUEST_SCHEMAS[schema].properties as Record<string, PropertyFacts>)[api] ?? {},
	);
	const whole = kind === 'whole' || kind === 'cents' || kind === 'id';
	let bound: Bound = { fills: [path, ...(declaration.alsoFills ?? [])] };
	for (const fact of facts) bound = stricter(bound, boundOfFacts(fact));
	// An ID is positive; a number the marketplace counts in is whole (the OpenAPI types them integer).
	if (kind === 'id') bound = stricter(bound, { minimum: 1 });
	if (whole) bound = stricter(bound, { decimals: 0 });
	if (declaration.adds) bound = stricter(bound, declaration.adds);
	const { description, ...rest } = declaration.property;
	const plain = {
		...rest,
		...(description === undefined
			? {}
			: { description: typeof description === 'function' ? description(bound) : description }),
	} as INodeProperties;
	// A dropdown offers only its values, or an ID given by expression: `read` checks it, the form carries no bound.
	const property = plain.type === 'options' ? plain : bounded(plain, stricter(boundOf(plain) ?? {}, bound));
	const label = labelOf(property);
	// The format's range is checked when the value is read, not shown on the form (it would show 2147483647).
	const formatMaximum = Math.min(...facts.map((fact) => FORMAT_MAXIMUM[fact.format ?? ''] ?? Number.MAX_SAFE_INTEGER));
	const readBound = whole ? stricter(bound, { maximum: formatMaximum }) : bound;
	const check = declaration.check as
		| ((context: IExecuteFunctions, value: unknown, itemIndex: number, label: string, extra: Extra) => unknown)
		| undefined;
	return {
		api,
		path,
		kind,
		name: property.name,
		label,
		bound,
		property,
		requiredIn: (schema = schemas[0]) => (OPENAPI_REQUEST_SCHEMAS[schema].required as readonly string[]).includes(api),
		read(context, value, itemIndex, extra) {
			if (!given(value)) return undefined;
			if (!whole) {
				const text = String(value).trim();
				if (text === '') return undefined;
				if (kind === 'text') checkBound(context, label, text, bound, itemIndex);
				return check ? check(context, text, itemIndex, label, extra) : text;
			}
			checkBound(context, label, value, readBound, itemIndex);
			const number = parseWholeNumber(value);
			if (number === undefined)
				throw inputError(
					context,
					itemIndex,
					`"${label}" must be ${wholeNumberWords(bound)}, but it is ${JSON.stringify(value)}`,
				);
			checkBound(context, label, number, readBound, itemIndex);
			return check ? check(context, number, itemIndex, label, extra) : number;
		},
	};
}

/** Puts a value at its field's path in a body (`address.street`: into the body's `address`). */
function place(body: IDataObject, field: ApiField<never> | ApiField<unknown>, value: unknown): void {
	const holder =
		field.path === field.api ? body : ((body[field.path.slice(0, -field.api.length - 1)] ??= {}) as IDataObject);
	holder[field.api] = value as IDataObject[string];
}

/** The body of the fields given in `values` (by form name), in the order of `fields`; fields not given are left out. */
export function readBody<Extra>(
	fields: ReadonlyArray<ApiField<Extra>>,
	context: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	extra: Extra,
): IDataObject {
	const body: IDataObject = {};
	for (const field of fields) {
		const value = field.read(context, values[field.name], itemIndex, extra);
		if (value !== undefined) place(body, field, value);
	}
	return body;
}

/** The labels of fields by their body paths (`note`, `address.street`), to name a field the API refuses. */
export function labelsOf(
	fields: ReadonlyArray<Pick<ApiField<never>, 'path' | 'label'>>,
	others: Record<string, Pick<INodeProperties, 'displayName'>> = {},
): Record<string, string> {
	return {
		...Object.fromEntries(fields.map((field) => [field.path, field.label])),
		...Object.fromEntries(Object.entries(others).map(([api, property]) => [api, labelOf(property)])),
	};
}

/** The form name of each field by its API name, sorted by API name: the columns a "Map Automatically" reads. */
export function columnsOf(fields: ReadonlyArray<Pick<ApiField<never>, 'api' | 'name'>>): Record<string, string> {
	return Object.fromEntries(
		[...fields].sort((a, b) => a.api.localeCompare(b.api)).map((field) => [field.api, field.name]),
	);
}

/** The form properties of fields, alphabetical by display name as n8n lists a collection's options. */
export function alphabetical(properties: INodeProperties[]): INodeProperties[] {
	return [...properties].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** The form property of a field on an operation whose body is `schema`: required when the OpenAPI requires it there. */
export function formOf<Extra>(field: ApiField<Extra>, schema?: RequestSchema): INodeProperties {
	return field.requiredIn(schema) ? { ...field.property, required: true } : field.property;
}

/**
 * The body of fields that are an operation's own parameters (not in a collection): each read and checked, and one
 * the OpenAPI requires (in the first schema it is declared with) refused when empty, naming it and the item.
 */
export function readParameters<Extra>(
	fields: ReadonlyArray<ApiField<Extra>>,
	context: IExecuteFunctions,
	itemIndex: number,
	extra: Extra,
): IDataObject {
	const body: IDataObject = {};
	for (const field of fields) {
		const value = field.read(context, context.getNodeParameter(field.name, itemIndex, undefined), itemIndex, extra);
		if (value !== undefined) place(body, field, value);
		else if (field.requiredIn())
			throw inputError(context, itemIndex, `"${field.label}" is required and cannot be empty`);
	}
	return body;
}
