/**
 * Taking in a new release of the marketplace's OpenAPI (API v2).
 *
 *   npm run openapi -- diff <old.json> <new.json>   what changed between two documents, and what the node must do
 *   npm run openapi -- take <new.json>              the same against the checked-in document, then writes the new
 *                                                    one in its place, pretty-printed (sandbox/v2/openapi.ts reads it),
 *                                                    and regenerates nodes/api/v2/openapi.generated.ts
 *   npm run openapi -- generate                     regenerates nodes/api/v2/openapi.generated.ts alone
 *   npm run openapi -- check [document.json]        exits 1 when that file is not what the document generates
 *
 * The report compares each operation as a list of facts (its parameters, request body and answers, $refs resolved):
 * a fact added, removed or changed is one line, with the step it asks for (docs/architecture.md walks through them).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { canonicalText, openApiDocument, openApiOperations, SPEC_FILE } from '../sandbox/v2/openapi';

type Json = Record<string, unknown>;

/** What a schema states about a value, in a few words: type, format, enum, bounds, nullable. */
function describeSchema(schema: Json): string {
	const words: string[] = [];
	if (schema.type) words.push(String(schema.type));
	if (schema.format) words.push(String(schema.format));
	if (schema.nullable) words.push('nullable');
	if (Array.isArray(schema.enum)) words.push(`enum [${schema.enum.map(String).join(', ')}]`);
	for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength']) {
		if (schema[bound] !== undefined) words.push(`${bound} ${String(schema[bound])}`);
	}
	for (const bound of ['minItems', 'maxItems'])
		if (schema[bound] !== undefined) words.push(`${bound} ${String(schema[bound])}`);
	if (schema.default !== undefined) words.push(`default ${JSON.stringify(schema.default)}`);
	return words.join(', ') || 'any';
}

/** The facts of one schema, by where they are (`body.unit_data.amount`), $refs and allOf resolved. */
function schemaFacts(document: Json, schema: unknown, at: string, facts: Map<string, string>, seen: string[]): void {
	if (!schema || typeof schema !== 'object') return;
	let current = schema as Json;
	const ref = current.$ref;
	if (typeof ref === 'string') {
		if (seen.includes(ref) || seen.length > 8) return;
		seen = [...seen, ref];
		current = ref
			.slice(2)
			.split('/')
			.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document) as Json;
		if (!current) return;
	}
	for (const part of [...((current.allOf as unknown[]) ?? []), ...((current.oneOf as unknown[]) ?? [])]) {
		schemaFacts(document, part, at, facts, seen);
	}
	const properties = current.properties as Record<string, unknown> | undefined;
	if (properties || current.type === 'object') {
		const required = new Set((current.required as string[]) ?? []);
		for (const [name, property] of Object.entries(properties ?? {})) {
			const where = `${at}.${name}`;
			const resolved = resolve(document, property);
			facts.set(where, `${required.has(name) ? 'required' : 'optional'} ${describeSchema(resolved)}`);
			schemaFacts(document, property, where, facts, seen);
		}
		return;
	}
	if (current.type === 'array' && current.items) {
		schemaFacts(document, current.items, `${at}[]`, facts, seen);
		const items = resolve(document, current.items);
		if (!items.properties) facts.set(`${at}[]`, describeSchema(items));
	}
}

function resolve(document: Json, schema: unknown): Json {
	let current = (schema ?? {}) as Json;
	for (let depth = 0; typeof current.$ref === 'string' && depth < 8; depth++) {
		current = (current.$ref as string)
			.slice(2)
			.split('/')
			.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document) as Json;
	}
	return current ?? {};
}

