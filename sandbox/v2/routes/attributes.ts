/**
 * Attributes of product data (the v1 store's, the same on every storefront; `locale` is accepted, the sandbox
 * has one language): list in id order, search (every word of `q` in the name or title), by id, by name
 * (exact, case-insensitive). The shared-set operations are not simulated (the sandbox has no shared sets).
 */
import { page } from '../collection';
import { param, text, V2Operations } from '../handler';
import { invalidField } from '../problems';
import { attributeView, viewOrMissing } from '../state/catalog';

export const operations: V2Operations = {
	GetAttributeList: (ctx) => page(ctx, ctx.core.store.db.attributes, attributeView),
	GetAttributeListBySearch: (ctx) => {
		const words = text(ctx, 'q')!.toLowerCase().split(/\s+/).filter((w) => w !== '');
		if (words.length === 0) throw invalidField('q', 'must name something to search for');
		const rows = ctx.core.store.db.attributes.filter((a) => words.every((w) => `${a.name} ${a.title}`.toLowerCase().includes(w)));
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
};
