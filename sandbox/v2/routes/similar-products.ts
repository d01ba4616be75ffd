/**
 * Similar products: the seller's product similarity groups with their price ladders, and the
 * virtual buy box, which ranks the offers of up to 10 products of the group a product belongs to (the product
 * first, then the others in id order), in cents as the operation's text says. Stricter than the schema, as its
 * descriptions say: exactly one of `id_product` and `ean` (400), a product of the seller in that storefront (404).
 */
import type { Item } from '../../core/types';
import { page } from '../collection';
import { found, ok, text, V2Context, V2Operations } from '../handler';
import { invalid } from '../problems';
import { rankedOffers } from '../state/offers';
import { categoryItems, MAX_SIMILAR_PRODUCTS, sellsIn, similarProductGroups } from '../state/similar-products';

function productOf(ctx: V2Context): Item {
	const id = ctx.query.id_product as number | undefined;
	const ean = text(ctx, 'ean');
	if ((id === undefined) === (ean === undefined)) {
		throw invalid([
			{ field: id === undefined ? 'id_product' : 'ean', message: 'give exactly one of id_product and ean' },
		]);
	}
	const item =
		id !== undefined
			? found(ctx.core.store.find('items', id), `Product ${id}`)
			: found(
					ctx.core.store.db.items.find((candidate) => candidate.eans.includes(ean!)),
					`Product with EAN ${ean}`,
				);
	const storefront = text(ctx, 'storefront')!;
	return found(
		sellsIn(ctx.core, item.id_item, storefront) ? item : undefined,
		`Product ${item.id_item} among your products in storefront ${storefront}`,
	);
}

export const operations: V2Operations = {
	ListSimilarProductGroups: (ctx) =>
		page(ctx, similarProductGroups(ctx.core, text(ctx, 'storefront')!), (group) => group),

	GetSimilarProductsBuybox: (ctx) => {
		const item = productOf(ctx);
		const storefront = text(ctx, 'storefront')!;
		const condition = text(ctx, 'condition') ?? 'new';
		const others = categoryItems(ctx.core, item.id_category).filter((candidate) => candidate.id_item !== item.id_item);
		return ok(
			[item, ...others].slice(0, MAX_SIMILAR_PRODUCTS).map((product) => {
				const units = rankedOffers(ctx.core, product.id_item, storefront, condition);
				return { id_product: product.id_item, condition, storefront, num_units: units.length, units };
			}),
		);
	},
};
