/**
 * GPSR contacts: per manufacturer of the catalogue (`/contacts/manufacturers/{name}`, matched without
 * regard to case; the answer names the catalogue's spelling) and per product (`/contacts/products/{ean}`, an EAN of
 * the catalogue); an unknown manufacturer or EAN is 404. PUT creates or replaces one contact type (200; `created_at`
 * stays, `updated_at` is set on a replacement), DELETE removes it (204; 404 when there is none).
 *
 * Stricter than the schema, as the descriptions say (422 `/problems/validation-error`): at least one of
 * `email_address` and `website_url`; `postal_code` when the country is an EU member state; the e-mail an address,
 * the website an http(s) URL.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import { found, noContent, ok, param, V2Context, V2Operations } from '../handler';
import { ErrorDetail, Problem } from '../problems';
import { contactsOf, contactState, StoredContact } from '../state/contacts';

const EU_COUNTRIES = new Set(
	'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

interface ContactInput {
	name: string;
	postal_address: {
		street: string;
		house_number: string;
		city: string;
		postal_code?: string | null;
		country_code: string;
		address_additional?: string | null;
	};
	contact_info: { email_address?: string; website_url?: string; phone_number?: string | null };
}

function manufacturerOwner(core: SandboxCore, name: string): { owner: string; canonical: string } {
	const wanted = name.trim().toLowerCase();
	const item = found(
		core.store.db.items.find((candidate) => candidate.manufacturer.toLowerCase() === wanted),
		`Manufacturer '${name}'`,
	);
	return { owner: `manufacturer:${item.manufacturer}`, canonical: item.manufacturer };
}

function productOwner(core: SandboxCore, ean: string): string {
	found(
		core.store.db.items.find((item) => item.eans.includes(ean)),
		`Product with EAN '${ean}'`,
	);
	return `product:${ean}`;
}

function checkContact(input: ContactInput): void {
	const errors: ErrorDetail[] = [];
	const { email_address, website_url } = input.contact_info;
	if (!email_address && !website_url)
		errors.push({ field: 'contact_info', message: 'needs email_address or website_url' });
	if (email_address && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email_address))
		errors.push({ field: 'contact_info.email_address', message: 'must be an e-mail address' });
	if (website_url && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(website_url))
		errors.push({ field: 'contact_info.website_url', message: 'must be an http(s) URL' });
	const country = input.postal_address.country_code.toUpperCase();
	if (EU_COUNTRIES.has(country) && !input.postal_address.postal_code) {
		errors.push({ field: 'postal_address.postal_code', message: `is required for ${country}, an EU member state` });
	}
	if (errors.length)
		throw new Problem(
			422,
			'/problems/validation-error',
			`Invalid contact: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
			errors,
		);
}

function upsert(ctx: V2Context, owner: string): StoredContact {
	const input = ctx.body as ContactInput;
	checkContact(input);
	const type = param(ctx, 'contact_type');
	const contacts = (contactState(ctx.core.store.db)[owner] ??= {});
	const now = new Date(ctx.core.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
	const contact = {
		name: input.name,
		postal_address: {
			postal_code: null,
			address_additional: null,
			...input.postal_address,
			country_code: input.postal_address.country_code.toUpperCase(),
		},
		contact_info: { ...input.contact_info },
	};
	const previous = contacts[type];
	contacts[type] = {
		contact_type: type,
		contact,
		created_at: previous?.created_at ?? now,
		updated_at: previous ? now : null,
	};
	return contacts[type];
}

function remove(ctx: V2Context, owner: string, what: string) {
	const type = param(ctx, 'contact_type');
	const contacts = contactState(ctx.core.store.db)[owner];
	found(contacts?.[type], `${type} contact of ${what}`);
	delete contacts[type];
	return noContent();
}

export const operations: V2Operations = {
	GetManufacturerContacts: (ctx) => {
		const { owner, canonical } = manufacturerOwner(ctx.core, param(ctx, 'manufacturer_name'));
		return ok({ contacts: contactsOf(ctx.core.store.db, owner), manufacturer_name: canonical });
	},
	UpsertManufacturerContact: (ctx) =>
		ok(upsert(ctx, manufacturerOwner(ctx.core, param(ctx, 'manufacturer_name')).owner)),
	DeleteManufacturerContact: (ctx) => {
		const { owner, canonical } = manufacturerOwner(ctx.core, param(ctx, 'manufacturer_name'));
		return remove(ctx, owner, `manufacturer '${canonical}'`);
	},
	GetProductContacts: (ctx) =>
		ok({ contacts: contactsOf(ctx.core.store.db, productOwner(ctx.core, param(ctx, 'ean'))) }),
	UpsertProductContact: (ctx) => ok(upsert(ctx, productOwner(ctx.core, param(ctx, 'ean')))),
	DeleteProductContact: (ctx) => remove(ctx, productOwner(ctx.core, param(ctx, 'ean')), `EAN ${param(ctx, 'ean')}`),
};
