/**
 * Issue 23: every bound the OpenAPI (seller-api-v2.openapi.json) puts on a body or query parameter of an operation
 * node version 2 performs (maxLength, minLength, pattern, minimum, maximum, multipleOf, maxItems, date formats) is
 * declared, at least as strict, by the form field that fills it (shared/helpers/validation.ts `bounded`), which the
 * router checks on every item before sending (test/hardening/bounds.test.ts). Parameters no field fills are listed
 * below with who fills them. And no free-text field is left without a bound, even where the OpenAPI gives none.
 */

import type { INodeProperties } from 'n8n-workflow';

import { endpointsOf } from '../../../../nodes/SellerMarketplace/actions/define';
import { resources } from '../../../../nodes/SellerMarketplace/v2/actions';
import { boundOf, type Bound } from '../../../../nodes/shared/helpers/validation';
import { openApiDocument } from '../../../../sandbox/v2/openapi';

type Schema = {
	$ref?: string;
	type?: string;
	format?: string;
	enum?: unknown[];
	properties?: Record<string, Schema>;
	items?: Schema;
	allOf?: Schema[];
	oneOf?: Schema[];
	anyOf?: Schema[];
	maxLength?: number;
	minLength?: number;
	pattern?: string;
	minimum?: number;
	maximum?: number;
	exclusiveMinimum?: number | boolean;
	exclusiveMaximum?: number | boolean;
	multipleOf?: number;
	maxItems?: number;
};
type Parameter = { $ref?: string; name: string; in: string; schema?: Schema };
type ApiOperation = { parameters?: Parameter[]; requestBody?: { $ref?: string; content?: Record<string, { schema?: Schema }> } };

const openApi = openApiDocument() as {
	paths: Record<string, Record<string, ApiOperation> & { parameters?: Parameter[] }>;
};

function deref<T extends { $ref?: string }>(value: T): T {
	let current: T = value;
	while (current?.$ref) current = current.$ref.slice(2).split('/').reduce((node: never, key) => node[key], openApi as never) as T;
	return current;
}

const BOUND_KEYWORDS = ['maxLength', 'minLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'maxItems'] as const;

interface ApiBound {
	/** `query:limit`, or a body path such as `postal_address.street` (array steps left out). */
	where: string;
	schema: Schema;
}

/** The bounded leaves of a schema, by their path with array steps left out. */
function boundedLeaves(schema: Schema | undefined, path: string, out: ApiBound[], depth = 0): ApiBound[] {
	const node = schema && deref(schema);
	if (!node || depth > 8) return out;
	[...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])].forEach((part) => boundedLeaves(part, path, out, depth + 1));
	const bounded = BOUND_KEYWORDS.some((keyword) => node[keyword] !== undefined) || node.format === 'date' || node.format === 'date-time';
	if (bounded && path) out.push({ where: path, schema: node });
	for (const [name, property] of Object.entries(node.properties ?? {})) boundedLeaves(property, path ? `${path}.${name}` : name, out, depth + 1);
	if (node.items) boundedLeaves(node.items, path, out, depth + 1);
	return out;
}

function apiBounds(endpoint: { method: string; path: string }): ApiBound[] {
	const item = openApi.paths[endpoint.path];
	const operation = item[endpoint.method.toLowerCase()];
	const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(deref).filter((parameter) => parameter.in === 'query');
	const out: ApiBound[] = [];
	for (const parameter of parameters) boundedLeaves(parameter.schema, `query:${parameter.name}`, out);
	const body = operation.requestBody && deref(operation.requestBody);
	for (const content of Object.values(body?.content ?? {})) boundedLeaves(content.schema, '', out);
	return out;
}

/** Every field of an operation's form, with the fields inside its collections. */
function fieldsOf(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...(property.type === 'collection' ? fieldsOf((property.options ?? []) as INodeProperties[]) : []),
		...(property.type === 'fixedCollection' ? ((property.options ?? []) as Array<{ values?: INodeProperties[] }>).flatMap((group) => fieldsOf(group.values ?? [])) : []),
	]);
}

/**
 * Parameters no form field fills, and who fills them instead. Everything else that the OpenAPI bounds must be
 * filled by a field that declares it.
 */
const FILLED_ELSEWHERE: Record<string, string> = {
	'query:limit': 'the paging engine, at most the page size each operation declares',
	'query:offset': 'the paging engine, from 0 up',
	'unit.getStatus unit_ids': 'one Unit per item, read as a positive whole number (requireIntegerId); sent 20 to a request',
	'unit.updateMany id_unit': 'the Unit locator, read as a positive whole number (requireIntegerId)',
	'buybox.getRankings query:id_product': 'the Product locator, read as a positive whole number (requireIntegerId)',
	'similarProduct.getVirtualBuybox query:id_product': 'the Product locator, read as a positive whole number (requireIntegerId)',
	'importFile.getMany query:ts_created': 'not offered: the node filters import files by Updated Since only',
};

const nodeOperations = resources.flatMap((resource) => Object.values(resource.operations).map((operation) => ({ key: `${resource.value}.${operation.value}`, operation })));

