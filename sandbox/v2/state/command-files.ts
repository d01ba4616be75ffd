/**
 * The v2 import files registered by URL under /import-files: inventory feeds and inventory command files (per
 * storefront) and order command files. Kept per store database like the variant suggestion files (a reset or a
 * loaded snapshot starts without any); their ids come from the store's import file sequence, so they are unique
 * across all import files as the OpenAPI says.
 *
 * Lifecycle, in sandbox time: NEW → DOWNLOADING at once → DOWNLOADED (or DOWNLOADING_FAILED with the reason in
 * `note`) → IMPORTING `processingSeconds` later → IMPORTED as long again, with `total_lines`, `current_line`,
 * `error_count` and the first errors in `note`; a file without a single usable row ends CHECKING_FAILED. Until
 * a file is finished, `ts_completed_iso` (and before its first row `ts_last_row_updated_iso`) read as
 * 1970-01-01T00:00:00Z: the OpenAPI requires a date-time there and allows no null.
 *
 * Rows:
 *  - ORDER_COMMAND: no header, `;`-separated: `MARK_UNIT_SENT;id_order_unit;carrier_code;tracking_number`
 *    (tracking number optional only for the carriers `Other` and `Other Hauler`) or
 *    `MARK_UNIT_CANCELLED;id_order_unit;reason`. Applied like PATCH /order-units/{id}/send and /cancel: a unit
 *    of another seller, fulfilled by the marketplace or in a status that does not allow it is an error line.
 *  - INVENTORY_FEED and INVENTORY_COMMAND: a header naming `ean` or `id_offer`; each row needs one of them. Feeds
 *    are checked, not applied to the storefront's units. Command rows are applied to the file's storefront, as the
 *    OpenAPI says the file's contents are imported ("delete/modify offers"): an optional `command` column, `UPDATE`
 *    (the default) or `ADD` changes the offer the row names (by `id_offer`, else `ean`) with the unit fields of its
 *    other columns (`amount`, `listing_price` in cents, …; `price` read as `listing_price`, as in API v1's COMMAND
 *    files), `DELETE` removes it; a row naming no offer of the storefront is an error line (the sandbox creates no
 *    offer from a file: create offers with POST /units).
 */
import type { SandboxCore } from '../../core/sandbox-core';
import { parseCsv } from '../../core/csv';
import { CANCEL_REASONS, CARRIER_CODES } from '../../core/enums';
import { fetchImportFile, newImportFile, setStatus } from '../../model/import-files';
import type { ImportFile, SandboxDb, Unit } from '../../core/types';
import { parseBody } from '../../core/validate';
import { applyFields, unitFields } from '../../model/units';
import { CANCEL, markCancelled, markSent, SEND, type StatusMove } from '../../model/order-units';

export const COMMAND_FILE_TYPES = ['INVENTORY_FEED', 'INVENTORY_COMMAND', 'ORDER_COMMAND'] as const;
export type CommandFileType = (typeof COMMAND_FILE_TYPES)[number];

export interface CommandFile extends ImportFile {
	type: CommandFileType;
	/** null for order command files, which have no storefront */
	storefront: string | null;
}

const files = new WeakMap<SandboxDb, CommandFile[]>();
const MAX_NOTED_ERRORS = 20;

/** Every command file of the store database, oldest first (tests and samples may add finished ones). */
export function allCommandFiles(db: SandboxDb): CommandFile[] {
	let all = files.get(db);
	if (!all) files.set(db, (all = []));
	return all;
}

export function commandFiles(core: SandboxCore, type: CommandFileType): CommandFile[] {
	return allCommandFiles(core.store.db).filter((file) => file.type === type);
}

export function startCommandFile(
	core: SandboxCore,
	type: CommandFileType,
	url: string,
	storefront: string | null,
): CommandFile {
	const file: CommandFile = { ...newImportFile(core, core.store.nextId('importFiles'), url, type), type, storefront };
	allCommandFiles(core.store.db).push(file);
	core.scheduler.after(0, `download ${type} file ${file.id_import_file}`, () => download(core, file));
	return file;
}

async function download(core: SandboxCore, file: CommandFile): Promise<void> {
	const text = await fetchImportFile(core, file);
	if (text === undefined) return;
	const rows = file.type === 'ORDER_COMMAND' ? orderCommandRows(text) : inventoryRows(text, file);
	file.total_lines = rows.length;
	const later = (what: string, step: () => void) =>
		core.scheduler.after(core.options.processingSeconds * 1000, `${what} ${file.id_import_file}`, step);
	later('start importing file', () => {
		setStatus(core, file, 'IMPORTING');
		later('finish importing file', () => importRows(core, file, rows));
	});
}

interface Row {
	line: number;
	/** applies the row, or throws why it cannot be applied */
	apply: (core: SandboxCore) => void;
}

