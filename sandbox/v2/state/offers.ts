/**
 * The offers competing for the buy box of one catalogue product in one storefront and condition, best first (derived,
 * not stored): the seller's own live offers (with `id_unit` and `id_offer`, which only the owner sees) and two other
 * sellers whose offers follow from the product id: one 1 % cheaper, one 5 % dearer than the seller's cheapest offer
 * (or than 29.99 when the seller has none). Rank is by price plus shipping. `used` and `refurbished` are group
 * conditions (every grade of it). Prices and shipping are in cents of the storefront's currency.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import { storefrontOf } from '../../model/storefronts';
import { isLive, v2Condition } from '../views';

export const SHIPPING_RATE_CENTS = 495;
const PRICE_WITHOUT_OWN_OFFER_CENTS = 2999;

export interface RankedOffer {
	buybox_rank: number;
	seller: string;
	price: number;
	delivery_time_min: number;
	delivery_time_max: number;
	shipping_rate: number;
	fulfillment_type: string;
	condition: string;
	id_unit?: number;
	id_offer?: string;
}

function matches(condition: string, wanted: string): boolean {
	return wanted === 'used' || wanted === 'refurbished' ? condition.startsWith(`${wanted} - `) : condition === wanted;
}

export function rankedOffers(
	core: SandboxCore,
	idProduct: number,
	storefront: string,
	condition: string,
): RankedOffer[] {
	const own = core.store.db.units.filter(
		(unit) =>
			unit.id_item === idProduct &&
			storefrontOf(unit) === storefront &&
			matches(unit.condition, condition) &&
			isLive(unit) &&
			v2Condition(unit.condition),
	);
	const cheapest = own.length ? Math.min(...own.map((unit) => unit.listing_price)) : PRICE_WITHOUT_OWN_OFFER_CENTS;
	const grade = v2Condition(condition === 'used' || condition === 'refurbished' ? `${condition} - good` : condition)!;
	const competitor = (seller: string, factor: number, days: number) => ({
		seller,
		price: Math.round(cheapest * factor),
		delivery_time_min: days,
		delivery_time_max: days + 2,
		shipping_rate: SHIPPING_RATE_CENTS,
		fulfillment_type: 'fulfilled_by_merchant',
		condition: grade,
	});
	return [
		...own.map((unit) => ({
			seller: 'Sandbox Seller',
			price: unit.listing_price,
			delivery_time_min: unit.delivery_time_min,
			delivery_time_max: unit.delivery_time_max,
			shipping_rate: SHIPPING_RATE_CENTS,
			fulfillment_type: 'fulfilled_by_merchant',
			condition: v2Condition(unit.condition)!,
			id_unit: unit.id_unit,
			id_offer: unit.id_offer,
		})),
		competitor(`Händler ${idProduct % 97}`, 0.99, 2),
		competitor(`Shop ${idProduct % 89}`, 1.05, 1),
	]
		.sort((a, b) => a.price + a.shipping_rate - (b.price + b.shipping_rate))
		.map((offer, index) => ({ buybox_rank: index + 1, ...offer }));
}
