import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { BEGIN, BEGIN_V2, END, END_V2, operationsTable, readmeWithTable, tableIn } from '../../scripts/operations-table';

const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');

describe('README operations tables (run `npm run docs` to update them)', () => {
	it.each([
		[1, BEGIN, END],
		[2, BEGIN_V2, END_V2],
	])('the table of node version %i lists exactly the operations the node has', (version, begin, end) => {
		expect(tableIn(readme, begin, end)).toBe(operationsTable(version));
	});

	it('README.md is exactly what `npm run docs` writes', () => {
		expect(readmeWithTable(readme)).toBe(readme);
	});

	it.each([1, 2])('the table of node version %i marks deprecated operations in name and description', (version) => {
		const rows = operationsTable(version)
			.split('\n')
			.filter((row) => /deprecated/i.test(row));
		for (const row of rows) {
			const [, operation, description] = row.split(' | ');
			expect({ row, operation: operation.includes('(Deprecated)'), description: /deprecated/i.test(description) }).toEqual({ row, operation: true, description: true });
		}
	});

	it('the version 2 table names the API endpoint of every operation and the share of the OpenAPI covered', () => {
		const table = operationsTable(2);
		const rows = table.split('\n').filter((row) => row.startsWith('| ') && !row.startsWith('| Resource') && !row.startsWith('| ---'));
		expect(rows.length).toBeGreaterThanOrEqual(22);
		expect(rows.filter((row) => !/\| `(GET|POST|PUT|PATCH|DELETE) \/[^`]*` \|$/.test(row))).toEqual([]);
		expect(table).toContain('| Order Unit | Send | Report the carrier and tracking numbers of a shipped order unit | `PATCH /order-units/{id_order_unit}/send` |');
		expect(table).toMatch(/\n\n\d+ operations in \d+ resources\. They call \d+ of the 119 operations of the API's OpenAPI\.$/);
	});
});
