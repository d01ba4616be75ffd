/**
 * Shipping groups: GET /shipping-groups, GET /shipping-groups/{id_shipping_group}. v1 knows them by name only
 * (paket, spedition, brief); v2 numbers them by position (see views.ts). The sandbox's reading: every group
 * exists on every storefront, `spedition` is a freight (HAULER) group, `paket` the default, each ships to the
 * storefront's own country at no extra cost in one to three days.
 */
import type { ShippingGroup } from '../../core/types';
import { page } from '../collection';
import { found, ok, param, text, V2Context, V2Operations } from '../handler';
import { currencyOf } from '../../model/storefronts';
import { shippingGroupId } from '../views';

function groupView(ctx: V2Context, group: ShippingGroup) {
	const storefront = text(ctx, 'storefront') ?? 'de';
	return {
		currency: currencyOf(storefront),
		preferred_currency: null,
		id_shipping_group: shippingGroupId(ctx.core, group.name),
		storefront,
		name: group.name,
		type: group.name === 'spedition' ? 'HAULER' : 'PACKAGE',
		is_default: group.name === 'paket',
		regions: [
			{
				countries: [storefront.toUpperCase()],
				shipping_options: [
					{
						name: 'default',
						cost_first: 0,
						cost_next: 0,
						cost_max: 0,
						cost_free: 0,
						cut_off_time: '14:00',
						transport_time_min: 1,
						transport_time_max: 3,
					},
				],
			},
		],
	};
}

export const operations: V2Operations = {
	getShippingGroups: (ctx) => page(ctx, ctx.core.store.db.shippingGroups, (group) => groupView(ctx, group)),

	getShippingGroup: (ctx) => {
		const id = param(ctx, 'id_shipping_group');
		const group = ctx.core.store.db.shippingGroups.find((g) => String(shippingGroupId(ctx.core, g.name)) === id);
		return ok(groupView(ctx, found(group, `Shipping group ${id}`)));
	},
};