/** Every fact of every operation, keyed `METHOD /path <where>`. */
export function operationFacts(document: unknown): Map<string, string> {
	const facts = new Map<string, string>();
	const doc = document as Json;
	for (const { method, path, operation, operationId, deprecated } of openApiOperations(document)) {
		const key = `${method} ${path}`;
		facts.set(`${key}`, `operation ${operationId}${deprecated ? ' (deprecated)' : ''}`);
		for (const parameter of (operation.parameters as unknown[]) ?? []) {
			const resolved = resolve(doc, parameter);
			const schema = resolve(doc, resolved.schema);
			const items = schema.type === 'array' ? ` of ${describeSchema(resolve(doc, schema.items))}` : '';
			facts.set(
				`${key} ${String(resolved.in)} ${String(resolved.name)}`,
				`${resolved.required ? 'required' : 'optional'} ${describeSchema(schema)}${items}`,
			);
		}
		const body = resolve(doc, operation.requestBody);
		const content = (body.content as Record<string, Json> | undefined) ?? {};
		for (const [type, media] of Object.entries(content)) {
			schemaFacts(doc, media.schema, `${key} body(${type})`, facts, []);
		}
		for (const [status, answer] of Object.entries((operation.responses as Record<string, unknown>) ?? {})) {
			const resolved = resolve(doc, answer);
			facts.set(`${key} answer ${status}`, 'answer');
			const json = (resolved.content as Record<string, Json> | undefined)?.['application/json'];
			if (json && status.startsWith('2')) schemaFacts(doc, json.schema, `${key} answer ${status}`, facts, []);
		}
	}
	return facts;
}

/** The step a changed fact asks of the node, for the report. */
function stepFor(key: string, change: 'added' | 'removed' | 'changed', before?: string, after?: string): string {
	if (!key.includes(' ', key.indexOf(' ') + 1)) {
		if (change === 'added')
			return 'new operation: add a node operation declaring this `endpoint` (or list its operationId in test/SellerMarketplace/v2/coverage/not-yet-covered.json), and a sandbox route if the contract does not serve it';
		if (change === 'removed') return 'operation gone: remove or deprecate the node operation that declares it';
		return after?.includes('deprecated')
			? 'now deprecated: add "(Deprecated)" to the operation name'
			: 'operationId changed';
	}
	if (key.includes(' answer '))
		return 'answer changed: check Simplify, the output docs and the sandbox (its answers are checked against the OpenAPI)';
	if (change === 'added')
		return after?.startsWith('required')
			? 'new required input: the node must send it (a required field on the form)'
			: 'new optional input: offer it on the form if a seller needs it (a body field: one apiField declaration, docs/architecture.md "Adding a field")';
	if (change === 'removed') return 'input gone: remove the field, or keep it for saved workflows and stop sending it';
	if (before && after && before.includes('enum') !== after.includes('enum'))
		return 'enum added or removed: nodes/api/v2/enums.ts and the field that offers it';
	if (after?.includes('enum'))
		return 'enum values changed: take regenerates nodes/api/v2/openapi.generated.ts; give a new value its dropdown name (nodes/api/v2/enums.ts) and its sandbox behaviour';
	if (before?.startsWith('optional') && after?.startsWith('required'))
		return 'now required: a field declared with apiField takes it from the regenerated file (requiredIn); make any other field required';
	return "bounds or type changed: a field declared with apiField takes the new bound from the regenerated file; any other field's bound by hand (test/SellerMarketplace/v2/coverage/bounds.test.ts compares them)";
}

export interface OpenApiChange {
	change: 'added' | 'removed' | 'changed';
	key: string;
	before?: string;
	after?: string;
	step: string;
}

export function openApiChanges(before: unknown, after: unknown): OpenApiChange[] {
	const old = operationFacts(before);
	const next = operationFacts(after);
	const changes: OpenApiChange[] = [];
	for (const [key, value] of next) {
		if (!old.has(key))
			changes.push({ change: 'added', key, after: value, step: stepFor(key, 'added', undefined, value) });
		else if (old.get(key) !== value)
			changes.push({
				change: 'changed',
				key,
				before: old.get(key),
				after: value,
				step: stepFor(key, 'changed', old.get(key), value),
			});
	}
	for (const [key, value] of old) {
		if (!next.has(key)) changes.push({ change: 'removed', key, before: value, step: stepFor(key, 'removed', value) });
	}
	// an operation added or removed stands for all its facts: one line
	const whole = new Set(
		changes
			.filter((entry) => entry.change !== 'changed' && entry.key.split(' ').length === 2)
			.map((entry) => `${entry.change} ${entry.key} `),
	);
	return changes
		.filter((entry) => ![...whole].some((prefix) => `${entry.change} ${entry.key}`.startsWith(prefix)))
		.sort((a, b) => a.key.localeCompare(b.key));
}

