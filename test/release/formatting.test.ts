/**
 * The code is formatted by Prettier with n8n's settings, and `npm run lint` checks it: a file written with other
 * settings (spaces, double quotes, no trailing comma) fails the same check lint runs.
 */
import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

import { budget } from '../budget';

const ROOT = join(__dirname, '../..');
const PRETTIER = join(ROOT, 'node_modules/.bin/prettier');

/** `prettier --check` as lint runs it, on `text` as if it were the file at `file`; true when it passes. */
function passesCheck(file: string, text: string): boolean {
	const run = spawnSync(PRETTIER, ['--check', '--stdin-filepath', file], { cwd: ROOT, input: text, encoding: 'utf8' });
	if (run.status === null) throw new Error(`prettier was killed (${run.signal})`);
	return run.status === 0;
}

describe('formatting', () => {
	it('npm run lint runs prettier --check over the tree', () => {
		const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
			scripts: Record<string, string>;
		};
		expect(scripts.lint).toMatch(/^prettier --check \. && /);
	});

	it("uses n8n's settings: tabs, single quotes, trailing commas, print width 120", () => {
		const config = require(join(ROOT, '.prettierrc.js')) as Record<string, unknown>;
		expect(config).toMatchObject({ useTabs: true, singleQuote: true, trailingComma: 'all', printWidth: 120 });
	});

	it(
		'accepts the code as committed and refuses code formatted otherwise',
		() => {
			const file = 'nodes/SellerMarketplace/actions/router.ts';
			const committed = readFileSync(join(ROOT, file), 'utf8');
			expect(passesCheck(file, committed)).toBe(true);
			expect(passesCheck(file, committed.replace(/\t/g, '    '))).toBe(false);
			expect(passesCheck(file, committed.replace(/'n8n-workflow'/g, '"n8n-workflow"'))).toBe(false);
		},
		budget(30_000),
	);
});
