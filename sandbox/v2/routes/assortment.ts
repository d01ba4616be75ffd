/**
 * Assortment coverage insights (`GET /assortment-coverage/insights`): catalogue products the seller does not offer
 * yet, in item id order, with figures the sandbox derives from the item id (prices in cents of EUR). Every third is
 * a marketplace bestseller; the demand indicator cycles through the OpenAPI's values.
 */
import type { Item } from '../../core/types';
import { page } from '../collection';
import type { V2Operations } from '../handler';

const DEMAND = ['Very low', 'Low', 'Medium', 'High', 'Very high', 'NA'];

export const operations: V2Operations = {
	GetAssortmentInsight: (ctx) => {
		const { db } = ctx.core.store;
		const offered = new Set(db.units.map((unit) => unit.id_item));
		const categoryName = (id: number | undefined) =>
			id === undefined ? null : (ctx.core.store.find('categories', id)?.name ?? null);
		const view = (item: Item) => {
			const category = ctx.core.store.find('categories', item.id_category);
			const base = 1000 + (item.id_item % 50) * 100;
			return {
				ean: item.eans[0],
				item_name: item.title,
				brand: item.manufacturer,
				category: categoryName(category?.id_parent_category),
				category_2: category?.name ?? null,
				buybox_price_l_90_day: base + 300,
				buybox_price_l_60_day: base + 200,
				buybox_price_l_30_day: base + 100,
				buybox_price_current: base,
				sales_rank: item.id_item % 1000,
				external_rank: (item.id_item * 7) % 1000,
				external_demand_indicator: DEMAND[item.id_item % DEMAND.length],
				benchmark_price_min: base - 150,
				benchmark_price_max: base + 250,
				external_bestseller_missed: item.id_item % 4 === 0,
				popular_product_bad_priced: false,
				kaufland_bestseller: item.id_item % 3 === 0,
				currency: 'EUR',
			};
		};
		return page(
			ctx,
			db.items.filter((item) => !offered.has(item.id_item) && item.eans.length > 0),
			view,
		);
	},
};
