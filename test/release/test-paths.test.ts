/**
 * The tests of node version 2 are where the code is, as n8n's own v2 nodes keep them: the operation
 * nodes/SellerMarketplace/v2/actions/<resource>/<operation>.operation.ts is tested in
 * test/SellerMarketplace/v2/actions/<resource>/<operation>.test.ts. A resource's shared set-up is a plain module in
 * that folder (`setup.ts`); a test that spans its operations is `flows.test.ts`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const OPERATIONS = join(ROOT, 'nodes/SellerMarketplace/v2/actions');
const TESTS = join(ROOT, 'test/SellerMarketplace/v2/actions');

/** `<resource>/<name>` of every file in the resource folders of `dir` whose name ends with `suffix`. */
function filesEndingWith(dir: string, suffix: string): string[] {
	return readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((resource) =>
			readdirSync(join(dir, resource.name))
				.filter((name) => name.endsWith(suffix))
				.map((name) => `${resource.name}/${name.slice(0, -suffix.length)}`),
		)
		.sort();
}

const operations = filesEndingWith(OPERATIONS, '.operation.ts');
const tests = filesEndingWith(TESTS, '.test.ts');

describe('every v2 operation has its tests at the path that mirrors it', () => {
	it('finds the operations', () => {
		expect(operations).toEqual(expect.arrayContaining(['status/ping', 'warehouse/create', 'unit/updateMany']));
	});

	it('each operation file has test/SellerMarketplace/v2/actions/<resource>/<operation>.test.ts', () => {
		expect(operations.filter((operation) => !tests.includes(operation))).toEqual([]);
	});

	it('each test file there mirrors an operation of its resource, or is the flows across them', () => {
		const strays = tests.filter((test) => !operations.includes(test) && !test.endsWith('/flows'));
		expect(strays).toEqual([]);
		for (const flows of tests.filter((test) => test.endsWith('/flows')))
			expect(existsSync(join(OPERATIONS, flows.split('/')[0]))).toBe(true);
	});
});
