/**
 * GPSR contacts of API v2 (v2-only state): the seller's manufacturer and EU-responsible-person contacts, per
 * manufacturer of the catalogue or per product (EAN). Kept on the db object (`v2Contacts`), so a reset empties them
 * and a snapshot keeps them.
 */
import type { SandboxDb } from '../../core/types';

export interface StoredContact {
	contact_type: string;
	contact: Record<string, unknown>;
	created_at: string;
	updated_at: string | null;
}

/** contacts by owner key (`manufacturer:<canonical name>` or `product:<ean>`), then by contact type */
type ContactState = Record<string, Record<string, StoredContact>>;

export function contactState(db: SandboxDb): ContactState {
	const holder = db as SandboxDb & { v2Contacts?: ContactState };
	holder.v2Contacts ??= {};
	return holder.v2Contacts;
}

export function contactsOf(db: SandboxDb, owner: string): StoredContact[] {
	return Object.values(contactState(db)[owner] ?? {});
}
