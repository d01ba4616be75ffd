/**
 * The marketplace's OpenAPI document (seller-api-v2.openapi.json, version 2.44.0, unmodified but pretty-printed; read through openapi.ts) as the
 * v2 contract: routing, request checks and response checks, with Ajv (see ajv.ts).
 *
 * Adaptations made in memory, none of which loosens a rule:
 *  - `nullable: true` on a schema without `type` or with `allOf` (e.g. `{allOf: [Address], nullable: true}`) becomes
 *    `anyOf: [schema, {type: 'null'}]`, and a nullable enum gets `null` added: Ajv understands `nullable` only
 *    next to `type`;
 *  - formats are checked strictly (ajv.ts): int32/int64 ranges, RFC 3339 date-time, real calendar dates.
 * Stricter than the schema alone: integer parameters must be plain decimal integers ('1e3', '0x10', '+1', ' 1',
 * '01' are refused although type coercion would take them), a parameter that is not an array may be given once
 * only, unknown query parameters are refused, a body needs `Content-Type: application/json`, an operation
 * without a request body refuses one, and request bodies may not hold fields their schema does not name even
 * where the schema leaves that open (the subscription bodies).
 * Wire forms: only the documented one is accepted. The parameters listed in
 * documented-exceptions.json (every `embedded`) take one comma-separated value and refuse repeated keys, as their
 * text and the official examples say, although their schema means repeated keys; every other array parameter takes
 * repeated keys only (a value with a comma is refused); a space in the query must be written `+`, as PHP's
 * `http_build_query` writes it, not `%20`.
 * That is strict mode (every test, --strict). The default mode (users, the demo) also takes what the live API
 * evidently takes, each named in the request log's `alias` (docs/api-rules.md, "What the default sandbox also
 * accepts"): `%20` for a space, and `locale` or `storefront` on an operation that declares neither (ignored).
 * `phpQuery` reads a repeated key as PHP does: only its last value counts.
 */
import fs from 'fs';
import path from 'path';
import { AjvError, createAjv, SchemaCheck } from './ajv';
import { openApiDocument } from './openapi';
import { ErrorDetail, invalid } from './problems';

export { SPEC_FILE } from './openapi';
/** Where the OpenAPI's text and examples overrule its schema on a parameter's wire form (read by the independent judge too). */
export const DOCUMENTED_EXCEPTIONS_FILE = path.join(__dirname, 'documented-exceptions.json');

/** A parameter whose documented wire form differs from its schema's: `style: form, explode: false` is one comma-separated value. */
export interface DocumentedException {
	path: string;
	method: string;
	parameter: string;
	in: 'query';
	style: 'form';
	explode: false;
	reason: string;
}

export function documentedExceptions(): DocumentedException[] {
	return JSON.parse(fs.readFileSync(DOCUMENTED_EXCEPTIONS_FILE, 'utf8')) as DocumentedException[];
}
const DOCUMENT_ID = 'seller-api-v2.openapi.json';

// The parts of the OpenAPI objects the sandbox reads.
export interface Schema {
	type?: string;
	items?: Schema;
	default?: unknown;
	enum?: unknown[];
	[key: string]: unknown;
}
export interface Parameter {
	name: string;
	in: 'query' | 'path' | 'header' | 'cookie';
	required?: boolean;
	schema: Schema;
}
interface Response {
	content?: Record<string, { schema: Schema }>;
	headers?: Record<string, { required?: boolean; schema?: Schema }>;
}
export interface Operation {
	operationId: string;
	/** upper case */
	method: string;
	/** the OpenAPI path template, e.g. '/order-units/{id_order_unit}/send' */
	path: string;
	parameters: Parameter[];
	requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
	responses: Record<string, Response>;
}
interface Document {
	paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
	components: { schemas: Record<string, Schema> };
}

export interface RouteMatch {
	operation?: Operation;
	/** path parameters as received (still percent-encoded) */
	rawParams: Record<string, string>;
	/** methods the path allows, when it exists but not with this method */
	allowed: string[];
}

export interface RawRequest {
	rawParams: Record<string, string>;
	/** the query string as received, after the `?` */
	rawQuery?: string;
	/** every value of each query parameter, decoded */
	query: Record<string, string[]>;
	contentType: string | undefined;
	rawBody: string;
}

