/**
 * Products (the catalogue, shared by every storefront in the sandbox): by id, by EAN, and a search by text.
 * Search matches every word of `q` (case-insensitive) in the title, the manufacturer or an EAN, in id order.
 */
import { page } from '../collection';
import type { Item } from '../../core/types';
import { embedded, param, text, V2Context, V2Operations } from '../handler';
import { invalidField } from '../problems';
import { productWithEmbedded, viewOrMissing } from '../state/catalog';

const view = (ctx: V2Context) => (item: Item) =>
	productWithEmbedded(ctx.core, item, text(ctx, 'storefront')!, embedded(ctx));

export const operations: V2Operations = {
	GetProduct: (ctx) => {
		const id = param(ctx, 'id_product');
		return viewOrMissing(ctx.core.store.find('items', Number(id)), `Product ${id}`, view(ctx));
	},
	GetProductByEan: (ctx) => {
		const ean = param(ctx, 'ean');
		return viewOrMissing(
			ctx.core.store.db.items.find((i) => i.eans.includes(ean)),
			`Product with EAN ${ean}`,
			view(ctx),
		);
	},
	GetProductList: (ctx) => {
		const words = text(ctx, 'q')!
			.toLowerCase()
			.split(/\s+/)
			.filter((w) => w !== '');
		if (words.length === 0) throw invalidField('q', 'must name something to search for');
		const rows = ctx.core.store.db.items.filter((item) => {
			const haystack = [item.title, item.manufacturer, ...item.eans].join(' ').toLowerCase();
			return words.every((word) => haystack.includes(word));
		});
		return page(ctx, rows, view(ctx));
	},
};
