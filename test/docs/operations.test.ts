import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { openApiOperations } from '../../sandbox/v2/openapi';
import { OPERATION_PAGES, operationsTable, pageWithTable, tableIn } from '../../scripts/operations-table';

describe('the operations tables of docs/ (run `npm run docs` to update them)', () => {
	it.each(OPERATION_PAGES.map((page) => [page.version, page]))(
		'the table of node version %i lists exactly the operations the node has',
		(version, { path, begin, end }) => {
			expect(tableIn(readFileSync(path, 'utf8'), begin, end)).toBe(operationsTable(version));
		},
	);

	it.each(OPERATION_PAGES.map((page) => [page.version, page]))(
		'docs/operations-v%i.md is exactly what `npm run docs` writes',
		(version, { path }) => {
			const page = readFileSync(path, 'utf8');
			expect(pageWithTable(page, version)).toBe(page);
		},
	);

	it('the README links both pages', () => {
		const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
		expect(readme).toContain('](docs/operations-v2.md)');
		expect(readme).toContain('](docs/operations-v1.md)');
	});

	it.each([1, 2])('the table of node version %i marks deprecated operations in name and description', (version) => {
		const rows = operationsTable(version)
			.split('\n')
			.filter((row) => /deprecated/i.test(row));
		for (const row of rows) {
			const [, operation, description] = row.split(' | ');
			expect({
				row,
				operation: operation.includes('(Deprecated)'),
				description: /deprecated/i.test(description),
			}).toEqual({ row, operation: true, description: true });
		}
	});

	it('the version 2 table names the API endpoint of every operation and the share of the OpenAPI covered', () => {
		const table = operationsTable(2);
		const rows = table
			.split('\n')
			.filter((row) => row.startsWith('| ') && !row.startsWith('| Resource') && !row.startsWith('| ---'));
		expect(rows.length).toBeGreaterThanOrEqual(22);
		expect(rows.filter((row) => !/\| `(GET|POST|PUT|PATCH|DELETE) \/[^`]*` \|$/.test(row))).toEqual([]);
		expect(table).toContain(
			'| Order Unit | Send | Report the carrier and tracking numbers of a shipped order unit | `PATCH /order-units/{id_order_unit}/send` |',
		);
		const inOpenApi = openApiOperations().length;
		expect(table).toMatch(
			new RegExp(
				`\\n\\n\\d+ operations in \\d+ resources\\. They call \\d+ of the ${inOpenApi} operations of the API's OpenAPI\\.$`,
			),
		);
	});
});