/** How the query is read (see the header). */
export interface QueryReading {
	/** only the documented forms */
	strict: boolean;
	/** a key given several times keeps only its last value */
	phpQuery: boolean;
}

/** Query parameters a published client sends on every call (D3, commit 61b60fc): the default mode ignores them where undeclared. */
const LIVE_EXTRA_PARAMETERS = new Set(['locale', 'storefront']);

export interface ValidatedRequest {
	/** path parameters as text (decoded; checked against their schema) */
	params: Record<string, string>;
	/** typed values, with the OpenAPI's defaults filled in */
	query: Record<string, unknown>;
	body: unknown;
	/** the forms the default mode took that strict mode refuses, for the request log */
	tolerated: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;
/** at most this many problems are listed for one request */
const MAX_ERRORS = 20;

interface CompiledRoute {
	operation: Operation;
	/** one capture group per path parameter */
	pattern: RegExp;
	names: string[];
	literalLength: number;
}

export class Contract {
	private readonly routes: CompiledRoute[] = [];
	private readonly paramsAjv;
	private readonly requestAjv;
	private readonly dataAjv;
	private readonly checks = new Map<string, SchemaCheck>();
	/** `METHOD path parameter` of the parameters sent as one comma-separated list */
	private readonly commaLists: Set<string>;

	constructor(
		readonly document: Document,
		exceptions: readonly DocumentedException[] = [],
	) {
		this.commaLists = new Set(exceptions.map((e) => `${e.method} ${e.path} ${e.parameter}`));
		this.paramsAjv = createAjv(document, DOCUMENT_ID, true);
		this.requestAjv = createAjv(closeObjects(document) as Document, DOCUMENT_ID, false);
		this.dataAjv = createAjv(document, DOCUMENT_ID, false);
		for (const [template, item] of Object.entries(document.paths)) {
			for (const method of METHODS.filter((m) => item[m])) {
				const literals = template.split(/\{[^}]+\}/).map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
				this.routes.push({
					operation: {
						...item[method],
						parameters: item[method].parameters ?? [],
						method: method.toUpperCase(),
						path: template,
					},
					pattern: new RegExp(`^${literals.join('([^/]+)')}$`),
					names: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
					literalLength: literals.join('').length,
				});
			}
		}
		// literal segments win: '/units/status' before '/units/{id_unit}'
		this.routes.sort((a, b) => b.literalLength - a.literalLength);
	}

	get operations(): Operation[] {
		return this.routes.map((r) => r.operation);
	}

	/** The values of an enum schema of the document. */
	enumValues(schema: string): readonly string[] {
		return (this.document.components.schemas[schema]?.enum as string[] | undefined) ?? [];
	}

	/** `path` is relative to /v2 and still percent-encoded. */
	match(method: string, path: string): RouteMatch {
		const allowed = new Set<string>();
		for (const route of this.routes) {
			const found = route.pattern.exec(path);
			if (!found) continue;
			if (route.operation.method !== method) {
				allowed.add(route.operation.method);
				continue;
			}
			const rawParams = Object.fromEntries(route.names.map((name, i) => [name, found[i + 1]]));
			return { operation: route.operation, rawParams, allowed: [] };
		}
		const order = METHODS.map((m) => m.toUpperCase());
		return { rawParams: {}, allowed: [...allowed].sort((a, b) => order.indexOf(a) - order.indexOf(b)) };
	}

