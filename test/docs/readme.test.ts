import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { readmeWithTable } from '../../scripts/operations-table';

it('README lists exactly the operations the node has (run `npm run docs` to update it)', () => {
	const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
	expect(readme).toBe(readmeWithTable(readme));
});
