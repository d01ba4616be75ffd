/**
 * The checked-in OpenAPI and the intake of a new release (scripts/openapi.ts, docs/architecture.md): the file is
 * kept pretty-printed so that a release reads as a diff, and the change report names what changed and the step it
 * asks of the node.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import * as enums from '../../../nodes/api/v2/enums';
import { OPENAPI_PAGE_LIMITS, OPENAPI_REQUEST_SCHEMAS } from '../../../nodes/api/v2/openapi.generated';
import { pageSizeOf } from '../../../nodes/SellerMarketplace/v2/helpers/pageSizes';
import { UNIT_FIELDS } from '../../../nodes/SellerMarketplace/v2/actions/unit/unitFields';
import { changeReport, openApiChanges, pageLimits, requestSchemas } from '../../../scripts/openapi';
import { canonicalText, openApiDocument, openApiOperations, SPEC_FILE } from '../../../sandbox/v2/openapi';
import { budget } from '../../budget';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The checked-in document with the changes a new release could bring. */
function nextRelease(): Json {
	const next = openApiDocument() as Json;
	next.info.version = '2.45.0';
	// a new operation
	next.paths['/units/{id_unit}/price-alerts'] = {
		get: { ...next.paths['/units/{id_unit}'].get, operationId: 'getUnitPriceAlerts' },
	};
	// an operation removed
	delete next.paths['/info/vat-indicators'];
	// a bound changed and a new required query parameter
	const patch = next.paths['/units/{id_unit}'].patch;
	patch.parameters[0].schema.maximum = 999;
	patch.parameters.push({ in: 'query', name: 'reason', required: true, schema: { type: 'string', maxLength: 40 } });
	// a new storefront, everywhere the Storefront schema is used
	next.components.schemas.Storefront.enum.push('dk');
	return next;
}

function writeNextRelease(): string {
	const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'next.json');
	writeFileSync(file, JSON.stringify(nextRelease()));
	return file;
}

/** `npm run openapi -- <args>`, as a contributor runs it. */
async function openApiCommand(...args: string[]): Promise<{ stdout: string; stderr: string }> {
	return await promisify(execFile)(
		process.execPath,
		[require.resolve('ts-node/dist/bin'), '--transpile-only', 'scripts/openapi.ts', ...args],
		{ cwd: join(__dirname, '../../..') },
	);
}

