/** Account-level reads: status ping, shipping groups, warehouses. */
import { listReply } from '../pagination';
import { intParam, noQuery, ok, route, Route } from '../router';
import { publicView } from '../../core/store';

export const sellerRoutes: Route[] = [
	route('GET', '/status/ping/', (ctx) => {
		noQuery(ctx);
		return ok({ message: 'pong' });
	}),
	route('GET', '/shipping-groups/seller/', (ctx) => listReply(ctx, ctx.core.store.db.shippingGroups, {}, publicView)),
	route('GET', '/warehouses/seller/', (ctx) => listReply(ctx, ctx.core.store.db.warehouses, {}, publicView)),
	route('GET', '/warehouses/{id}/', (ctx) => {
		noQuery(ctx);
		return ok(publicView(ctx.core.store.get('warehouses', intParam(ctx), 'Warehouse')));
	}),
];
