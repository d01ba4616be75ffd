/**
 * The README and docs/ stay true to the code (issue 25, item 1): every "Resource → Operation" they cite is an
 * operation of the node, every form field the README cites in italics is a field of a node or credential, no
 * sentence says a feature is missing that the node or the sandbox has, and the README stays a seller's page (at
 * most 250 lines, with the two set-up commands).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { INodeProperties, INodePropertyOptions, IVersionedNodeType } from 'n8n-workflow';

import { SellerMarketplaceApi } from '../../credentials/SellerMarketplaceApi.credentials';
import { SellerMarketplaceV2Api } from '../../credentials/SellerMarketplaceV2Api.credentials';
import { SellerMarketplacePollTrigger } from '../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node';
import { SellerMarketplaceTrigger } from '../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node';

// Named with its extension: next to it lies the codex file SellerMarketplace.node.json, which Node's resolution would pick first.
const { SellerMarketplace } = require('../../nodes/SellerMarketplace/SellerMarketplace.node.ts') as {
	SellerMarketplace: new () => IVersionedNodeType;
};

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

function markdownFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return markdownFiles(path);
		return name.endsWith('.md') ? [path] : [];
	});
}

/** The pages a seller reads: the README and docs/, without the generated tables (test/docs/operations.test.ts checks those). */
const PAGES: Array<[string, string]> = [
	['README.md', README],
	...markdownFiles(join(ROOT, 'docs'))
		.filter((path) => !/operations-v\d\.md$/.test(path))
		.map((path) => [relative(ROOT, path), readFileSync(path, 'utf8')] as [string, string]),
];

// ------------------------------------------------------------------------------------------------
// what the code has

const action = new SellerMarketplace();

/** Resource display name → its operation names, per node version ("Unit (Offer)" also as "Unit"). */
function operationsOf(version: number): Map<string, Set<string>> {
	const { properties } = action.nodeVersions[version].description;
	const resources = (properties.find((property) => property.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	const byName = new Map<string, Set<string>>();
	for (const resource of resources) {
		const names = new Set<string>();
		for (const property of properties) {
			if (property.name !== 'operation' || !property.displayOptions?.show?.resource?.includes(resource.value as string))
				continue;
			// cited with or without the " (Deprecated)" their name carries
			for (const option of (property.options ?? []) as INodePropertyOptions[])
				names.add(option.name).add(option.name.replace(/ \(Deprecated\)$/, ''));
		}
		for (const alias of [
			resource.name,
			resource.name.replace(/ \([^)]*\)$/, ''),
			resource.name.replace(/^.*\(([^)]*)\)$/, '$1'),
		]) {
			byName.set(alias, new Set([...(byName.get(alias) ?? []), ...names]));
		}
	}
	return byName;
}

const V2_OPERATIONS = operationsOf(2);
const ALL_OPERATIONS = new Map([...operationsOf(1)]);
for (const [resource, names] of V2_OPERATIONS)
	ALL_OPERATIONS.set(resource, new Set([...(ALL_OPERATIONS.get(resource) ?? []), ...names]));

/** Every label a form shows: parameter, collection and option names of every node version and credential. */
function labels(): Set<string> {
	const found = new Set<string>();
	const walk = (properties: INodeProperties[] | undefined) => {
		for (const property of properties ?? []) {
			found.add(property.displayName);
			for (const option of (property.options ?? []) as Array<
				INodePropertyOptions & INodeProperties & { values?: INodeProperties[] }
			>) {
				if (option.displayName) walk([option]);
				else found.add(option.name);
				walk(option.values);
			}
		}
	};
	for (const node of [action, new SellerMarketplaceTrigger(), new SellerMarketplacePollTrigger()]) {
		for (const type of Object.values(node.nodeVersions)) walk(type.description.properties);
	}
	walk(new SellerMarketplaceApi().properties);
	walk(new SellerMarketplaceV2Api().properties);
	// a field is cited without the hints its label carries: "Carrier" for "Carrier Name or ID", "Listing Price" for "Listing Price (in Cents)"
	for (const label of [...found]) found.add(label.replace(/ Name or ID$| \(in [^)]*\)$/, ''));
	return found;
}

