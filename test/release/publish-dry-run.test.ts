/**
 * scripts/publish-dry-run.sh, the publish workflow as a dry run (docs/verification.md): its fast steps pass on the
 * package and catch what they are for. The slow steps (n8n-node lint, npm pack and publish, n8n's scanner) run in
 * CI, in a job of its own (`npm run publish:dry-run`); test/release/workflows.test.ts checks that CI runs it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '../..');
const PACKAGE = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Record<string, unknown>;

function dryRun(steps: string[], { manifest, tag }: { manifest?: Record<string, unknown>; tag?: string } = {}) {
	const dir = mkdtempSync(join(tmpdir(), 'publish-dry-run-'));
	const env: NodeJS.ProcessEnv = { ...process.env };
	delete env.TAG;
	if (manifest) {
		writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
		env.PUBLISH_DRY_RUN_PACKAGE = join(dir, 'package.json');
	}
	if (tag) env.TAG = tag;
	const result = spawnSync('bash', [join(REPO, 'scripts/publish-dry-run.sh'), ...steps], { env, encoding: 'utf8' });
	rmSync(dir, { recursive: true, force: true });
	return { status: result.status, out: result.stdout, err: result.stderr };
}

it('the package passes: the tag is its version, no runtime dependencies, n8n-workflow the only peer', () => {
	const result = dryRun(['version', 'dependencies']);
	expect(result.err).toBe('');
	expect(result.status).toBe(0);
	expect(result.out).toContain(`tag ${PACKAGE.version as string} = package.json's version`);
	expect(result.out).toContain('none: peerDependencies {"n8n-workflow":"*"}');
});

it('a tag other than the version stops it, naming both', () => {
	const result = dryRun(['version'], { tag: '9.9.9' });
	expect(result.status).toBe(1);
	expect(result.err).toContain(`the tag is 9.9.9 but package.json's version is ${PACKAGE.version as string}`);
});

it.each([
	['a runtime dependency', { dependencies: { axios: '1.0.0' } }, 'dependencies: axios'],
	['a bundled dependency', { bundleDependencies: ['left-pad'] }, 'bundleDependencies: left-pad'],
	['an optional dependency', { optionalDependencies: { fsevents: '2.0.0' } }, 'optionalDependencies: fsevents'],
	[
		'a second peer dependency',
		{ peerDependencies: { 'n8n-workflow': '*', 'n8n-core': '*' } },
		'peerDependencies: n8n-workflow, n8n-core (n8n-workflow only)',
	],
])('%s fails the dependencies step, named', (_what, change, named) => {
	const result = dryRun(['dependencies'], { manifest: { ...PACKAGE, ...change } });
	expect(result.status).toBe(1);
	expect(result.err).toContain(`runtime dependencies found: ${named}`);
});

it('an unknown step is refused, listing the steps', () => {
	const result = dryRun(['deploy']);
	expect(result.status).toBe(1);
	expect(result.err).toContain("no step 'deploy' (steps: version dependencies lint pack publish scan)");
});
