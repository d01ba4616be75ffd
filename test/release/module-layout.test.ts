/**
 * The package's module layout, read from the import statements of the shipped code: the API clients live in
 * nodes/api, which the action node, both triggers and both credentials use; nothing outside the action node
 * reaches into it, and no module imports itself through a cycle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
	});
}

/** Every relative module a file imports or re-exports (static, dynamic and type-only), as repository paths. */
function importsOf(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const specifiers = [
		...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)'(\.{1,2}\/[^']*)'/g),
	].map((m) => m[1]);
	return specifiers.map((specifier) => {
		const base = resolve(dirname(file), specifier);
		const found = [`${base}.ts`, join(base, 'index.ts'), base].find(
			(candidate) => existsSync(candidate) && statSync(candidate).isFile(),
		);
		if (!found) throw new Error(`${relative(ROOT, file)} imports ${specifier}, which does not resolve to a file`);
		return relative(ROOT, found);
	});
}

const files = [...sourceFiles(join(ROOT, 'nodes')), ...sourceFiles(join(ROOT, 'credentials'))];
const graph = new Map(files.map((file) => [relative(ROOT, file), importsOf(file)]));

const inside = (folder: string) => (path: string) => path.startsWith(`${folder}/`);

describe('module layout', () => {
	it('reads imports from every source file (the scan sees the tree)', () => {
		expect(graph.get('credentials/SellerMarketplaceV2Api.credentials.ts')).toContain('nodes/api/v2/signing.ts');
		expect(graph.get('nodes/SellerMarketplaceTrigger/v2/subscriptions.ts')).toContain('nodes/api/v2/index.ts');
	});

	it('nothing outside the action node imports from inside it', () => {
		const offending = [...graph]
			.filter(([from]) => !inside('nodes/SellerMarketplace')(from))
			.flatMap(([from, targets]) => targets.filter(inside('nodes/SellerMarketplace')).map((to) => `${from} -> ${to}`));
		expect(offending).toEqual([]);
	});

	it('nodes/api depends on no node: only on itself, nodes/shared and n8n-workflow', () => {
		const offending = [...graph]
			.filter(([from]) => inside('nodes/api')(from))
			.flatMap(([from, targets]) =>
				targets.filter((to) => !inside('nodes/api')(to) && !inside('nodes/shared')(to)).map((to) => `${from} -> ${to}`),
			);
		expect(offending).toEqual([]);
	});

	it('the credentials hold fields and authenticate: their only imports are descriptions and nodes/api', () => {
		const offending = [...graph]
			.filter(([from]) => inside('credentials')(from))
			.flatMap(([from, targets]) =>
				targets
					.filter((to) => !inside('nodes/api')(to) && !inside('nodes/shared/descriptions')(to))
					.map((to) => `${from} -> ${to}`),
			);
		expect(offending).toEqual([]);
	});

	it('has no import cycle in nodes/ or credentials/', () => {
		const cycles: string[] = [];
		const state = new Map<string, 'open' | 'done'>();
		const stack: string[] = [];
		const visit = (file: string) => {
			state.set(file, 'open');
			stack.push(file);
			for (const next of graph.get(file) ?? []) {
				if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
				else if (!state.has(next)) visit(next);
			}
			stack.pop();
			state.set(file, 'done');
		};
		for (const file of graph.keys()) if (!state.has(file)) visit(file);
		expect(cycles).toEqual([]);
	});

	it('the push trigger: receiving and subscribing are written apart, each version only a dialect of them', () => {
		const trigger = 'nodes/SellerMarketplaceTrigger';
		const crossing = [...graph]
			.filter(([from]) => inside(`${trigger}/receiving`)(from) || inside(`${trigger}/subscribing`)(from))
			.flatMap(([from, targets]) => {
				const other = inside(`${trigger}/receiving`)(from) ? `${trigger}/subscribing` : `${trigger}/receiving`;
				const versions = targets.filter((to) => inside(`${trigger}/v1`)(to) || inside(`${trigger}/v2`)(to));
				return [...targets.filter(inside(other)), ...versions].map((to) => `${from} -> ${to}`);
			});
		expect(crossing).toEqual([]);
		expect(graph.get(`${trigger}/receiving/receive.ts`)).toContain(`${trigger}/dialect.ts`);
		expect(graph.get(`${trigger}/subscribing/lifecycle.ts`)).toContain(`${trigger}/dialect.ts`);
	});

	it('the two API clients stand apart: nodes/api/v1 (frozen) and nodes/api/v2 (live) never import each other', () => {
		// v1 is switched off and must not change when v2 follows a newer OpenAPI (e.g. a status list that grows).
		const crossing = [...graph].flatMap(([from, targets]) => {
			const other = inside('nodes/api/v1')(from) ? 'nodes/api/v2' : inside('nodes/api/v2')(from) ? 'nodes/api/v1' : '';
			return other ? targets.filter(inside(other)).map((to) => `${from} -> ${to}`) : [];
		});
		expect(crossing).toEqual([]);
	});

	it("the push trigger's static data has one owner: only shared/staticData.ts reaches it or names what it stores", () => {
		const readers = [...graph.keys()]
			.filter(inside('nodes/SellerMarketplaceTrigger'))
			.filter((file) =>
				/getWorkflowStaticData|seenDeliveries|recentMessageIds|TriggerStaticData/.test(
					readFileSync(join(ROOT, file), 'utf8'),
				),
			);
		expect(readers).toEqual(['nodes/SellerMarketplaceTrigger/shared/staticData.ts']);
	});
});
