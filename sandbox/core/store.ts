/** The in-memory database: arrays of API-shaped records plus lazily built id indexes; snapshot files. */
import fs from 'fs';
import path from 'path';
import { badRequest, notFound, unprocessable } from './errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './limits';
import type { CollectionName, SandboxDb } from './types';

export const ID_FIELDS: Record<CollectionName, string> = {
	categories: 'id_category',
	attributes: 'id_attribute',
	items: 'id_item',
	units: 'id_unit',
	orders: 'id_order',
	orderUnits: 'id_order_unit',
	orderInvoices: 'id_invoice',
	returns: 'id_return',
	returnUnits: 'id_return_unit',
	tickets: 'id_ticket',
	ticketMessages: 'id_ticket_message',
	claims: 'id_claim',
	claimMessages: 'id_claim_message',
	subscriptions: 'id_subscription',
	importFiles: 'id_import_file',
	productData: 'ean',
	shippingGroups: 'name',
	warehouses: 'id_warehouse',
};

export const COLLECTIONS = Object.keys(ID_FIELDS) as CollectionName[];

type Row<K extends CollectionName> = SandboxDb[K][number];

export function emptyDb(): SandboxDb {
	const db = { lastIds: {} } as SandboxDb;
	for (const name of COLLECTIONS) (db[name] as unknown[]) = [];
	return db;
}

/** A copy of a record without the sandbox-internal `_` fields (recursively for nested records). */
export function publicView<T>(record: T): T {
	if (Array.isArray(record)) return record.map(publicView) as T;
	if (record === null || typeof record !== 'object') return record;
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
		if (!key.startsWith('_')) out[key] = publicView(value);
	}
	return out as T;
}

export class Store {
	private indexes = new Map<CollectionName, Map<string, unknown>>();

	constructor(public db: SandboxDb) {}

	replace(db: SandboxDb): void {
		this.db = db;
		this.indexes.clear();
	}

	find<K extends CollectionName>(name: K, id: string | number): Row<K> | undefined {
		const key = String(id);
		let index = this.indexes.get(name);
		// records pushed straight into db arrays (e.g. by tests) are picked up by a rebuild
		if (!index || index.size !== this.db[name].length) index = this.rebuild(name);
		return index.get(key) as Row<K> | undefined;
	}

	/** find() or a 404 naming the record. */
	get<K extends CollectionName>(name: K, id: string | number, what: string): Row<K> {
		const row = this.find(name, id);
		if (!row) throw notFound(`${what} ${id} not found`);
		return row;
	}

	insert<K extends CollectionName>(name: K, row: Row<K>): Row<K> {
		(this.db[name] as Row<K>[]).push(row);
		this.indexes.get(name)?.set(String((row as unknown as Record<string, unknown>)[ID_FIELDS[name]]), row);
		return row;
	}

	remove<K extends CollectionName>(name: K, row: Row<K>): void {
		const rows = this.db[name] as Row<K>[];
		const i = rows.indexOf(row);
		if (i >= 0) rows.splice(i, 1);
		this.indexes.get(name)?.delete(String((row as unknown as Record<string, unknown>)[ID_FIELDS[name]]));
	}

	nextId(name: CollectionName, start = 1): number {
		const next = Math.max(this.db.lastIds[name] ?? start - 1, start - 1) + 1;
		this.db.lastIds[name] = next;
		return next;
	}

	private rebuild(name: CollectionName): Map<string, unknown> {
		const field = ID_FIELDS[name];
		const index = new Map<string, unknown>();
		for (const row of this.db[name] as unknown as Array<Record<string, unknown>>) index.set(String(row[field]), row);
		this.indexes.set(name, index);
		return index;
	}
}

/** publicView of one record, typed as an open object so views can add embedded fields. */
export function publicRecord(record: object): Record<string, unknown> {
	return publicView(record) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Snapshots: the whole db as one JSON file

/** stored records hold request bodies a few levels below the top of the db */
const MAX_SNAPSHOT_DEPTH = MAX_JSON_DEPTH * 2;
const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,94}\.json$/;

/** The file for a snapshot name given over HTTP: a plain `*.json` file name inside `dir`, nothing else. */
export function snapshotFile(dir: string, name: unknown): string {
	if (typeof name !== 'string' || !SNAPSHOT_NAME.test(name) || name.includes('..')) {
		throw badRequest(
			`name must be a file name like 'state.json' (letters, digits, '.', '_' or '-', ending in .json, ` +
				`at most 100 characters); snapshots are kept in ${dir}`,
		);
	}
	return path.join(dir, name);
}

/** Writes the db to `file` through a temporary file, so a failed save never leaves half a snapshot. */
export function writeSnapshot(file: string, db: SandboxDb): void {
	const text = JSON.stringify(db);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const temporary = `${file}.${process.pid}.tmp`;
	try {
		fs.writeFileSync(temporary, text, { mode: 0o600 });
		fs.renameSync(temporary, file);
	} catch (error) {
		fs.rmSync(temporary, { force: true });
		throw error;
	}
}

/** Reads a snapshot; URLs in it carry the origin it was saved with and are pointed at `origin`. */
export function readSnapshot(file: string, origin: string): SandboxDb {
	const text = fs.readFileSync(file, 'utf8').replace(/http:\/\/[^/"]+\/api\/v1\//g, `${origin}/api/v1/`);
	const fault = `${file} is not a sandbox snapshot`;
	if (nestsDeeperThan(text, MAX_SNAPSHOT_DEPTH))
		throw unprocessable(`${fault}: nested deeper than ${MAX_SNAPSHOT_DEPTH} levels`);
	let db: SandboxDb;
	try {
		db = JSON.parse(text) as SandboxDb;
	} catch {
		throw unprocessable(`${fault}: not JSON`);
	}
	if (typeof db !== 'object' || db === null || Array.isArray(db)) throw unprocessable(`${fault}: not a JSON object`);
	db.lastIds ??= {};
	for (const name of COLLECTIONS) {
		// snapshots from before a collection existed simply have none of it
		(db[name] as unknown[]) ??= [];
		if (!Array.isArray(db[name])) throw unprocessable(`${fault}: ${name} is not a list`);
	}
	return db;
}
