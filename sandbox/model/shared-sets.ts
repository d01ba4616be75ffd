/**
 * Shared sets: the closed lists of values some attributes take. In the sandbox the `manufacturer` attribute is one,
 * its values the manufacturers of the catalogue (label = value: the sandbox has one language). The CSV of a shared
 * set is handed out as a signed address valid for six days of sandbox time, like the real one; the addresses live on
 * the db object (`v2SharedSetFiles`, the newest MAX_FILES), so a reset forgets them.
 */
import { randomBytes } from 'crypto';
import type { SandboxCore } from '../core/sandbox-core';
import type { Attribute, SandboxDb } from '../core/types';
import { downloadUrl } from './downloads';

export const SHARED_SET_ATTRIBUTES: readonly string[] = ['manufacturer'];
export const FILE_VALID_SECONDS = 6 * 24 * 3600;
const MAX_FILES = 1000;

export interface SharedSetValue {
	label: string;
	value: string;
}

export interface SharedSetFile {
	token: string;
	id_attribute: number;
	locale: string;
	/** sandbox time (ms) after which the address no longer works */
	expires: number;
}

export function isSharedSet(attribute: Attribute): boolean {
	return SHARED_SET_ATTRIBUTES.includes(attribute.name);
}

export function sharedSetValues(core: SandboxCore, attribute: Attribute): SharedSetValue[] {
	if (attribute.name !== 'manufacturer') return [];
	const names = [...new Set(core.store.db.items.map((item) => item.manufacturer).filter((name) => name !== ''))].sort(
		(a, b) => a.localeCompare(b),
	);
	return names.map((name) => ({ label: name, value: name }));
}

function files(db: SandboxDb): SharedSetFile[] {
	const holder = db as SandboxDb & { v2SharedSetFiles?: SharedSetFile[] };
	holder.v2SharedSetFiles ??= [];
	return holder.v2SharedSetFiles;
}

/** A new signed address of the shared set's CSV. */
export function sharedSetFileUrl(core: SandboxCore, attribute: Attribute, locale: string): string {
	const list = files(core.store.db);
	const file = {
		token: randomBytes(24).toString('hex'),
		id_attribute: attribute.id_attribute,
		locale,
		expires: core.now() + FILE_VALID_SECONDS * 1000,
	};
	list.push(file);
	list.splice(0, Math.max(0, list.length - MAX_FILES));
	return downloadUrl(core, `/shared-set-files/${file.token}`);
}

export function findSharedSetFile(core: SandboxCore, token: string): SharedSetFile | undefined {
	return files(core.store.db).find((file) => file.token === token);
}

export function sharedSetCsv(values: SharedSetValue[]): string {
	const cell = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
	return ['value;label', ...values.map(({ value, label }) => `${cell(value)};${cell(label)}`)].join('\n') + '\n';
}