describe('the OpenAPI of API v2 as the repository keeps it', () => {
	it('is the published document pretty-printed (2 spaces), so that a new release reads as a diff', () => {
		const text = readFileSync(SPEC_FILE, 'utf8');
		expect(text).toBe(canonicalText(JSON.parse(text)));
		expect(text.split('\n').length).toBeGreaterThan(10_000);
		expect((openApiDocument() as Json).info.version).toBe('2.44.0');
	});

	it(
		"the node's generated part (version and enums) is the document's, so no enum is typed by hand",
		async () => {
			// prettier (which formats the generated file) loads as an ES module, which jest cannot: the check runs as a command
			expect((await openApiCommand('check')).stdout).toContain('is up to date');
			await expect(openApiCommand('check', writeNextRelease())).rejects.toMatchObject({
				code: 1,
				stderr: expect.stringContaining('is not what the OpenAPI generates: run npm run openapi -- generate'),
			});
			const schemas = (openApiDocument() as Json).components.schemas as Record<string, { enum?: string[] }>;
			// every closed list the node uses is one of the OpenAPI's, or a part of one
			const lists = Object.entries(enums).filter(([, value]) => Array.isArray(value) && typeof value[0] === 'string');
			expect(lists.length).toBeGreaterThan(30);
			for (const [name, list] of lists) {
				const source = Object.values(schemas).find(
					(schema) => schema.enum && (list as string[]).every((value) => schema.enum!.includes(value)),
				);
				expect({ [name]: source ? 'in the OpenAPI' : 'not in any enum of the OpenAPI' }).toEqual({
					[name]: 'in the OpenAPI',
				});
			}
		},
		budget(90_000),
	);

	it('gives every reader a fresh copy, so that none can change what another reads', () => {
		const first = openApiDocument() as Json;
		first.paths = {};
		expect(openApiOperations().length).toBeGreaterThan(0);
	});

	it('the same document: no change', () => {
		expect(openApiChanges(openApiDocument(), openApiDocument())).toEqual([]);
	});

	it("a new release's operations, inputs, bounds and enums are each reported with the step they ask for", () => {
		const changes = openApiChanges(openApiDocument(), nextRelease());
		const line = (key: string) => changes.find((change) => change.key === key);
		expect(line('GET /units/{id_unit}/price-alerts')).toMatchObject({
			change: 'added',
			step: expect.stringContaining('new operation: add a node operation'),
		});
		// one line for the new operation, not one per fact of it
		expect(changes.filter((change) => change.key.startsWith('GET /units/{id_unit}/price-alerts'))).toHaveLength(1);
		expect(line('GET /info/vat-indicators')).toMatchObject({
			change: 'removed',
			step: expect.stringContaining('operation gone'),
		});
		expect(line('PATCH /units/{id_unit} path id_unit')).toMatchObject({
			change: 'changed',
			before: 'required integer, int64, minimum 1',
			after: 'required integer, int64, minimum 1, maximum 999',
			step: expect.stringContaining('bounds'),
		});
		expect(line('PATCH /units/{id_unit} query reason')).toMatchObject({
			change: 'added',
			after: 'required string, maxLength 40',
			step: expect.stringContaining('new required input'),
		});
		const storefront = line('PATCH /units/{id_unit} query storefront');
		expect(storefront).toMatchObject({ change: 'changed', step: expect.stringContaining('enums.ts') });
		expect(storefront?.after).toContain(', dk]');
		expect(changes.filter((change) => change.key.endsWith(' query storefront')).length).toBeGreaterThan(10);
	});

	it(
		'the command prints the report for two files',
		async () => {
			const { stdout } = await openApiCommand('diff', SPEC_FILE, writeNextRelease());
			expect(stdout).toBe(`${changeReport(openApiDocument(), nextRelease())}\n`);
			expect(stdout.split('\n')[0]).toMatch(/^OpenAPI 2\.44\.0 → 2\.45\.0: \d+ change\(s\)$/);
			expect(stdout).toContain('- added GET /units/{id_unit}/price-alerts: operation getUnitPriceAlerts');
		},
		budget(60_000),
	);
});

describe('what the node takes from the OpenAPI besides its enums: bounds, required fields, page sizes', () => {
	it('the generated request schemas and page limits are what the document states', () => {
		expect(OPENAPI_REQUEST_SCHEMAS).toEqual(requestSchemas(openApiDocument()));
		expect(OPENAPI_PAGE_LIMITS).toEqual(pageLimits(openApiDocument()));
		expect(OPENAPI_REQUEST_SCHEMAS.UnitRequest.required).toEqual(['handling_time', 'listing_price', 'id_offer']);
		expect(pageSizeOf('/units')).toBe(100);
		expect(pageSizeOf('/warehouses')).toBe(30);
	});

	it('a bound, a required field or a page size a release changes reaches the generated file, and the field that declares it', () => {
		const next = nextRelease();
		next.components.schemas.UnitRequest.properties.note.maxLength = 500;
		next.components.schemas.UnitRequest.required.push('amount');
		const unitsLimit = (next.paths['/units'].get.parameters as Json[]).find((parameter) => parameter.name === 'limit')!;
		unitsLimit.schema.maximum = 50;
		expect(requestSchemas(next).UnitRequest.properties.note).toEqual({ type: 'string', maxLength: 500 });
		expect(requestSchemas(next).UnitRequest.required).toContain('amount');
		expect(pageLimits(next)['/units']).toEqual({ default: 30, minimum: 0, maximum: 50 });
		// today's declaration takes today's bound: the Note is bounded by the strictest of UnitRequest and UnitPatchRequest
		expect(UNIT_FIELDS.note.bound.maxLength).toBe(OPENAPI_REQUEST_SCHEMAS.UnitRequest.properties.note.maxLength);
		expect(UNIT_FIELDS.handlingTime.bound).toMatchObject({ minimum: 0, maximum: 100, decimals: 0 });
	});
});