/** What is looser in the field's bound than in the OpenAPI's; empty when it is at least as strict. */
function looser(api: Schema, bound: Bound): string[] {
	const problems: string[] = [];
	if (api.maxLength !== undefined && !(bound.maxLength !== undefined && bound.maxLength <= api.maxLength)) problems.push(`maxLength ${api.maxLength}`);
	if (api.minLength !== undefined && api.minLength > 0 && !((bound.minLength ?? 0) >= api.minLength)) problems.push(`minLength ${api.minLength}`);
	if (api.pattern !== undefined && !(bound.pattern && bound.pattern.regex.source === api.pattern)) problems.push(`pattern ${api.pattern}`);
	if (api.minimum !== undefined && !(bound.minimum !== undefined && bound.minimum >= api.minimum)) problems.push(`minimum ${api.minimum}`);
	if (api.maximum !== undefined && !(bound.maximum !== undefined && bound.maximum <= api.maximum)) problems.push(`maximum ${api.maximum}`);
	if (api.maxItems !== undefined && !(bound.maxItems !== undefined && bound.maxItems <= api.maxItems)) problems.push(`maxItems ${api.maxItems}`);
	if (api.multipleOf !== undefined && !(bound.decimals !== undefined && Number.isInteger(10 ** -bound.decimals / api.multipleOf))) problems.push(`multipleOf ${api.multipleOf}`);
	if (api.type === 'integer' && (api.minimum !== undefined || api.maximum !== undefined) && bound.decimals !== 0 && !bound.pattern) problems.push('a whole number');
	if ((api.format === 'date' || api.format === 'date-time') && !bound.date) problems.push(`a real ${api.format}`);
	return problems;
}

describe('the bounds of the OpenAPI, declared by the fields that fill them', () => {
	it('every bounded body or query parameter of an operation the node performs is filled by a field declaring a bound at least as strict', () => {
		const problems = nodeOperations.flatMap(({ key, operation }) => {
			const declared = fieldsOf(operation.description).flatMap((field) => {
				const bound = boundOf(field);
				return bound ? (bound.fills ?? []).map((fills) => ({ fills, field, bound })) : [];
			});
			return endpointsOf(operation).flatMap((endpoint) =>
				apiBounds(endpoint).flatMap(({ where, schema }) => {
					if (FILLED_ELSEWHERE[where] || FILLED_ELSEWHERE[`${key} ${where}`]) return [];
					const name = where.replace(/^query:/, '');
					const fillers = declared.filter((entry) => entry.fills === name);
					const where_ = `${key} (${endpoint.method} ${endpoint.path}) ${where}`;
					if (!fillers.length) return [`${where_}: no field declares that it fills it`];
					return fillers.flatMap(({ field, bound }) => {
						const missing = looser(schema, bound);
						return missing.length ? [`${where_}: "${field.displayName}" does not enforce ${missing.join(', ')}`] : [];
					});
				}),
			);
		});
		expect(problems).toEqual([]);
	});

	it('every free-text field of node version 2 declares a bound, even where the OpenAPI gives none', () => {
		const unbounded = nodeOperations.flatMap(({ key, operation }) =>
			fieldsOf(operation.description)
				.filter((field) => (field.type === 'string' || field.type === 'dateTime') && !boundOf(field))
				// The name of a binary field of the item, which is never sent.
				.filter((field) => !/^binaryPropertyName$/.test(field.name))
				.map((field) => `${key}: "${field.displayName}" (${field.name})`),
		);
		expect([...new Set(unbounded)]).toEqual([]);
	});
});

/** The fields an endpoint takes: its path and query parameters by name, its body's fields by path (array steps left out). */
function apiFields(endpoint: { method: string; path: string }): Set<string> {
	const item = openApi.paths[endpoint.path];
	const operation = item[endpoint.method.toLowerCase()];
	const names = new Set<string>();
	const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(deref);
	for (const parameter of parameters) names.add(parameter.name);
	const walk = (schema: Schema | undefined, path: string, depth: number): void => {
		const node = schema && deref(schema);
		if (!node || depth > 8) return;
		if (path) names.add(path);
		[...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])].forEach((part) => walk(part, path, depth + 1));
		for (const [name, property] of Object.entries(node.properties ?? {})) walk(property, path ? `${path}.${name}` : name, depth + 1);
		if (node.items) walk(node.items, path, depth + 1);
	};
	const body = operation.requestBody && deref(operation.requestBody);
	for (const content of Object.values(body?.content ?? {})) walk(content.schema, '', 0);
	return names;
}

describe('the API fields a form field says it fills', () => {
	// A field shared by several operations (Unit → Create, Update, Update Many) names the fields of each; at least
	// one must be what this operation's endpoints take, or its bound is never held against the right one.
	it('include one its operation takes, so that its bound is checked against the right one', () => {
		const problems = nodeOperations.flatMap(({ key, operation }) => {
			const taken = new Set(endpointsOf(operation).flatMap((endpoint) => [...apiFields(endpoint)]));
			return fieldsOf(operation.description).flatMap((field) => {
				const fills = boundOf(field)?.fills ?? [];
				return fills.length && !fills.some((name) => taken.has(name)) ? [`${key}: "${field.displayName}" fills ${fills.join(', ')}`] : [];
			});
		});
		expect(problems).toEqual([]);
	});
});
