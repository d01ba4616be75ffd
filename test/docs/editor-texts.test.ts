/**
 * No developer tooling in the product (issue 25, item 3): a seller who installed the package from Community
 * Nodes has no sandbox, no clone and no npm scripts, so no text the editor shows may send them there. Scanned:
 * every string of every node version's description (parameters, options, notices, hints, placeholders, the
 * trigger panel) and of both credentials, the codex files, and the string literals of nodes/ and credentials/
 * (error messages and option lists built at run time). How to cause a test event lives in the docs, linked from
 * the trigger panel.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { ICredentialType, INodeTypeDescription, IVersionedNodeType } from 'n8n-workflow';

import { SellerMarketplaceApi } from '../../credentials/SellerMarketplaceApi.credentials';
import { SellerMarketplaceV2Api } from '../../credentials/SellerMarketplaceV2Api.credentials';
import { SellerMarketplacePollTrigger } from '../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node';
import { SellerMarketplaceTrigger } from '../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node';
import { TEST_EVENT_DOCS_URL } from '../../nodes/SellerMarketplaceTrigger/shared/options';

// Named with its extension: next to it lies the codex file SellerMarketplace.node.json, which Node's resolution would pick first.
const { SellerMarketplace } = require('../../nodes/SellerMarketplace/SellerMarketplace.node.ts') as {
	SellerMarketplace: new () => IVersionedNodeType;
};

const ROOT = join(__dirname, '..', '..');

/** What only a developer with a clone of this repository can follow. */
const TOOLING: Array<[string, RegExp]> = [
	['an npm script', /\bnpm (run|test|start)\b|\bnpx\b|\bts-node\b/i],
	['curl', /\bcurl\b/i],
	['the sandbox', /\bsandbox\b|_sandbox/i],
	['a local port', /(127\.0\.0\.1|localhost|\[::1\]):\d+/i],
	['the demo or the test runs', /\bnpm run demo\b|\be2e\b|\bjest\b/i],
];

function toolingIn(text: string): string[] {
	return TOOLING.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

/** Every string under `value`, with its path; display rules are conditions, not text, and are skipped. */
function strings(value: unknown, path: string, out: Array<[string, string]> = []): Array<[string, string]> {
	if (typeof value === 'string') out.push([path, value]);
	else if (Array.isArray(value)) value.forEach((entry, index) => strings(entry, `${path}[${index}]`, out));
	else if (value !== null && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			if (key === 'displayOptions' || key === 'routing') continue;
			strings(entry, `${path}.${key}`, out);
		}
	}
	return out;
}

function descriptions(): Array<[string, INodeTypeDescription | ICredentialType]> {
	const nodes = [new SellerMarketplace(), new SellerMarketplaceTrigger(), new SellerMarketplacePollTrigger()];
	const versions = nodes.flatMap((node) =>
		Object.entries(node.nodeVersions).map(
			([version, type]) => [`${node.description.name} v${version}`, type.description] as [string, INodeTypeDescription],
		),
	);
	return [
		...versions,
		['credential sellerMarketplaceApi', new SellerMarketplaceApi()],
		['credential sellerMarketplaceV2Api', new SellerMarketplaceV2Api()],
	];
}

function files(dir: string, suffixes: string[]): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return files(path, suffixes);
		return suffixes.some((suffix) => name.endsWith(suffix)) ? [path] : [];
	});
}

/** The string and template literals of a TypeScript file, comments left out (a rough lexer is enough here). */
function literals(source: string): string[] {
	const found: string[] = [];
	const pattern = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
	for (const match of source.matchAll(pattern)) if (!match[0].startsWith('/')) found.push(match[0]);
	return found;
}

describe('no developer tooling in the texts the editor shows', () => {
	it.each(descriptions())('%s: no sandbox, port, curl or npm script in any text', (_name, description) => {
		const offending = strings(description, 'description')
			.map(([path, text]) => ({ path, text: text.slice(0, 200), tooling: toolingIn(text) }))
			.filter(({ tooling }) => tooling.length > 0);
		expect(offending).toEqual([]);
	});

	it('the scan finds tooling where there is some (it would have failed on the old trigger panel)', () => {
		const oldPanel =
			'With the local sandbox (npm run sandbox), this places an order: <code>curl -X POST http://127.0.0.1:8787/_sandbox/orders</code>';
		expect(toolingIn(oldPanel)).toEqual(['an npm script', 'curl', 'the sandbox', 'a local port']);
		expect(strings({ a: { description: 'x' }, displayOptions: { show: { b: ['sandbox'] } } }, 'd')).toEqual([
			['d.a.description', 'x'],
		]);
	});

	it('the codex files name no tooling', () => {
		for (const path of files(join(ROOT, 'nodes'), ['.node.json'])) {
			expect({ path: relative(ROOT, path), tooling: toolingIn(readFileSync(path, 'utf8')) }).toEqual({
				path: relative(ROOT, path),
				tooling: [],
			});
		}
	});

	it('no string in nodes/ or credentials/ (error messages, lists built at run time) names an npm script, curl or the sandbox port', () => {
		const offending = [...files(join(ROOT, 'nodes'), ['.ts']), ...files(join(ROOT, 'credentials'), ['.ts'])].flatMap(
			(path) =>
				literals(readFileSync(path, 'utf8'))
					.filter((literal) => toolingIn(literal).length > 0)
					.map((literal) => `${relative(ROOT, path)}: ${literal.slice(0, 160)}`),
		);
		expect(offending).toEqual([]);
	});

	it.each([1, 2])(
		'push trigger version %i: the panel links the documentation on causing a test event, and that section exists',
		(version) => {
			const panel = new SellerMarketplaceTrigger().nodeVersions[version].description.triggerPanel as {
				executionsHelp: { inactive: string; active: string };
			};
			for (const help of [panel.executionsHelp.inactive, panel.executionsHelp.active])
				expect(help).toContain(`<a href="${TEST_EVENT_DOCS_URL}" target="_blank">`);
			const [page, anchor] = TEST_EVENT_DOCS_URL.replace(/^.*\/blob\/main\//, '').split('#');
			const headings = readFileSync(join(ROOT, page), 'utf8')
				.split('\n')
				.filter((line) => line.startsWith('#'))
				.map((line) =>
					line
						.replace(/^#+\s*/, '')
						.toLowerCase()
						.replace(/[^a-z0-9 -]/g, '')
						.replace(/ /g, '-'),
				);
			expect(headings).toContain(anchor);
		},
	);
});
