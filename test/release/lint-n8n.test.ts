/**
 * `npm run lint:n8n` (scripts/lint-n8n.sh): `npx n8n-node lint` as n8n's reviewers run it, on a staged copy of
 * what is published, with the strict template config unmodified. Here it lints a copy of the package with a
 * `console.log` planted in nodes/ (the repo itself is never touched): the run fails, and the planted line is
 * the only problem it reports, so the rest of the published code passes the same command.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budget } from '../budget';

const REPO = join(__dirname, '../..');
const PUBLISHED = ['package.json', 'tsconfig.json', 'eslint.config.mjs', 'nodes', 'credentials', 'icons'];
const PLANTED_IN = 'nodes/SellerMarketplace/SellerMarketplace.node.ts';

function lintN8n(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
	const child = spawn('bash', [join(REPO, 'scripts/lint-n8n.sh')], { cwd: REPO, env: { ...process.env, ...env } });
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
	// eslint's colours (n8n-node sets FORCE_COLOR) are not what the test reads
	const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
	return new Promise((done) => child.on('close', (code) => done({ code, output: output.replace(colours, '') })));
}

it(
	'fails on a console.log planted in nodes/, and reports nothing else',
	async () => {
		const copy = mkdtempSync(join(tmpdir(), 'published-copy-'));
		for (const entry of PUBLISHED) cpSync(join(REPO, entry), join(copy, entry), { recursive: true });
		const line = readFileSync(join(copy, PLANTED_IN), 'utf8').split('\n').length;
		appendFileSync(join(copy, PLANTED_IN), 'console.log("planted");\n');

		const run = await lintN8n({ LINT_N8N_SOURCE: copy });

		expect(run.code).toBe(1);
		expect(run.output).toMatch(
			new RegExp(`/${PLANTED_IN}\\n\\s+${line}:1\\s+error\\s+Unexpected console statement\\s+no-console\\n`),
		);
		expect(run.output).toContain('1 problem (1 error, 0 warnings)');
		// the strict template config was used as it is (n8n-node lint names a modified one)
		expect(run.output).not.toContain('Strict mode violation');
		expect(readFileSync(join(REPO, PLANTED_IN), 'utf8')).not.toContain('planted');
	},
	budget(45_000),
); // copying, then eslint with type information over nodes/ and credentials/