export function changeReport(before: unknown, after: unknown): string {
	const version = (document: unknown) => String(((document as Json).info as Json | undefined)?.version ?? '?');
	const changes = openApiChanges(before, after);
	// one line for the same change in many operations (a new storefront changes every `storefront` parameter)
	const groups = new Map<string, { entry: OpenApiChange; operations: string[] }>();
	for (const entry of changes) {
		const parts = entry.key.split(' ');
		const operation = parts.slice(0, 2).join(' ');
		const where = parts.slice(2).join(' ');
		const group = where ? `${entry.change}|${where}|${entry.before}|${entry.after}` : entry.key;
		const found = groups.get(group) ?? { entry, operations: [] };
		found.operations.push(operation);
		groups.set(group, found);
	}
	const lines = [`OpenAPI ${version(before)} → ${version(after)}: ${changes.length} change(s)`];
	for (const { entry, operations } of groups.values()) {
		const what = entry.change === 'changed' ? `${entry.before} → ${entry.after}` : (entry.after ?? entry.before ?? '');
		const where =
			operations.length > 1
				? `${entry.key.split(' ').slice(2).join(' ')} in ${operations.length} operations (${operations.slice(0, 3).join(', ')}${operations.length > 3 ? ', …' : ''})`
				: entry.key;
		lines.push(`- ${entry.change} ${where}: ${what}\n  → ${entry.step}`);
	}
	return lines.join('\n');
}

/**
 * What the node takes from the OpenAPI at build time (it ships without the document): its version, its enums, the
 * bounds and required fields of its request bodies, and the page size of each list.
 */
export const GENERATED_FILE = join(__dirname, '..', 'nodes', 'api', 'v2', 'openapi.generated.ts');

/** The keywords of a schema that bound a value: what a field declaring it checks before sending. */
const BOUND_KEYWORDS = [
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum',
	'minLength',
	'maxLength',
	'minItems',
	'maxItems',
	'pattern',
] as const;

/** A property of a request schema as the node needs it: type, format, the enum it names, its bounds. */
function propertyFacts(document: Json, property: Json): Json {
	const ref = typeof property.$ref === 'string' ? property.$ref : undefined;
	const schema = resolve(document, property);
	const facts: Json = {};
	if (ref) facts.schema = ref.split('/').pop();
	if (schema.type) facts.type = schema.type;
	if (schema.format) facts.format = schema.format;
	for (const keyword of BOUND_KEYWORDS) if (schema[keyword] !== undefined) facts[keyword] = schema[keyword];
	return facts;
}

/** The component schemas a request body names, directly or through other schemas, in name order. */
function requestSchemaNames(document: Json): string[] {
	const names = new Set<string>();
	const walk = (node: unknown, depth: number): void => {
		if (!node || typeof node !== 'object' || depth > 30) return;
		const ref = (node as Json).$ref;
		if (typeof ref === 'string') {
			const name = ref.split('/').pop()!;
			if (ref.startsWith('#/components/schemas/')) {
				if (names.has(name)) return;
				names.add(name);
			}
			walk(resolve(document, node), depth + 1);
			return;
		}
		for (const value of Object.values(node)) walk(value, depth + 1);
	};
	for (const { operation } of openApiOperations(document)) walk(operation.requestBody, 0);
	const schemas = (document.components as Json).schemas as Record<string, Json>;
	return [...names].filter((name) => schemas[name]?.properties).sort();
}

/** The page size each list states (its `limit` query parameter: default, minimum, maximum), by path. */
export function pageLimits(document: unknown): Record<string, Json> {
	const doc = document as Json;
	const limits: Record<string, Json> = {};
	for (const { method, path, operation } of openApiOperations(document)) {
		const limit = ((operation.parameters as unknown[]) ?? [])
			.map((parameter) => resolve(doc, parameter))
			.find((parameter) => parameter.in === 'query' && parameter.name === 'limit');
		if (method !== 'GET' || !limit) continue;
		const schema = resolve(doc, limit.schema);
		const facts: Json = {};
		for (const keyword of ['default', 'minimum', 'maximum'])
			if (schema[keyword] !== undefined) facts[keyword] = schema[keyword];
		limits[path] = facts;
	}
	return limits;
}