	/** Checks a request against its operation; throws a 400 problem naming every offending field. */
	validateRequest(
		operation: Operation,
		request: RawRequest,
		reading: QueryReading = { strict: true, phpQuery: false },
	): ValidatedRequest {
		const errors: ErrorDetail[] = [];
		const tolerated: string[] = [];
		const add = (found: ErrorDetail[]) => {
			// one problem per field: the first finding wins
			for (const e of found) if (!errors.some((known) => known.field === e.field)) errors.push(e);
		};
		const pathText = pathParams(operation, request.rawParams, errors, this.resolve);
		const isCommaList = (name: string) => this.commaLists.has(`${operation.method} ${operation.path} ${name}`);
		const parameters = {
			path: { ...pathText },
			query: shapeQuery(operation, request, { isCommaList, reading, tolerated }, errors, this.resolve),
		};
		const check = this.check(`params ${operation.operationId}`, this.paramsAjv, () => paramsSchema(operation));
		// coercion turns the texts into the declared types in place
		if (!check(parameters)) add(groupErrors(check.errors ?? [], operation, paramField));

		const body = readBody(operation, request, errors);
		if (body !== undefined) {
			const schema = operation.requestBody!.content['application/json'].schema;
			const bodyCheck = this.check(`body ${operation.operationId}`, this.requestAjv, () => rebase(schema));
			if (!bodyCheck(body.value))
				add(groupErrors(bodyCheck.errors ?? [], operation, (segments) => joinPath(segments) || 'body'));
		}
		if (errors.length > 0) throw invalid(errors.slice(0, MAX_ERRORS));

		const query: Record<string, unknown> = parameters.query;
		for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
			if (query[parameter.name] === undefined && parameter.schema.default !== undefined) {
				query[parameter.name] = structuredClone(parameter.schema.default);
			}
		}
		return { params: pathText, query, body: body?.value, tolerated };
	}

	/**
	 * Problems with a response: a status the operation does not declare (unless listed in `extraStatuses`),
	 * a body where none is declared or none where one is, a body or a required header that does not match.
	 * Answers without an operation, or with an extra status, must have the `ErrorResponse` shape.
	 */
	checkResponse(
		operation: Operation | undefined,
		status: number,
		body: unknown,
		headers: Record<string, string>,
		extraStatuses: readonly number[],
	): string[] {
		const declared = operation?.responses[String(status)];
		if (operation && !declared && !extraStatuses.includes(status)) {
			return [
				`status ${status} is not declared for ${operation.operationId} (declared: ${Object.keys(operation.responses).join(', ')})`,
			];
		}
		if (!operation || !declared) {
			const check = this.check('ErrorResponse', this.dataAjv, () => ({
				$ref: `${DOCUMENT_ID}#/components/schemas/ErrorResponse`,
			}));
			return check(body) ? [] : responseErrors(check.errors ?? []);
		}
		const problems = Object.entries(declared.headers ?? {})
			.filter(
				([name, header]) =>
					header.required && !Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase()),
			)
			.map(([name]) => `header ${name} is required for status ${status}`);
		const schema = declared.content?.['application/json']?.schema;
		if (!schema)
			return body === undefined
				? problems
				: [...problems, `status ${status} of ${operation.operationId} has no body, but one was sent`];
		if (body === undefined)
			return [...problems, `status ${status} of ${operation.operationId} needs a JSON body, none was sent`];
		const check = this.check(`response ${operation.operationId} ${status}`, this.dataAjv, () => rebase(schema));
		return check(body) ? problems : [...problems, ...responseErrors(check.errors ?? [])];
	}

	/** A schema with its `$ref` (into components) followed. */
	private readonly resolve = (schema: Schema | undefined): Schema => {
		let current = schema ?? {};
		while (typeof current.$ref === 'string' && current.$ref.startsWith('#/components/schemas/')) {
			current = this.document.components.schemas[current.$ref.slice('#/components/schemas/'.length)] ?? {};
		}
		return current;
	};

	/** Compiled on first use: compiling every operation of the OpenAPI up front would take seconds. */
	private check(key: string, ajv: ReturnType<typeof createAjv>, schema: () => object): SchemaCheck {
		let check = this.checks.get(key);
		if (!check) {
			check = ajv.compile(schema());
			this.checks.set(key, check);
		}
		return check;
	}
}

/** Path and query parameters as one object schema; unknown query parameters are refused before. */
function paramsSchema(operation: Operation): object {
	const group = (where: 'path' | 'query') => {
		const parameters = operation.parameters.filter((p) => p.in === where);
		return {
			type: 'object',
			properties: Object.fromEntries(parameters.map((p) => [p.name, rebase(p.schema)])),
			required: parameters.filter((p) => p.required).map((p) => p.name),
			additionalProperties: false,
		};
	};
	return { type: 'object', properties: { path: group('path'), query: group('query') } };
}

