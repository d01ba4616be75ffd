/**
 * Buy box ranking: the offers of one catalogue product in one storefront and condition,
 * best first, at most `limit` (see ../state/offers.ts for who competes). Prices are in the storefront's currency as
 * decimal numbers (the field's description; the similar-products text speaks of minor units — the sandbox follows
 * each operation's own words). An unknown product is 404.
 */
import { found, ok, text, V2Operations } from '../handler';
import { rankedOffers } from '../state/offers';

export const operations: V2Operations = {
	getOffersRankings: (ctx) => {
		const idProduct = Number(ctx.query.id_product);
		const storefront = text(ctx, 'storefront')!;
		const condition = text(ctx, 'condition')!;
		found(ctx.core.store.find('items', idProduct), `Product ${idProduct}`);
		const offers = rankedOffers(ctx.core, idProduct, storefront, condition);
		const limit = (ctx.query.limit as number | undefined) ?? 10;
		return ok({
			id_product: idProduct,
			condition,
			storefront,
			num_units: offers.length,
			units: offers
				.slice(0, limit)
				.map((offer) => ({ ...offer, price: offer.price / 100, shipping_rate: offer.shipping_rate / 100 })),
		});
	},
};