/** The schemas of request bodies: each one's required fields and its properties' facts (propertyFacts), by name. */
export function requestSchemas(
	document: unknown,
): Record<string, { required: string[]; properties: Record<string, Json> }> {
	const doc = document as Json;
	const schemas = (doc.components as Json).schemas as Record<string, Json>;
	return Object.fromEntries(
		requestSchemaNames(doc).map((name) => [
			name,
			{
				required: (schemas[name].required as string[] | undefined) ?? [],
				properties: Object.fromEntries(
					Object.entries(schemas[name].properties as Record<string, Json>).map(([property, value]) => [
						property,
						propertyFacts(doc, value),
					]),
				),
			},
		]),
	);
}

export async function generatedSource(document: unknown): Promise<string> {
	const doc = document as { info: { version: string }; components: { schemas: Record<string, Json> } };
	const enums = Object.entries(doc.components.schemas)
		.filter(([, schema]) => Array.isArray(schema.enum))
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([name, schema]) => `\t${JSON.stringify(name)}: ${JSON.stringify(schema.enum)},`);
	const requests = Object.entries(requestSchemas(doc)).map(
		([name, schema]) => `\t${JSON.stringify(name)}: ${JSON.stringify(schema)},`,
	);
	const limits = Object.entries(pageLimits(doc)).map(
		([path, facts]) => `\t${JSON.stringify(path)}: ${JSON.stringify(facts)},`,
	);
	const text = [
		'/**',
		' * Generated by `npm run openapi -- generate` from sandbox/v2/seller-api-v2.openapi.json: do not edit. What the',
		' * node takes from the OpenAPI, since it ships without the document.',
		' */',
		`export const OPENAPI_VERSION = ${JSON.stringify(doc.info.version)};`,
		'',
		"/** The closed lists of the OpenAPI's schemas, in its order; nodes/api/v2/enums.ts names the ones the node uses. */",
		'export const OPENAPI_ENUMS = {',
		...enums,
		'} as const;',
		'',
		'/**',
		" * The schemas of request bodies: the fields each requires, and each property's type, format, enum (`schema`) and",
		' * bounds. A field of the form declares its API name and schemas (nodes/SellerMarketplace/v2/descriptions/apiField.ts)',
		' * and takes its bounds and whether it is required from here.',
		' */',
		'export const OPENAPI_REQUEST_SCHEMAS = {',
		...requests,
		'} as const;',
		'',
		'/** The `limit` query parameter of each list, by path: its default, minimum and maximum (the page size read). */',
		'export const OPENAPI_PAGE_LIMITS = {',
		...limits,
		'} as const;',
		'',
	].join('\n');
	// loaded here, not on import: prettier is an ES module inside, which jest (the tests import this file) cannot load
	const { format, resolveConfig } = await import('prettier');
	return await format(text, { ...(await resolveConfig(GENERATED_FILE)), filepath: GENERATED_FILE });
}

async function generate(document: unknown): Promise<void> {
	writeFileSync(GENERATED_FILE, await generatedSource(document));
	console.log(`Written ${GENERATED_FILE}.`);
}

async function main(): Promise<void> {
	const [command, first, second] = process.argv.slice(2);
	if (command === 'diff' && first && second) {
		console.log(changeReport(openApiDocument(first), openApiDocument(second)));
	} else if (command === 'take' && first) {
		const next = openApiDocument(first);
		console.log(changeReport(openApiDocument(), next));
		writeFileSync(SPEC_FILE, canonicalText(next));
		console.log(`\nWritten ${SPEC_FILE}.`);
		await generate(next);
		console.log('Next: the steps above, then npm test (the coverage and enum tests name what is left).');
	} else if (command === 'generate') {
		await generate(openApiDocument());
	} else if (command === 'check') {
		const expected = await generatedSource(first ? openApiDocument(first) : openApiDocument());
		if (readFileSync(GENERATED_FILE, 'utf8') !== expected) {
			console.error(`${GENERATED_FILE} is not what the OpenAPI generates: run npm run openapi -- generate`);
			process.exit(1);
		}
		console.log(`${GENERATED_FILE} is up to date.`);
	} else {
		console.error(
			'usage: npm run openapi -- diff <old.json> <new.json> | take <new.json> | generate | check [document.json]',
		);
		process.exit(2);
	}
}

if (require.main === module) {
	main().catch((error: unknown) => {
		console.error(error);
		process.exit(1);
	});
}