/** References inside a schema taken out of the document point back into it. */
function rebase(schema: unknown): object {
	return JSON.parse(JSON.stringify(schema), (key, value) =>
		key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOCUMENT_ID}${value}` : value,
	);
}

type Resolve = (schema: Schema | undefined) => Schema;

function shapeQuery(
	operation: Operation,
	request: RawRequest,
	{
		isCommaList,
		reading,
		tolerated,
	}: { isCommaList: (name: string) => boolean; reading: QueryReading; tolerated: string[] },
	errors: ErrorDetail[],
	resolve: Resolve,
): Record<string, string | string[]> {
	const declared = new Map(operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
	const query: Record<string, string | string[]> = {};
	const spaces = spaceEscapedKeys(request.rawQuery ?? '');
	for (const [name, given] of Object.entries(request.query)) {
		const values = reading.phpQuery ? given.slice(-1) : given;
		const parameter = declared.get(name);
		if (!parameter && !reading.strict && LIVE_EXTRA_PARAMETERS.has(name)) {
			tolerated.push(`query ${name} (not a parameter of ${operation.operationId}: ignored)`);
			continue;
		}
		if (!parameter) {
			const accepted = [...declared.keys()];
			const list = accepted.length > 0 ? ` (accepted: ${accepted.join(', ')})` : ' (it takes none)';
			errors.push({ field: name, message: `is not a query parameter of ${operation.operationId}${list}` });
			continue;
		}
		if (spaces.has(name) && !reading.strict) {
			tolerated.push(`query ${name} with %20 for a space`);
		} else if (spaces.has(name)) {
			errors.push({
				field: name,
				message: 'writes a space as %20: the API takes the query as PHP http_build_query writes it, a space as +',
			});
			continue;
		}
		const schema = resolve(parameter.schema);
		const isArray = schema.type === 'array';
		const commaList = isArray && isCommaList(name);
		if ((!isArray || commaList) && values.length > 1) {
			const form = commaList ? `, as one comma-separated list (${name}=a,b), not as repeated keys` : '';
			errors.push({ field: name, message: `may be given only once${form}` });
			continue;
		}
		if (isArray && !commaList && values.some((v) => v.includes(','))) {
			errors.push({
				field: name,
				message: `takes several values as repeated keys (${name}=a&${name}=b), not as a comma-separated list`,
			});
			continue;
		}
		const list = commaList ? values[0].split(',') : values;
		const valueSchema = isArray ? resolve(schema.items) : schema;
		if (list.some((v) => !plainNumberText(valueSchema, v))) {
			errors.push({ field: name, message: `must be written as a plain decimal ${valueSchema.type}` });
			continue;
		}
		query[name] = isArray ? list : list[0];
	}
	return query;
}

/** The names of the query parameters whose raw key or value holds `%20`. */
function spaceEscapedKeys(rawQuery: string): Set<string> {
	const names = new Set<string>();
	for (const pair of rawQuery.split('&')) {
		if (!/%20/i.test(pair)) continue;
		const rawKey = pair.split('=')[0];
		try {
			names.add(decodeURIComponent(rawKey.replace(/\+/g, ' ')));
		} catch {
			names.add(rawKey);
		}
	}
	return names;
}

function pathParams(
	operation: Operation,
	rawParams: Record<string, string>,
	errors: ErrorDetail[],
	resolve: Resolve,
): Record<string, string> {
	const params: Record<string, string> = {};
	for (const [name, raw] of Object.entries(rawParams)) {
		let value: string;
		try {
			value = decodeURIComponent(raw);
		} catch {
			errors.push({ field: name, message: 'is not correctly percent-encoded' });
			continue;
		}
		const schema = resolve(operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema);
		if (!plainNumberText(schema, value))
			errors.push({ field: name, message: `must be written as a plain decimal ${schema.type}` });
		params[name] = value;
	}
	return params;
}

/** The parsed body, or undefined when there is none (or it is unusable: then `errors` says why). */
function readBody(operation: Operation, request: RawRequest, errors: ErrorDetail[]): { value: unknown } | undefined {
	if (request.rawBody === '') {
		if (operation.requestBody?.required) errors.push({ field: 'body', message: 'is required: send a JSON body' });
		return undefined;
	}
	if (!operation.requestBody) {
		errors.push({ field: 'body', message: `must be empty: ${operation.operationId} takes no request body` });
		return undefined;
	}
	const mediaType = (request.contentType ?? '').split(';')[0].trim().toLowerCase();
	if (mediaType !== 'application/json') {
		errors.push({
			field: 'Content-Type',
			message: `must be application/json for a JSON body, got '${request.contentType ?? ''}'`,
		});
		return undefined;
	}
	try {
		return { value: JSON.parse(request.rawBody) };
	} catch (error) {
		errors.push({ field: 'body', message: `is not valid JSON (${(error as Error).message})` });
		return undefined;
	}
}

function plainNumberText(schema: Schema, value: string): boolean {
	if (schema.type === 'integer') return INTEGER_TEXT.test(value);
	if (schema.type === 'number') return NUMBER_TEXT.test(value);
	return true;
}

/** /query/status/1 → status, /path/id → id */
const paramField = (segments: string[]) => segments[1] ?? segments[0] ?? 'parameters';

/** Ajv errors of a response → 'data[0].price: must be integer' lines. */
function responseErrors(errors: AjvError[]): string[] {
	return groupErrors(errors, undefined, (segments) => joinPath(segments) || '(body)').map(
		(d) => `${d.field}: ${d.message}`,
	);
}

/** Ajv errors → one `{field, message}` per field; alternatives of an `anyOf` are joined with "or". */
function groupErrors(
	errors: AjvError[],
	operation: Operation | undefined,
	fieldOf: (segments: string[]) => string,
): ErrorDetail[] {
	const byField = new Map<string, AjvError[]>();
	for (const error of errors) {
		if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
		const segments = error.instancePath
			.split('/')
			.slice(1)
			.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
		const named = (error.params.missingProperty ?? error.params.additionalProperty) as string | undefined;
		const field = fieldOf(named === undefined ? segments : [...segments, named]);
		byField.set(field, [...(byField.get(field) ?? []), error]);
	}
	return [...byField].map(([field, found]) => {
		// a value of the wrong type also fails its format; the type is the news
		const relevant = found.some((e) => e.keyword === 'type') ? found.filter((e) => e.keyword !== 'format') : found;
		const messages = [...new Set(relevant.map((e) => messageOf(e, operation)))];
		return { field, message: messages.join(' or ') };
	});
}

function joinPath(segments: string[]): string {
	return segments.reduce((text, s) => (/^\d+$/.test(s) ? `${text}[${s}]` : text ? `${text}.${s}` : s), '');
}

function messageOf(error: AjvError, operation: Operation | undefined): string {
	switch (error.keyword) {
		case 'required':
			return 'is required';
		case 'additionalProperties':
			return operation ? 'is not a known field' : 'is not in the schema';
		case 'enum':
			return `must be one of: ${((error.params.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
		default:
			return error.message ?? 'is not valid';
	}
}

/** Object schemas that name their properties but leave others open get `additionalProperties: false`. */
function closeObjects(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(closeObjects);
	if (value === null || typeof value !== 'object') return value;
	const out: Record<string, unknown> = {};
	for (const [key, child] of Object.entries(value)) out[key] = closeObjects(child);
	if (out.type === 'object' && out.properties !== undefined && out.additionalProperties === undefined)
		out.additionalProperties = false;
	return out;
}

/** Ajv understands `nullable` only next to `type`; see the header comment. */
export function normaliseNullable(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(normaliseNullable);
	if (value === null || typeof value !== 'object') return value;
	const out: Record<string, unknown> = {};
	for (const [key, child] of Object.entries(value)) out[key] = normaliseNullable(child);
	if (out.nullable !== true) return out;
	// With `allOf` the referenced schema would refuse null even where `type` sits next to it (a similar product's voucher).
	if (out.type === undefined || out.allOf !== undefined) {
		const { nullable: _n, description, ...schema } = out;
		return { anyOf: [schema, { type: 'null' }], ...(description !== undefined && { description }) };
	}
	if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
	return out;
}

let loaded: Contract | undefined;

/** The contract, read once per process. */
export function loadContract(): Contract {
	loaded ??= new Contract(normaliseNullable(openApiDocument()) as Document, documentedExceptions());
	return loaded;
}

/** The values of an enum schema of the contract. */
export function enumValues(schema: string): readonly string[] {
	return loadContract().enumValues(schema);
}
