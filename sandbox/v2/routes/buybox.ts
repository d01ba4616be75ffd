/**
 * Buy box ranking (spec §D, `GET /buybox`): the offers of one catalogue product in one storefront and condition,
 * best first, at most `limit`. The seller's own live offers (with `id_unit` and `id_offer`, which only the owner
 * sees) compete with two other sellers whose offers the sandbox derives from the product id: one 1 % cheaper, one
 * 5 % dearer than the seller's cheapest offer (or than 29.99 when the seller has none). Rank is by price plus
 * shipping. `used` and `refurbished` are group conditions (every grade of it).
 *
 * Prices are in the storefront's currency as decimal numbers (the field's description; the similar-products text
 * speaks of minor units — the sandbox follows this operation's own words). An unknown product is 404.
 */
import { found, ok, text, V2Operations } from '../handler';
import { isLive, v2Condition } from '../views';
import { storefrontOf } from '../storefronts';

const SHIPPING_RATE = 4.95;

function matches(condition: string, wanted: string): boolean {
	return wanted === 'used' || wanted === 'refurbished' ? condition.startsWith(`${wanted} - `) : condition === wanted;
}

export const operations: V2Operations = {
	getOffersRankings: (ctx) => {
		const idProduct = Number(ctx.query.id_product);
		const storefront = text(ctx, 'storefront')!;
		const condition = text(ctx, 'condition')!;
		found(ctx.core.store.find('items', idProduct), `Product ${idProduct}`);
		const own = ctx.core.store.db.units.filter(
			(unit) => unit.id_item === idProduct && storefrontOf(unit) === storefront && matches(unit.condition, condition) && isLive(unit) && v2Condition(unit.condition),
		);
		const cheapest = own.length ? Math.min(...own.map((unit) => unit.listing_price)) / 100 : 29.99;
		const grade = v2Condition(condition === 'used' || condition === 'refurbished' ? `${condition} - good` : condition)!;
		const competitor = (seller: string, factor: number, days: number) => ({
			seller,
			price: Math.round(cheapest * factor * 100) / 100,
			delivery_time_min: days,
			delivery_time_max: days + 2,
			shipping_rate: SHIPPING_RATE,
			fulfillment_type: 'fulfilled_by_merchant',
			condition: grade,
		});
		const offers = [
			...own.map((unit) => ({
				seller: 'Sandbox Seller',
				price: unit.listing_price / 100,
				delivery_time_min: unit.delivery_time_min,
				delivery_time_max: unit.delivery_time_max,
				shipping_rate: SHIPPING_RATE,
				fulfillment_type: 'fulfilled_by_merchant',
				condition: v2Condition(unit.condition)!,
				id_unit: unit.id_unit,
				id_offer: unit.id_offer,
			})),
			competitor(`Händler ${idProduct % 97}`, 0.99, 2),
			competitor(`Shop ${idProduct % 89}`, 1.05, 1),
		].sort((a, b) => a.price + a.shipping_rate - (b.price + b.shipping_rate));
		const limit = (ctx.query.limit as number | undefined) ?? 10;
		return ok({
			id_product: idProduct,
			condition,
			storefront,
			num_units: offers.length,
			units: offers.slice(0, limit).map((offer, index) => ({ buybox_rank: index + 1, ...offer })),
		});
	},
};
