/**
 * Issue 33 item 4: one truth in the docs. `docs/api-rules.md` states each API v2 rule the node follows (a row per
 * rule, with the code and the tests); `docs/decisions.md` says where the documentation leaves room. A decision
 * that names a field one of those rules is about must point to the rule's row instead of stating it again: two
 * pages that state the same rule drift apart (decisions.md said the listing price was optional on updates and
 * `embedded` went as repeated keys, while api-rules.md and the code said the opposite).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const API_RULES = readFileSync(join(ROOT, 'docs', 'api-rules.md'), 'utf8');
const DECISIONS = readFileSync(join(ROOT, 'docs', 'decisions.md'), 'utf8');

/** The text between the `## heading` that starts with `heading` and the next `## `. */
function section(markdown: string, heading: string): string {
	const start = markdown.search(new RegExp(`\n## ${heading}( \\(.*\\))?\n`));
	if (start < 0) throw new Error(`no section "${heading}"`);
	const end = markdown.indexOf('\n## ', start + 1);
	return markdown.slice(start, end < 0 ? undefined : end);
}

/** API field names in code spans (`listing_price`, `embedded`). */
const fieldNames = (text: string) => [...text.matchAll(/`([a-z][a-z_]*[a-z])`/g)].map((match) => match[1]);

/** Each rule row of api-rules.md ("Rules" and "Wire forms"): its number and the API fields its rule names. */
function ruleRows(): Array<{ rule: string; fields: string[] }> {
	return ['Rules', 'Wire forms'].flatMap((heading) =>
		section(API_RULES, heading)
			.split('\n')
			.map((line) => /^\| (W?\d+) \| ([^|]+) \|/.exec(line))
			.filter((match): match is RegExpExecArray => match !== null)
			.map((match) => ({ rule: match[1], fields: fieldNames(match[2]) })),
	);
}

/** The bullets of a decisions section (a bullet runs on over its indented lines). */
function bullets(text: string): string[] {
	return text
		.split(/\n(?=- )/)
		.filter((chunk) => chunk.startsWith('- '))
		.map((chunk) => chunk.split(/\n(?! {2})/)[0]);
}

/** The decisions that name a rule's field without pointing to api-rules.md: each a second statement of a rule. */
function restatedRules(decisionsSection: string): Array<{ decision: string; rules: string[] }> {
	const rows = ruleRows();
	return bullets(decisionsSection).flatMap((decision) => {
		if (decision.includes('api-rules.md')) return [];
		const named = new Set(fieldNames(decision));
		const rules = rows.filter((row) => row.fields.some((field) => named.has(field))).map((row) => row.rule);
		return rules.length > 0 ? [{ decision: decision.slice(0, 80), rules }] : [];
	});
}

describe('docs/decisions.md and docs/api-rules.md state each API v2 rule once', () => {
	it('api-rules.md has its rule rows, and they name the fields they are about', () => {
		const rows = ruleRows();
		expect(rows.map((row) => row.rule)).toEqual(expect.arrayContaining(['1', '2', 'W1', 'W2', 'W3']));
		expect(rows.find((row) => row.rule === '1')!.fields).toContain('listing_price');
		expect(rows.find((row) => row.rule === 'W2')!.fields).toContain('embedded');
		expect(rows.find((row) => row.rule === 'W3')!.fields).toContain('status');
	});

	it('no decision of API v2 states a rule of api-rules.md again: it points to its row', () => {
		expect(restatedRules(section(DECISIONS, 'API v2'))).toEqual([]);
	});

	it('every link of decisions.md into api-rules.md names a section that exists', () => {
		const anchors = [...DECISIONS.matchAll(/api-rules\.md#([a-z0-9-]+)/g)].map((match) => match[1]);
		expect(anchors.length).toBeGreaterThan(0);
		const headings = [...API_RULES.matchAll(/^## (.+)$/gm)].map((match) =>
			match[1]
				.toLowerCase()
				.replace(/[^a-z0-9 -]/g, '')
				.replace(/ /g, '-'),
		);
		for (const anchor of anchors) expect(headings).toContain(anchor);
	});
});

describe('the check itself', () => {
	it('catches the two decisions that contradicted api-rules.md and the code', () => {
		const old = `
- **\`listing_price\` on updates** stays optional, as the schema says (the description's "you have to specify a
  listing price" is read as "when you change it, above zero").
- **Query lists** are repeated keys; \`embedded\`, which the prose calls comma-separated, too, as the OpenAPI
  declares no other style for it.
- **Rate limit**: 100 a second per seller and process.
`;
		expect(restatedRules(old)).toEqual([
			{ decision: expect.stringContaining('listing_price'), rules: ['1'] },
			{ decision: expect.stringContaining('Query lists'), rules: ['W2'] },
		]);
	});
});
