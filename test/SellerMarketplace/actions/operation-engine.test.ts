/**
 * One way to declare an operation, for both node versions: every operation of the node is built by defineOperation,
 * listed by its resource in defineResource (which sets the resource, once), and run by the one router; a pair of
 * resource and operation that the resources do not declare does not compile.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import ts from 'typescript';

import { budget } from '../../budget';

import { isDeclared, type Actions } from '../../../nodes/SellerMarketplace/actions/define';
import { actions as v1 } from '../../../nodes/SellerMarketplace/v1/actions';
import { actions as v2 } from '../../../nodes/SellerMarketplace/v2/actions';

const ROOT = resolve(__dirname, '../../..');
const versions: Array<[string, Actions]> = [
	['v1', v1],
	['v2', v2],
];

function operationFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return operationFiles(path);
		return path.endsWith('.operation.ts') ? [path] : [];
	});
}

describe.each(versions)('the operations of API %s', (version, actions) => {
	const actionsDir = join(ROOT, 'nodes/SellerMarketplace', version, 'actions');
	const files = operationFiles(actionsDir);

	it('has an operation file for every operation, and every one is in its resource', () => {
		const declared = actions.resources.flatMap((resource) =>
			Object.keys(resource.operations).map((operation) => `${resource.value}/${operation}`),
		);
		const exported = files.flatMap((file) => {
			const resource = relative(actionsDir, file).split('/')[0];
			const module = require(file) as Record<string, unknown>;
			return Object.values(module)
				.filter((value): value is { value: string } => typeof value === 'object' && value !== null && isDeclared(value))
				.map((operation) => `${resource}/${operation.value}`);
		});
		expect(exported.length).toBe(files.length);
		expect([...exported].sort()).toEqual([...declared].sort());
	});

	it('declares each operation through defineOperation, with its resource set by the resource', () => {
		for (const resource of actions.resources) {
			for (const operation of Object.values(resource.operations)) {
				expect(isDeclared(operation)).toBe(true);
				expect([operation.resource, operation.resourceName]).toEqual([resource.value, resource.name]);
				for (const property of operation.description) {
					expect(property.displayOptions?.show).toMatchObject({
						resource: [resource.value],
						operation: [operation.value],
					});
				}
			}
		}
	});

	it('names no resource in an operation file: the resource sets it once', () => {
		const naming = files.filter((file) => /^\s*resource:/m.test(readFileSync(file, 'utf8')));
		expect(naming.map((file) => relative(ROOT, file))).toEqual([]);
	});

	it('finds what the form chose, and nothing for a pair it does not declare', () => {
		const [resource] = actions.resources;
		const [operation] = Object.keys(resource.operations);
		expect(actions.find(resource.value, operation)?.value).toBe(operation);
		expect(actions.find(resource.value, 'constructor')).toBeUndefined();
		expect(actions.find('toString', operation)).toBeUndefined();
	});
});

describe('a pair of resource and operation', () => {
	it('of the resources compiles and finds the operation', () => {
		expect(
			[v1.operation('orderUnit', 'send'), v2.operation('ticket', 'sendMessage')].map((operation) => operation.action),
		).toEqual(['Mark an order unit as sent', 'Send a message to a ticket']);
	});

	it(
		'that the resources do not declare does not compile',
		() => {
			const fixture = join(__dirname, 'fixtures/wrong-pairs.ts');
			const text = readFileSync(fixture, 'utf8');
			const directives = text
				.split('\n')
				.flatMap((line, index) => (/^\s*\/\/ @ts-expect-error/.test(line) ? [index + 1] : []));
			const host = ts.createCompilerHost({});
			const readFile = host.readFile.bind(host);
			// The fixture as written, but without the directives that expect its errors.
			host.readFile = (file) =>
				resolve(file) === fixture ? text.replace(/\/\/ @ts-expect-error/g, '//') : readFile(file);
			const program = ts.createProgram(
				[fixture],
				{
					strict: true,
					noEmit: true,
					skipLibCheck: true,
					target: ts.ScriptTarget.ES2022,
					module: ts.ModuleKind.CommonJS,
					types: [],
				},
				host,
			);
			const errors = ts
				.getPreEmitDiagnostics(program)
				.filter((diagnostic) => diagnostic.file && resolve(diagnostic.file.fileName) === fixture);
			const lines = errors.map((error) => error.file!.getLineAndCharacterOfPosition(error.start!).line);
			expect(directives).toHaveLength(5);
			// One error under each directive, and none elsewhere.
			expect([...new Set(lines)].sort((a, b) => a - b)).toEqual(directives);
			// Type-checks the fixture with all the node code it imports: some 300 files.
		},
		budget(30_000),
	);
});
