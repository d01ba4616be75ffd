/**
 * Import files: the sandbox downloads the CSV from a loopback http(s) URI, then processes it
 * `processingSeconds` of sandbox time later. Formats: see sandbox/README.md "Import files".
 */
import { parseTimestamp } from '../core/clock';
import type { SandboxCore } from '../core/sandbox-core';
import { parseCsv } from '../core/csv';
import { unprocessable } from '../core/errors';
import { httpCall } from '../core/http-client';
import { isLoopback } from '../core/server';
import type { ImportFile, Unit } from '../core/types';
import { Check, httpUrl, parseBody } from '../core/validate';
import { readUpload, uploadProductData } from './product-data';
import { unitFields, upsertUnit } from './units';

const DAY_MS = 24 * 3600 * 1000;
const MAX_FILE_BYTES = 50 * 1024 * 1024;

export const loopbackUri: Check<string> = (value, field) => {
	const url = httpUrl(value, field);
	const host = url.hostname.replace(/^\[|\]$/g, '');
	if (host !== 'localhost' && !isLoopback(host)) {
		throw unprocessable(
			`${field} must point to a loopback address in the sandbox (127.0.0.1, localhost or [::1]), got '${url.hostname}'`,
		);
	}
	return value as string;
};

/** Seconds until another product feed is allowed (at most `productFeedsPerDay` a day), or undefined when one is. */
export function productFeedWait(core: SandboxCore): number | undefined {
	const since = core.now() - DAY_MS;
	const recent = core.store.db.importFiles.filter(
		(f) => f.type === 'PRODUCT_FEED' && parseTimestamp(f.ts_created) > since,
	);
	if (recent.length < core.options.productFeedsPerDay) return undefined;
	const oldest = parseTimestamp(recent[0].ts_created);
	return Math.max(1, Math.ceil((oldest + DAY_MS - core.now()) / 1000 / core.options.timeScale));
}

/** A new import file record (NEW, nothing read yet). */
export function newImportFile(core: SandboxCore, id: number, uri: string, type: string): ImportFile {
	const now = core.timestamp();
	return {
		id_import_file: id,
		uri,
		status: 'NEW',
		type,
		note: '',
		total_lines: 0,
		current_line: 0,
		error_count: 0,
		product_feed_async_done: 0,
		ts_created: now,
		ts_updated: now,
		ts_last_row_updated: null,
		ts_completed: null,
		_errors: [],
	};
}

/** Stores a new import file and starts its download; both APIs create import files through this. */
export function startImportFile(core: SandboxCore, uri: string, type: string): ImportFile {
	const file = core.store.insert('importFiles', newImportFile(core, core.store.nextId('importFiles'), uri, type));
	core.scheduler.after(0, `download import file ${file.id_import_file}`, () => download(core, file));
	return file;
}

export function setStatus(core: SandboxCore, file: ImportFile, status: string, note?: string): void {
	file.status = status;
	file.ts_updated = core.timestamp();
	if (note !== undefined) file.note = note;
	if (status === 'DONE' || status.endsWith('_FAILED')) file.ts_completed = file.ts_updated;
}

/** Downloads the file (DOWNLOADING, then DOWNLOADED or DOWNLOADING_FAILED with the reason); its text, or undefined. */
export async function fetchImportFile(core: SandboxCore, file: ImportFile): Promise<string | undefined> {
	setStatus(core, file, 'DOWNLOADING');
	const result = await httpCall(file.uri, { method: 'GET', timeoutMs: 30_000, maxBytes: MAX_FILE_BYTES });
	if (result.error || result.status !== 200) {
		setStatus(core, file, 'DOWNLOADING_FAILED', `download failed: ${result.error ?? `HTTP ${result.status}`}`);
		return undefined;
	}
	setStatus(core, file, 'DOWNLOADED');
	return result.body;
}

async function download(core: SandboxCore, file: ImportFile): Promise<void> {
	const text = await fetchImportFile(core, file);
	if (text === undefined) return;
	const table = parseCsv(text);
	file.total_lines = table.rows.length;
	core.scheduler.after(core.options.processingSeconds * 1000, `import file ${file.id_import_file}`, () => {
		if (core.store.find('importFiles', file.id_import_file) === file) importRows(core, file, text);
	});
}

