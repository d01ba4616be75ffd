/**
 * Variant suggestion files (v2 only, no v1 counterpart): kept per store database, so a reset or a loaded
 * snapshot starts without any (they are not saved in snapshots). The sandbox downloads the CSV from the URL (a
 * loopback address), counts its rows, and `processingSeconds` later marks the file DONE with every row read;
 * it does not change products. A failed download is DOWNLOADING_FAILED with the reason in `note`.
 */
import { parseTimestamp } from '../../core/clock';
import type { SandboxCore } from '../../core/sandbox-core';
import { parseCsv } from '../../core/csv';
import { fetchImportFile, newImportFile, setStatus } from '../../model/import-files';
import type { ImportFile, SandboxDb } from '../../core/types';

const files = new WeakMap<SandboxDb, ImportFile[]>();
let lastId = 900_000;

export function variantSuggestionFiles(core: SandboxCore): ImportFile[] {
	return variantSuggestionFilesOf(core.store.db);
}

/** The same list by the store database, for tests that add a file without the API. */
export function variantSuggestionFilesOf(db: SandboxDb): ImportFile[] {
	let list = files.get(db);
	if (!list) files.set(db, (list = []));
	return list;
}

async function download(core: SandboxCore, file: ImportFile): Promise<void> {
	const text = await fetchImportFile(core, file);
	if (text === undefined) return;
	file.total_lines = parseCsv(text).rows.length;
	core.scheduler.after(core.options.processingSeconds * 1000, `variant suggestion file ${file.id_import_file}`, () => {
		file.current_line = file.total_lines;
		file.ts_last_row_updated = core.timestamp();
		file.product_feed_async_done = 1;
		setStatus(core, file, 'DONE');
	});
}

export function startVariantSuggestionFile(core: SandboxCore, uri: string): ImportFile {
	const file = newImportFile(core, ++lastId, uri, 'VARIANT_SUGGESTIONS');
	variantSuggestionFiles(core).push(file);
	core.scheduler.after(0, `download variant suggestion file ${file.id_import_file}`, () => download(core, file));
	return file;
}

const DAY_MS = 24 * 3600 * 1000;

/** Seconds until another upload is allowed (at most `productFeedsPerDay` in 24 h, as for product data), or undefined. */
export function variantSuggestionWait(core: SandboxCore): number | undefined {
	const recent = variantSuggestionFiles(core).filter((f) => parseTimestamp(f.ts_created) > core.now() - DAY_MS);
	if (recent.length < core.options.productFeedsPerDay) return undefined;
	return Math.max(
		1,
		Math.ceil((parseTimestamp(recent[0].ts_created) + DAY_MS - core.now()) / 1000 / core.options.timeScale),
	);
}
