/** Every API route, one module per resource group. */
import type { Route } from '../router';
import { orderRoutes } from './orders';
import { sellerRoutes } from './seller';
import { subscriptionRoutes } from './subscriptions';

export const allRoutes: Route[] = [...sellerRoutes, ...orderRoutes, ...subscriptionRoutes];
