/**
 * The links a user follows from n8n's editor (the docs icon of a node, the docs link of a credential) and from
 * npm (repository, homepage, issues) lead to pages of this project's one repository. n8n appends `?utm_…`
 * to documentation URLs, which breaks `#anchors`, so every node and credential has a page of its own.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '../..');
const REPOSITORY = 'https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace';
const DOCS = `${REPOSITORY}/blob/main/docs`;

interface PackageJson {
	homepage: string;
	bugs: { url: string };
	repository: { type: string; url: string; directory?: string };
	n8n: { nodes: string[]; credentials: string[] };
}
interface Codex {
	resources: { primaryDocumentation: Array<{ url: string }>; credentialDocumentation?: Array<{ url: string }> };
}

const PACKAGE_JSON = join(ROOT, 'package.json');
const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as PackageJson;

/** dist/nodes/X/X.node.js → X */
const nodeNames = pkg.n8n.nodes.map((path) => /^dist\/nodes\/([^/]+)\/\1\.node\.js$/.exec(path)?.[1] ?? path);
const credentialFiles = readdirSync(join(ROOT, 'credentials')).filter((file) => file.endsWith('.credentials.ts'));

/** The repository file a documentation URL names, or undefined when it is not a file of this repository. */
function repositoryFile(url: string): string | undefined {
	const prefix = `${REPOSITORY}/blob/main/`;
	return url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
}

function codexOf(name: string): Codex {
	return JSON.parse(readFileSync(join(ROOT, 'nodes', name, `${name}.node.json`), 'utf8')) as Codex;
}

describe('package.json', () => {
	it('names the one repository for the source, the home page and the issues', () => {
		expect(pkg.repository).toMatchObject({ type: 'git', url: `git+${REPOSITORY}.git` });
		// npm's provenance check and its links need the package's folder when it is not the repository root
		expect(pkg.repository.directory ?? '').toBe(relative(ROOT, dirname(PACKAGE_JSON)));
		expect(pkg.homepage).toBe(`${REPOSITORY}#readme`);
		expect(pkg.bugs).toEqual({ url: `${REPOSITORY}/issues` });
	});
});

describe.each(nodeNames)('node %s', (name) => {
	it('has its codex file, and its primary documentation is its own page in docs/nodes', () => {
		const [primary, ...more] = codexOf(name).resources.primaryDocumentation;
		expect(more).toEqual([]);
		expect(primary.url).toBe(`${DOCS}/nodes/${name}.md`);
		expect(existsSync(join(ROOT, 'docs', 'nodes', `${name}.md`))).toBe(true);
	});

	it('links credential documentation only to existing pages in docs/credentials', () => {
		const links = codexOf(name).resources.credentialDocumentation ?? [];
		expect(links.length).toBeGreaterThan(0);
		for (const { url } of links) {
			const file = repositoryFile(url);
			expect({ url, file }).toEqual({ url, file: expect.stringMatching(/^docs\/credentials\/[A-Za-z0-9]+\.md$/) });
			expect({ url, exists: existsSync(join(ROOT, file!)) }).toEqual({ url, exists: true });
		}
	});
});

describe.each(credentialFiles)('credentials %s', (file) => {
	it('link the editor to their own page in docs/credentials', () => {
		const className = file.replace(/\.credentials\.ts$/, '');
		const exported = require(join(ROOT, 'credentials', file)) as Record<string, new () => { documentationUrl: string }>;
		const credentials = new exported[className]();
		expect(credentials.documentationUrl).toBe(`${DOCS}/credentials/${className}.md`);
		expect(existsSync(join(ROOT, 'docs', 'credentials', `${className}.md`))).toBe(true);
	});

	it('are registered in package.json', () => {
		expect(pkg.n8n.credentials).toContain(`dist/credentials/${file.replace(/\.ts$/, '.js')}`);
	});
});

describe('the documentation pages', () => {
	const pages = ['nodes', 'credentials'].flatMap((folder) =>
		readdirSync(join(ROOT, 'docs', folder))
			.filter((file) => file.endsWith('.md'))
			.map((file) => join('docs', folder, file)),
	);

	it('exist for every node and every credential type', () => {
		const expected = [
			...nodeNames.map((name) => join('docs', 'nodes', `${name}.md`)),
			...credentialFiles.map((file) => join('docs', 'credentials', file.replace(/\.credentials\.ts$/, '.md'))),
		];
		expect(pages).toEqual(expect.arrayContaining(expected));
	});

	it.each(pages)('%s links only to files that exist in the repository', (page) => {
		const text = readFileSync(join(ROOT, page), 'utf8');
		const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
			.map((match) => match[1])
			.filter((target) => !/^[a-z]+:/.test(target));
		expect(targets.length).toBeGreaterThan(0);
		const missing = targets.filter((target) => {
			const file = resolve(ROOT, dirname(page), target.split('#')[0]);
			return relative(ROOT, file).startsWith('..') || !existsSync(file);
		});
		expect(missing).toEqual([]);
	});
});