function importRows(core: SandboxCore, file: CommandFile, rows: Row[]): void {
	const errors: string[] = [];
	for (const row of rows) {
		file.current_line = row.line;
		try {
			row.apply(core);
		} catch (error) {
			errors.push(`line ${row.line}: ${error instanceof Error ? error.message : String(error)}`);
		}
		file.ts_last_row_updated = core.timestamp();
	}
	file.error_count = errors.length;
	const noUsableRow = rows.length === 0 || errors.length === rows.length;
	setStatus(
		core,
		file,
		noUsableRow ? 'CHECKING_FAILED' : 'IMPORTED',
		(rows.length === 0 ? ['the file has no rows'] : errors).slice(0, MAX_NOTED_ERRORS).join('\n'),
	);
	file.ts_completed = file.ts_updated;
}

function inventoryRows(text: string, file: CommandFile): Row[] {
	const table = parseCsv(text);
	const keyed = table.header.includes('ean') || table.header.includes('id_offer');
	return table.rows.map(({ line, values }) => ({
		line,
		apply: (core) => {
			if (!keyed) throw new Error('the header names neither ean nor id_offer');
			const ean = values.ean ?? '';
			if (ean !== '' && !/^\d{8,14}$/.test(ean)) throw new Error(`'${ean}' is not an EAN`);
			if (ean === '' && !values.id_offer) throw new Error('the row has neither an ean nor an id_offer');
			if (file.type === 'INVENTORY_COMMAND') applyInventoryCommand(core, file.storefront ?? 'de', values);
		},
	}));
}

/** Columns of an inventory row read as whole numbers (prices in cents). */
const WHOLE_NUMBER_COLUMNS = new Set(['amount', 'listing_price', 'minimum_price', 'reference_price']);
/** Columns that name the offer, and the command: not changes. */
const KEY_COLUMNS = new Set(['command', 'ean', 'id_offer', 'id_item']);

/** One row of an inventory command file, applied to the offer it names on `storefront`. */
function applyInventoryCommand(core: SandboxCore, storefront: string, values: Record<string, string>): void {
	const command = (values.command || 'UPDATE').toUpperCase();
	const named = (unit: Unit) =>
		values.id_offer ? unit.id_offer === values.id_offer : (unit as Unit & { ean?: string }).ean === values.ean;
	const unit = core.store.db.units.find((u) => (u._storefront ?? 'de') === storefront && named(u));
	const name = values.id_offer ? `id_offer '${values.id_offer}'` : `ean '${values.ean}'`;
	if (!unit) throw new Error(`no offer with ${name} on storefront ${storefront}`);
	if (command === 'DELETE') {
		core.store.remove('units', unit);
		return;
	}
	if (command !== 'UPDATE' && command !== 'ADD')
		throw new Error(`command must be ADD, UPDATE or DELETE, got '${values.command}'`);
	const body: Record<string, unknown> = {};
	for (const [column, cell] of Object.entries(values)) {
		if (cell === '' || KEY_COLUMNS.has(column)) continue;
		const field = column === 'price' ? 'listing_price' : column;
		if (WHOLE_NUMBER_COLUMNS.has(field)) {
			if (!/^\d+$/.test(cell)) throw new Error(`${column} must be a whole number (prices in cents), got '${cell}'`);
			body[field] = Number(cell);
		} else body[field] = cell;
	}
	applyFields(unit, parseBody(body, unitFields(core)));
}

function orderCommandRows(text: string): Row[] {
	return text
		.replace(/^\uFEFF/, '')
		.split(/\r?\n/)
		.map((record, index) => ({
			line: index + 1,
			fields: record.split(';').map((field) => field.trim()),
		}))
		.filter(({ fields }) => fields.some((field) => field !== ''))
		.map(({ line, fields }) => ({
			line,
			apply: (core) => applyOrderCommand(core, fields),
		}));
}

function applyOrderCommand(core: SandboxCore, [command, id, ...rest]: string[]): void {
	const unit = /^\d+$/.test(id ?? '') ? core.store.find('orderUnits', id) : undefined;
	if (!unit) throw new Error(`no order unit '${id ?? ''}'`);
	if (unit._fulfilled_by_marketplace) throw new Error(`order unit ${id} is fulfilled by the marketplace`);
	const check = (move: StatusMove) => {
		if (!move.from.includes(unit.status))
			throw new Error(
				`order unit ${id} is '${unit.status}'; only ${move.from.join(' or ')} units can become '${move.to}'`,
			);
	};
	if (command === 'MARK_UNIT_SENT') {
		const [carrier = '', tracking = ''] = rest;
		if (!(CARRIER_CODES as readonly string[]).includes(carrier)) throw new Error(`'${carrier}' is not a carrier code`);
		if (tracking === '' && carrier !== 'Other' && carrier !== 'Other Hauler')
			throw new Error(`carrier '${carrier}' needs a tracking number`);
		check(SEND);
		markSent(core, unit, { carrier_code: carrier, tracking_number: tracking });
	} else if (command === 'MARK_UNIT_CANCELLED') {
		const [reason = ''] = rest;
		if (!(CANCEL_REASONS as readonly string[]).includes(reason)) throw new Error(`'${reason}' is not a cancel reason`);
		check(CANCEL);
		markCancelled(core, unit, reason);
	} else {
		throw new Error(`command must be MARK_UNIT_SENT or MARK_UNIT_CANCELLED, got '${command}'`);
	}
}
