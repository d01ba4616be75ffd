/**
 * Product similarity groups (derived, not stored): the catalogue products of one category form a group, and the
 * seller has a group in a storefront for every category where one of its new-condition offers is live there. A
 * group's ladder holds the buy box offers (../state/offers.ts) of each of its products, cheapest first (price plus
 * shipping, in cents), at most 250; an active voucher of the seller on a product shows on its own offers.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import type { Item } from '../../core/types';
import { currencyOf, storefrontOf } from '../../model/storefronts';
import { isLive } from '../views';
import { rankedOffers, type RankedOffer } from './offers';
import { voucherState, voucherStatus } from './vouchers';

const MAX_LADDER = 250;
/** the virtual buy box ranks at most this many products of a group */
export const MAX_SIMILAR_PRODUCTS = 10;

export function categoryItems(core: SandboxCore, idCategory: number): Item[] {
	return core.store.db.items.filter((item) => item.id_category === idCategory);
}

/** Whether the seller has a unit of this product in the storefront (any condition, live or not). */
export function sellsIn(core: SandboxCore, idProduct: number, storefront: string): boolean {
	return core.store.db.units.some((unit) => unit.id_item === idProduct && storefrontOf(unit) === storefront);
}

function voucherOn(core: SandboxCore, idProduct: number, storefront: string, price: number) {
	const voucher = voucherState(core.store.db).rows.find(
		(row) => row.storefront === storefront && row.products.includes(idProduct) && voucherStatus(core, row) === 'active',
	);
	if (!voucher) return null;
	const percent = voucher.discount_type === 'PERCENTAGE';
	const off = percent ? Math.round((price * voucher.discount_amount) / 100) : voucher.discount_amount;
	return {
		discount_amount: Math.round(voucher.discount_amount),
		discount_type: percent ? 'percent' : 'fixed',
		discounted_price: Math.max(0, price - off),
	};
}

function ladderEntry(core: SandboxCore, item: Item, offer: RankedOffer, storefront: string) {
	const own = offer.id_unit !== undefined;
	return {
		price_rank: 0,
		seller: offer.seller,
		id_product: item.id_item,
		product_name: item.title,
		ean: item.eans[0] ?? null,
		price: offer.price,
		shipping_cost: offer.shipping_rate,
		delivery_time_min: offer.delivery_time_min,
		delivery_time_max: offer.delivery_time_max,
		ratings_count: (item.id_item * 7) % 120,
		average_rating: 3 + (item.id_item % 20) / 10,
		manufacturer_name: item.manufacturer || null,
		voucher: own ? voucherOn(core, item.id_item, storefront, offer.price) : null,
		is_excluded: false,
		is_own_offer: own,
	};
}

function groupView(core: SandboxCore, storefront: string, idCategory: number) {
	const items = categoryItems(core, idCategory);
	const ladder = items
		.flatMap((item) =>
			rankedOffers(core, item.id_item, storefront, 'new').map((offer) => ladderEntry(core, item, offer, storefront)),
		)
		.sort((a, b) => a.price + a.shipping_cost - (b.price + b.shipping_cost))
		.map((entry, index) => ({ ...entry, price_rank: index + 1 }));
	const ownBest = ladder.find((entry) => entry.is_own_offer)!;
	const gap = ownBest.price - Math.min(...ladder.map((entry) => entry.price));
	const demand = items.length >= 3 ? 'high' : 'low';
	const share = ownBest.price_rank === 1 ? 'high' : 'low';
	const recommendations: Record<string, string> = {
		'high/low': 'focus',
		'high/high': 'defend',
		'low/low': 'grow',
		'low/high': 'maintain',
	};
	return {
		group_id: `sp-${storefront}-${idCategory}`,
		storefront,
		currency: currencyOf(storefront),
		group_demand: demand,
		own_price_rank: ownBest.price_rank,
		own_sales_rank: null,
		own_share: share,
		gap_to_best_price: Math.max(0, gap),
		number_of_competitors: ladder.filter((entry) => !entry.is_own_offer).length,
		easy_win: ownBest.price_rank > 1 && gap <= Math.max(100, Math.round(ownBest.price * 0.05)),
		recommendation: recommendations[`${demand}/${share}`],
		ladder: ladder.slice(0, MAX_LADDER),
	};
}

/** The seller's groups in a storefront, by category id. */
export function similarProductGroups(core: SandboxCore, storefront: string) {
	const categories = new Set(
		core.store.db.units
			.filter((unit) => storefrontOf(unit) === storefront && unit.condition === 'new' && isLive(unit))
			.map((unit) => core.store.find('items', unit.id_item)?.id_category)
			.filter((id): id is number => id !== undefined),
	);
	return [...categories].sort((a, b) => a - b).map((idCategory) => groupView(core, storefront, idCategory));
}
