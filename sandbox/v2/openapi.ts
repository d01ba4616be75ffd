/**
 * The marketplace's OpenAPI document of API v2 (seller-api-v2.openapi.json): the one place that reads it. The
 * sandbox's routes and contract, the operations table of the docs, and the tests that compare the node with what
 * the OpenAPI states all take it from here, so that counts, enums and bounds are never typed again.
 *
 * The file is the published document pretty-printed (2 spaces), so that a new release reads as a diff. Take one in
 * with `npm run openapi -- take <file>`, which also lists what changed and what the node must do
 * (scripts/openapi.ts, docs/architecture.md).
 */
import fs from 'fs';
import path from 'path';

export const SPEC_FILE = path.join(__dirname, 'seller-api-v2.openapi.json');

export const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export interface OpenApiOperationEntry {
	operationId: string;
	/** Upper case, e.g. `PATCH`. */
	method: string;
	/** As the OpenAPI writes it, e.g. `/units/{id_unit}`. */
	path: string;
	deprecated: boolean;
	/** The operation object itself, as the document holds it. */
	operation: Record<string, unknown>;
}

let text: string | undefined;

/** The document as parsed JSON (a fresh copy on every call: callers may change what they get). */
export function openApiDocument(file = SPEC_FILE): unknown {
	if (file !== SPEC_FILE) return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
	text ??= fs.readFileSync(SPEC_FILE, 'utf8');
	return JSON.parse(text) as unknown;
}

/** Every operation of a document, in the document's order. */
export function openApiOperations(document: unknown = openApiDocument()): OpenApiOperationEntry[] {
	const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
	return Object.entries(paths).flatMap(([apiPath, item]) =>
		Object.entries(item)
			.filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
			.map(([method, value]) => {
				const operation = value as Record<string, unknown>;
				return {
					operationId: String(operation.operationId ?? ''),
					method: method.toUpperCase(),
					path: apiPath,
					deprecated: operation.deprecated === true,
					operation,
				};
			}),
	);
}

/** The text of a document in the form this repository keeps it: JSON, 2 spaces, a final newline. */
export function canonicalText(document: unknown): string {
	return `${JSON.stringify(document, null, 2)}\n`;
}
