/**
 * Attributes of product data (the v1 store's, the same on every storefront; `locale` is accepted, the sandbox
 * has one language): list in id order, search (every word of `q` in the name or title), by id, by name
 * (exact, case-insensitive). Shared sets (../state/shared-sets.ts): the values of a shared-set attribute, searched
 * by a text in the label (case-insensitive), and the signed address of their CSV. The list answers 400 for an
 * attribute that is unknown or no shared set (the OpenAPI declares no 404 there); the CSV address 404 with a message alone, as its schema says.
 */
import type { Attribute } from '../../core/types';
import { page } from '../collection';
import { ok, param, text, V2Context, V2Operations } from '../handler';
import { invalidField } from '../problems';
import { attributeView, viewOrMissing } from '../state/catalog';
import { isSharedSet, sharedSetFileUrl, sharedSetValues } from '../../model/shared-sets';

function sharedSetAttribute(ctx: V2Context): Attribute | undefined {
	const attribute = ctx.core.store.find('attributes', Number(param(ctx, 'id_attribute')));
	return attribute && isSharedSet(attribute) ? attribute : undefined;
}

export const operations: V2Operations = {
	GetAttributeList: (ctx) => page(ctx, ctx.core.store.db.attributes, attributeView),
	GetAttributeListBySearch: (ctx) => {
		const words = text(ctx, 'q')!
			.toLowerCase()
			.split(/\s+/)
			.filter((w) => w !== '');
		if (words.length === 0) throw invalidField('q', 'must name something to search for');
		const rows = ctx.core.store.db.attributes.filter((a) =>
			words.every((w) => `${a.name} ${a.title}`.toLowerCase().includes(w)),
		);
		return page(ctx, rows, attributeView);
	},
	GetAttribute: (ctx) => {
		const id = param(ctx, 'id_attribute');
		return viewOrMissing(ctx.core.store.find('attributes', Number(id)), `Attribute ${id}`, attributeView);
	},
	GetAttributeByName: (ctx) => {
		const name = param(ctx, 'name');
		const attribute = ctx.core.store.db.attributes.find((a) => a.name.toLowerCase() === name.toLowerCase());
		return viewOrMissing(attribute, `Attribute '${name}'`, attributeView);
	},
	GetSharedSetListBySearchAndAttributeId: (ctx) => {
		const attribute = sharedSetAttribute(ctx);
		if (!attribute)
			throw invalidField('id_attribute', `attribute ${param(ctx, 'id_attribute')} is unknown or has no shared set`);
		const q = text(ctx, 'q')?.trim().toLowerCase() ?? '';
		return page(
			ctx,
			sharedSetValues(ctx.core, attribute).filter((entry) => entry.label.toLowerCase().includes(q)),
			(entry) => entry,
		);
	},
	GetSharedSetCsvFileByAttributeId: (ctx) => {
		const attribute = sharedSetAttribute(ctx);
		// This operation's 404 is the OpenAPI's NotFoundResponse: a message alone.
		if (!attribute)
			return { status: 404, body: { message: `Shared set of attribute ${param(ctx, 'id_attribute')} not found` } };
		return ok(sharedSetFileUrl(ctx.core, attribute, text(ctx, 'locale')!));
	},
};
