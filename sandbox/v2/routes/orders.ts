/** Orders: GET /orders (newest first), GET /orders/{id_order}. */
import { among, equals, newestFirst, page, since, where } from '../collection';
import { embedded, found, list, ok, param, text, V2Operations } from '../handler';
import { storefrontOf } from '../../model/storefronts';
import { fulfillmentType, orderDetailsView, orderView } from '../views';
import type { Order } from '../../core/types';

export const operations: V2Operations = {
	GetOrders: (ctx) => {
		const rows = where(
			ctx.core.store.db.orders,
			equals(text(ctx, 'storefront'), storefrontOf),
			among(list(ctx, 'fulfillment_type'), fulfillmentType),
			since(ctx, 'ts_created_from_iso', (o: Order) => o.ts_created),
			since(ctx, 'ts_units_updated_from_iso', (o: Order) => o.ts_units_updated),
		);
		return page(
			ctx,
			newestFirst(rows, (o) => o.ts_created),
			orderView,
		);
	},

	GetOrder: (ctx) => {
		const order = found(ctx.core.store.find('orders', param(ctx, 'id_order')), `Order ${param(ctx, 'id_order')}`);
		return ok(orderDetailsView(ctx.core, order, embedded(ctx)));
	},
};
