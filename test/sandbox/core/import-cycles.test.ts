/**
 * The sandbox's modules form no import cycle (type-only imports count too: they tie the design together), and its
 * layers hold: `core/` knows no API version, `model/` builds on `core/` only, `v1/` and `v2/` on `core/` and `model/`.
 */
import fs from 'fs';
import path from 'path';

const ROOT = path.join(__dirname, '..', '..', '..', 'sandbox');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']*)'|import\('(\.[^']*)'\)|require\('(\.[^']*)'\)/g;

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

function resolve(from: string, specifier: string): string | undefined {
	const base = path.resolve(path.dirname(from), specifier);
	return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
}

/** Relative imports of every sandbox file, as file → imported files. */
function importGraph(root = ROOT): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const file of sourceFiles(root)) {
		const text = fs.readFileSync(file, 'utf8');
		const targets = [...text.matchAll(IMPORT)]
			.map((match) => resolve(file, match[1] ?? match[2] ?? match[3]))
			.filter((target): target is string => target !== undefined);
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	const visit = (file: string) => {
		index.set(file, next);
		low.set(file, next++);
		stack.push(file);
		onStack.add(file);
		for (const target of graph.get(file) ?? []) {
			if (!index.has(target)) {
				visit(target);
				low.set(file, Math.min(low.get(file)!, low.get(target)!));
			} else if (onStack.has(target)) {
				low.set(file, Math.min(low.get(file)!, index.get(target)!));
			}
		}
		if (low.get(file) !== index.get(file)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return cycles.map((cycle) => cycle.map((file) => path.relative(path.dirname(ROOT), file)));
}

/** Folders of sandbox/ and the folders each may import from (besides itself). */
const LAYERS: Record<string, string[]> = {
	core: [],
	model: ['core'],
	v1: ['core', 'model'],
	v2: ['core', 'model'],
};

/** Imports that cross a layer the wrong way, as 'from → to' (paths relative to sandbox/). */
function layerBreaches(graph: Map<string, string[]>, root = ROOT): string[] {
	const layerOf = (file: string) => path.relative(root, file).split(path.sep)[0];
	const breaches: string[] = [];
	for (const [file, targets] of graph) {
		const allowed = LAYERS[layerOf(file)];
		if (!allowed) continue;
		for (const target of targets) {
			const layer = layerOf(target);
			if (layer !== layerOf(file) && !allowed.includes(layer))
				breaches.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
		}
	}
	return breaches;
}

describe('sandbox imports', () => {
	it('finds a cycle when there is one', () => {
		const graph = new Map([
			['a', ['b']],
			['b', ['c']],
			['c', ['a']],
			['d', ['a']],
		]);
		expect(importCycles(graph)).toHaveLength(1);
	});

	it('reads every sandbox file', () => {
		const graph = importGraph();
		expect([...graph.keys()].map((file) => path.relative(ROOT, file))).toEqual(
			expect.arrayContaining(['index.ts', 'cli.ts']),
		);
		expect(graph.get(path.join(ROOT, 'cli.ts'))).toEqual([path.join(ROOT, 'index.ts')]);
	});

	it('has no import cycle', () => {
		expect(importCycles(importGraph())).toEqual([]);
	});

	it('finds an import across the layers the wrong way', () => {
		const file = (name: string) => path.join(ROOT, name);
		const graph = new Map([
			[file('core/server.ts'), [file('core/store.ts'), file('v1/front.ts')]],
			[file('model/tickets.ts'), [file('core/store.ts'), file('v2/views.ts')]],
			[file('v1/routes/tickets.ts'), [file('model/tickets.ts'), file('v1/router.ts'), file('v2/state/vouchers.ts')]],
			[file('v2/routes/units.ts'), [file('model/units.ts'), file('core/store.ts')]],
			[file('index.ts'), [file('v1/front.ts'), file('v2/front.ts')]],
		]);
		expect(layerBreaches(graph)).toEqual([
			'core/server.ts → v1/front.ts',
			'model/tickets.ts → v2/views.ts',
			'v1/routes/tickets.ts → v2/state/vouchers.ts',
		]);
	});

	it('keeps the layers: core knows no API version, model builds on core, v1 and v2 only on core and model', () => {
		const graph = importGraph();
		expect([...graph.keys()].some((file) => file.startsWith(path.join(ROOT, 'model') + path.sep))).toBe(true);
		expect(layerBreaches(graph)).toEqual([]);
	});
});