function importRows(core: SandboxCore, file: ImportFile, text: string): void {
	setStatus(core, file, 'IMPORTING');
	const fail = (line: number, error: unknown) => {
		file.error_count++;
		file._errors.push(`line ${line}: ${error instanceof Error ? error.message : String(error)}`);
	};
	if (file.type === 'COMMAND' && /^\s*FLUSH;?\s*$/i.test(text)) {
		// a file holding only FLUSH empties the inventory
		for (const unit of [...core.store.db.units]) core.store.remove('units', unit);
	} else {
		const table = parseCsv(text);
		const touched = new Set<number>();
		for (const { line, values } of table.rows) {
			file.current_line = line;
			try {
				if (file.type === 'PRODUCT_FEED') importProductRow(core, values);
				else {
					const unitId = importInventoryRow(core, values);
					if (unitId !== undefined) touched.add(unitId);
				}
			} catch (error) {
				fail(line, error);
			}
			file.ts_last_row_updated = core.timestamp();
		}
		// a DUMP is the full inventory: units it does not name are deleted
		if (file.type === 'DUMP' && file.error_count === 0) {
			for (const unit of core.store.db.units.filter((u) => !touched.has(u.id_unit))) core.store.remove('units', unit);
		}
	}
	file.note = file._errors.slice(0, 20).join('\n');
	setStatus(core, file, 'DONE');
	// 1 means the feed was imported successfully: every row, no errors
	if (file.type === 'PRODUCT_FEED' && file.error_count === 0) file.product_feed_async_done = 1;
}

/** Product feed row: columns are attribute names; several values in one cell are separated by '|'. */
function importProductRow(core: SandboxCore, values: Record<string, string>): void {
	const ean = values.ean;
	if (!ean || !/^\d{8,14}$/.test(ean)) throw new Error(`'${ean ?? ''}' is not an EAN`);
	const upload: Record<string, unknown> = {};
	for (const [name, cell] of Object.entries(values)) {
		if (cell !== '') upload[name] = cell.split('|').map((v) => v.trim());
	}
	uploadProductData(core, ean, readUpload(upload), 'replace');
}

const NUMERIC_COLUMNS = new Set([
	'id_item',
	'amount',
	'listing_price',
	'minimum_price',
	'reference_price',
	'delivery_time_min',
	'delivery_time_max',
]);

/** Inventory row (COMMAND or DUMP): the fields of POST /units/; `price` is read as `listing_price`; command DELETE removes. */
function importInventoryRow(core: SandboxCore, values: Record<string, string>): number | undefined {
	const { command = 'UPDATE', price, ...columns } = values;
	const body: Record<string, unknown> = {};
	for (const [name, cell] of Object.entries({
		...columns,
		...(price !== undefined && !columns.listing_price && { listing_price: price }),
	})) {
		if (cell === '') continue;
		if (NUMERIC_COLUMNS.has(name)) {
			if (!/^\d+$/.test(cell)) throw new Error(`${name} must be a whole number (prices in cents), got '${cell}'`);
			body[name] = Number(cell);
		} else body[name] = name === 'condition' ? cell.toLowerCase() : cell;
	}
	const fields = unitFields(core);
	const checked = parseBody(body, fields);
	switch (command.toUpperCase()) {
		case 'DELETE': {
			const matches =
				checked.id_offer !== undefined
					? (u: Unit) => u.id_offer === checked.id_offer
					: checked.ean !== undefined
						? (u: Unit) => u.ean === checked.ean
						: (u: Unit) => u.id_item === checked.id_item;
			const unit = core.store.db.units.find(matches);
			if (!unit) throw new Error('no unit matches this row');
			core.store.remove('units', unit);
			core.notifier.emit('item_unit_deleted', `/units/${unit.id_unit}/`);
			return undefined;
		}
		case 'ADD':
		case 'UPDATE':
			return upsertUnit(core, checked).id_unit;
		default:
			throw new Error(`command must be ADD, UPDATE or DELETE, got '${command}'`);
	}
}
