/**
 * Answers the OpenAPI allows but a mock rarely gives: Prism fills in every optional field, so the judge reshapes
 * its answer within the response schema (optional fields left out, nullable fields null, lists without a minimum
 * empty, unknown extra fields; inside a `oneOf`/`anyOf`, within the branch the answer follows), and checks with Ajv that the reshaped answer still matches the schema, so that a
 * finding is always the node's and never the judge's.
 */
import AjvModule from 'ajv';

import { resolveRef, type OpenApi } from './prism';

type Json = Record<string, unknown>;

/**
 * How the judge reshapes Prism's answers:
 * - `generated`: as Prism generated them;
 * - `sparse`: each optional field left out with probability ½ (seeded), `pagination` included;
 * - `minimal`: every optional field left out;
 * - `nulls`: every field that admits null null (`nullable`, or a schema without constraints such as `data: {}`);
 * - `empty-lists`: every list that may be empty is empty (`data: []`);
 * - `extra-fields`: a field the OpenAPI does not name in every object that allows more.
 */
export type Variant = 'generated' | 'sparse' | 'minimal' | 'nulls' | 'empty-lists' | 'extra-fields';

export const EXTRA_FIELD = 'judge_extra_field';

/** A small seeded generator (mulberry32), so that a variant's choices repeat run after run. */
export function seededRandom(seed: number): () => number {
	// Spread first: neighbouring small seeds would start alike.
	let state = Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** The properties and required names of an object schema, `allOf` parts merged. */
function objectShape(
	openApi: OpenApi,
	schema: Json,
): { properties: Record<string, Json>; required: string[]; closed: boolean } | undefined {
	const resolved = resolveRef(openApi, schema);
	if (resolved.oneOf || resolved.anyOf) return undefined; // reshape() picks the branch first
	const parts = [resolved, ...((resolved.allOf as Json[] | undefined) ?? []).map((part) => resolveRef(openApi, part))];
	if (!parts.some((part) => part.properties || part.type === 'object')) return undefined;
	const properties: Record<string, Json> = {};
	const required: string[] = [];
	let closed = false;
	for (const part of parts) {
		if (part.allOf && part !== resolved) return undefined;
		Object.assign(properties, part.properties ?? {});
		required.push(...((part.required as string[] | undefined) ?? []));
		closed ||= part.additionalProperties === false;
	}
	return { properties, required, closed };
}

/** Whether the schema admits null: `nullable`, or a schema that says nothing of the value (`data: {}`). */
function admitsNull(openApi: OpenApi, schema: Json): boolean {
	const resolved = resolveRef(openApi, schema);
	if (schema.nullable === true || resolved.nullable === true) return true;
	const constraining = ['type', 'properties', 'items', 'enum', 'allOf', 'oneOf', 'anyOf', 'not', '$ref'];
	return !constraining.some((keyword) => keyword in resolved);
}

/** Prism's answer reshaped as the variant says, within `schema`. */
export function reshape(
	openApi: OpenApi,
	schema: Json,
	value: unknown,
	variant: Variant,
	random: () => number,
	checker?: AnswerChecker,
): unknown {
	if (variant === 'generated' || value === null || typeof value !== 'object') return value;
	const resolved = resolveRef(openApi, schema);
	const branches = (resolved.oneOf ?? resolved.anyOf) as Json[] | undefined;
	if (branches) {
		// The branch the value follows, found by checking it against each (named) branch in turn.
		const branch =
			checker &&
			branches.find(
				(candidate) =>
					typeof candidate.$ref === 'string' && !checker.problems((candidate.$ref as string).slice(1), value).length,
			);
		return branch ? reshape(openApi, branch, value, variant, random, checker) : value;
	}
	if (Array.isArray(value)) {
		if (variant === 'empty-lists' && !((resolved.minItems as number | undefined) ?? 0)) return [];
		const items = resolved.items as Json | undefined;
		return items ? value.map((item) => reshape(openApi, items, item, variant, random, checker)) : value;
	}
	const shape = objectShape(openApi, schema);
	if (!shape) return value;
	const result: Json = {};
	for (const [key, field] of Object.entries(value as Json)) {
		const fieldSchema = shape.properties[key];
		if (!fieldSchema) {
			result[key] = field;
			continue;
		}
		const optional = !shape.required.includes(key);
		if (optional && (variant === 'minimal' || (variant === 'sparse' && random() < 0.5))) continue;
		result[key] =
			variant === 'nulls' && admitsNull(openApi, fieldSchema)
				? null
				: reshape(openApi, fieldSchema, field, variant, random, checker);
	}
	if (variant === 'extra-fields' && !shape.closed) result[EXTRA_FIELD] = 'a field the OpenAPI does not name';
	return result;
}

interface SchemaCheck {
	(data: unknown): boolean;
	errors?: Array<{ instancePath: string; message?: string }> | null;
}

/** Checks answers against the OpenAPI's response schemas. */
export class AnswerChecker {
	private readonly ajv: { addSchema(schema: object, key: string): void; compile(schema: object): SchemaCheck };
	private readonly compiled = new Map<string, SchemaCheck>();

	constructor(openApi: OpenApi) {
		const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as new (
			options: object,
		) => AnswerChecker['ajv'];
		// Formats are Prism's (the reshaping never makes a value); the judge checks the shape it changed.
		this.ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, validateFormats: false });
		this.ajv.addSchema(withNullable(openApi), 'openapi.json');
	}

	/** The problems of `value` against the schema at `pointer` (a JSON pointer into the document), empty when it matches. */
	problems(pointer: string, value: unknown): string[] {
		let check = this.compiled.get(pointer);
		if (!check) {
			check = this.ajv.compile({ $ref: `openapi.json#${pointer}` });
			this.compiled.set(pointer, check);
		}
		return check(value)
			? []
			: (check.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
	}
}

/**
 * OpenAPI 3.0's `nullable: true` (null besides whatever else the schema admits, also with an `enum` or a `$ref`)
 * as plain JSON Schema, in the checker's copy of the document: `{anyOf: [the schema, {type: null}]}`.
 */
function withNullable<T>(node: T): T {
	if (Array.isArray(node)) return node.map(withNullable) as T;
	if (!node || typeof node !== 'object') return node;
	const converted = Object.fromEntries(Object.entries(node as Json).map(([key, value]) => [key, withNullable(value)]));
	if (converted.nullable !== true) return converted as T;
	delete converted.nullable;
	return { anyOf: [converted, { type: 'null' }] } as T;
}