const LABELS = labels();

// ------------------------------------------------------------------------------------------------
// what the pages cite

/** Each "Resource → Operation" of a page whose left side is a resource of the node. */
export function citedOperations(
	text: string,
	operations: Map<string, Set<string>>,
): Array<{ resource: string; cited: string; known: boolean }> {
	const cited: Array<{ resource: string; cited: string; known: boolean }> = [];
	for (const match of text.matchAll(
		/((?:[A-Z][A-Za-z]*|GPSR)(?: (?:[A-Z][A-Za-z]*|\([A-Za-z]+\)))*) → ([^\n|]{1,60})/g,
	)) {
		const words = match[1].split(' ');
		// the longest run of words before the arrow that names a resource ("Order Unit", not "Unit")
		const resource = words
			.map((_, index) => words.slice(index).join(' '))
			.find((candidate) => operations.has(candidate) || ALL_OPERATIONS.has(candidate));
		if (!resource) continue;
		const after = match[2].replace(/[*`_]/g, '').split(/\s+/);
		const names = operations.get(resource) ?? new Set<string>();
		const known = after.some((_, index) =>
			names.has(
				after
					.slice(0, index + 1)
					.join(' ')
					.replace(/[.,;:)]+$/, ''),
			),
		);
		cited.push({ resource, cited: `${resource} → ${after.slice(0, 4).join(' ')}`, known });
	}
	return cited;
}

/** The Title Case phrases the README sets in italics: the fields and operations it cites. */
function italicPhrases(text: string): string[] {
	return [...text.matchAll(/(?<![*\w])\*([A-Z][^*\n]{0,60}?)\*(?![*\w])/g)]
		.map((match) => match[1])
		.filter((phrase) => !phrase.includes('→'));
}

/** Words that say something is missing. */
// Case-sensitive: "Unit Not Available" is the name of an event, not a gap.
const MISSING =
	/\b([Nn]ot covered|does not (?:have|cover|simulate|support)|do not (?:have|cover|support)|not yet|lacks?|not supported|not available|is missing|are missing|no support)\b/;

/** The features the node has, as a page would name them: every resource of version 2, singular and plural. */
function featureWords(resources: Iterable<string>): RegExp {
	const words = [...resources].flatMap((name) => {
		const base = name.replace(/ \([^)]*\)$/, '').toLowerCase();
		return [base, `${base}s`];
	});
	return new RegExp(`\\b(${words.map((word) => word.replace(/[()]/g, '')).join('|')})\\b`, 'i');
}

const NODE_FEATURES = featureWords(V2_OPERATIONS.keys());
/** What the sandbox serves: one route file per resource of API v2. */
const SANDBOX_FEATURES = featureWords(
	readdirSync(join(ROOT, 'sandbox', 'v2', 'routes')).map((file) =>
		file.replace(/\.ts$/, '').replace(/-/g, ' ').replace(/s$/, ''),
	),
);

function sentences(text: string): string[] {
	return text
		.replace(/```[\s\S]*?```/g, '')
		.split(/(?<=[.!?])\s+|\n\s*[-*|]\s|\n\n/)
		.map((sentence) => sentence.replace(/\s+/g, ' ').trim())
		.filter(Boolean);
}

/** Sentences that say a feature is missing that the node (or, said of the sandbox, the sandbox) has. */
export function falseGaps(text: string): string[] {
	return sentences(text).filter((sentence) => {
		// the API's own words, quoted (e.g. its refusal "Parameters [listingPrice] are missing"), claim no gap of ours
		if (!MISSING.test(sentence.replace(/"[^"]*"/g, '""'))) return false;
		if (/\bsandbox\b/i.test(sentence)) return SANDBOX_FEATURES.test(sentence);
		// a gap of the retired API v1 is true
		if (/\b(v1|version 1)\b/i.test(sentence)) return false;
		return NODE_FEATURES.test(sentence);
	});
}

// ------------------------------------------------------------------------------------------------

describe("the README is a seller's page", () => {
	it('has at most 250 lines', () => {
		expect(README.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
	});

	it.each(['npm install && npm run demo', 'npm install && npm run test:all'])(
		'keeps the set-up command `%s`',
		(command) => {
			expect(README).toContain(command);
		},
	);

	it('names the n8n version it was tested with on one marked line', () => {
		expect(README).toMatch(/^\*\*Tested with: n8n \d+\.\d+\.\d+.*\*\*$/m);
	});

	it('cites form fields that exist, in italics', () => {
		const phrases = italicPhrases(README);
		expect(phrases.length).toBeGreaterThan(5);
		const operationNames = new Set([...V2_OPERATIONS.values()].flatMap((names) => [...names]));
		expect(phrases.filter((phrase) => !LABELS.has(phrase) && !operationNames.has(phrase))).toEqual([]);
	});
});

describe.each(PAGES)('%s is true to the code', (page, text) => {
	it('every "Resource → Operation" it cites is an operation of the node (version 2 in the README)', () => {
		const cited = citedOperations(text, page === 'README.md' ? V2_OPERATIONS : ALL_OPERATIONS);
		expect(cited.filter((citation) => !citation.known).map((citation) => citation.cited)).toEqual([]);
	});

	it('says no feature is missing that the node or the sandbox has', () => {
		expect(falseGaps(text)).toEqual([]);
	});

	it("gives the sandbox's API v2 address wherever it gives the v1 one", () => {
		if (/127\.0\.0\.1:\d+\/api\/v1/.test(text) && page !== 'docs/credentials/SellerMarketplaceApi.md')
			expect(text).toMatch(/127\.0\.0\.1:\d+\/v2/);
	});
});

/** The files and folders of the repository a page cites in code spans (`nodes/api/core/paging.ts`), outside code blocks. */
export function citedPaths(text: string): string[] {
	return (
		[
			...text
				.replace(/```[\s\S]*?```/g, '')
				.matchAll(/`((?:nodes|credentials|sandbox|test|docs|e2e|bench|scripts|examples)\/[^`\s]*)`/g),
		]
			.map((match) => match[1])
			// a pattern (`<resource>`, `{v1,v2}`, `*`) names no one file
			.filter((path) => !/[<{*]/.test(path))
	);
}

describe.each([...PAGES.map(([page]) => page), 'CONTRIBUTING.md'])('%s cites paths that exist', (page) => {
	it('every file or folder it names in a code span is in the repository', () => {
		const cited = citedPaths(readFileSync(join(ROOT, page), 'utf8'));
		expect(cited.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
	});
});

describe('the checks themselves', () => {
	it('catch what the old README said', () => {
		const old = [
			"5. Resources version 2 does not have yet (tickets, returns, product data, invoices, categories, import files,\n   reports…) can be called with n8n's HTTP Request node.",
			'- **Not covered:** reports, shipments (`POST /shipments/`), warehouse writes; use the HTTP Request node.',
			'- The sandbox does not simulate reports, shipments or downloads of ticket files.',
		];
		for (const text of old) expect({ text, caught: falseGaps(text).length }).toEqual({ text, caught: 1 });
		expect(falseGaps('Orders fulfilled by the marketplace are not available in v1 (403).')).toEqual([]);
	});

	it('catch an operation the node does not have, and accept one it has', () => {
		expect(citedOperations('use *Order Unit → Ship* now', V2_OPERATIONS)).toEqual([
			{ resource: 'Order Unit', cited: 'Order Unit → Ship now', known: false },
		]);
		expect(citedOperations('use *Unit (Offer) → Update Many* or Settings → Community Nodes', V2_OPERATIONS)).toEqual([
			{ resource: 'Unit (Offer)', cited: 'Unit (Offer) → Update Many or Settings', known: true },
		]);
	});

	it('find the paths a page cites, and skip patterns', () => {
		expect(
			citedPaths('see `nodes/api/core/paging.ts` and `test/api/paging/`, not `v2/x.ts` or `nodes/<resource>/index.ts`'),
		).toEqual(['nodes/api/core/paging.ts', 'test/api/paging/']);
	});

	it('the package describes API v2, not the retired v1', () => {
		const { description } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { description: string };
		expect(description).toMatch(/API v2/);
		expect(description).not.toMatch(/API v1\b/);
	});
});
