/**
 * .e2e/runs keeps the newest few runs of every name (demo, e2e, bench-real, …) and removes the older
 * ones before a new run starts, so a clone that runs the demo and the tests for months does not collect
 * gigabytes of old n8n user folders.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { KEEP_RUNS, pruneRuns } from '../../e2e/lib/environment';

function runsFolder(entries: string[]): string {
	const dir = mkdtempSync(join(tmpdir(), 'seller-runs-'));
	for (const entry of entries) {
		mkdirSync(join(dir, entry, '.n8n'), { recursive: true });
		writeFileSync(join(dir, entry, '.n8n', 'database.sqlite'), 'x');
	}
	return dir;
}

const at = (day: number, hour = 8) =>
	`2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}-00-00-000Z`;

it(`keeps the newest ${KEEP_RUNS} runs of every name, by the start time in their name`, () => {
	const dir = runsFolder([
		`demo-${at(20)}`,
		`demo-${at(21)}`,
		`demo-${at(22)}`,
		`demo-${at(3)}`,
		`e2e-${at(1)}`,
		`e2e-${at(2)}`,
		`e2e-${at(2, 9)}`,
		`bench-real-${at(5)}`,
	]);
	expect(pruneRuns(dir)).toEqual([`demo-${at(3)}`, `demo-${at(20)}`, `e2e-${at(1)}`]);
	expect(readdirSync(dir).sort()).toEqual([
		`bench-real-${at(5)}`,
		`demo-${at(21)}`,
		`demo-${at(22)}`,
		`e2e-${at(2)}`,
		`e2e-${at(2, 9)}`,
	]);
});

it('lets a run ask for fewer of its own name, and leaves other names at the default', () => {
	const dir = runsFolder([`bench-real-${at(1)}`, `bench-real-${at(2)}`, `demo-${at(1)}`, `demo-${at(2)}`]);
	expect(pruneRuns(dir, { 'bench-real': 1 })).toEqual([`bench-real-${at(1)}`]);
	expect(readdirSync(dir).sort()).toEqual([`bench-real-${at(2)}`, `demo-${at(1)}`, `demo-${at(2)}`]);
});

it('never touches folders it did not name, and copes with a missing runs folder', () => {
	const dir = runsFolder(['my-notes', `demo-${at(1)}-copy`, 'demo-2026-11-01']);
	expect(pruneRuns(dir, { demo: 0 })).toEqual([]);
	expect(readdirSync(dir).sort()).toEqual(['demo-2026-11-01', `demo-${at(1)}-copy`, 'my-notes']);
	expect(pruneRuns(join(dir, 'absent'))).toEqual([]);
});
