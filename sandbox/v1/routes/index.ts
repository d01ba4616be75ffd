/** Every API route, one module per resource group. */
import type { Route } from '../router';
import { catalogRoutes } from './catalog';
import { claimRoutes } from './claims';
import { importFileRoutes } from './import-files';
import { invoiceRoutes } from './invoices';
import { orderRoutes } from './orders';
import { productDataRoutes } from './product-data';
import { reportFileRoutes } from './report-files';
import { returnRoutes } from './returns';
import { sellerRoutes } from './seller';
import { sharedSetFileRoutes } from './shared-set-files';
import { shippingLabelFileRoutes } from './shipping-label-files';
import { subscriptionRoutes } from './subscriptions';
import { ticketRoutes } from './tickets';
import { unitRoutes } from './units';

export const allRoutes: Route[] = [
	...sellerRoutes,
	...orderRoutes,
	...invoiceRoutes,
	...catalogRoutes,
	...productDataRoutes,
	...importFileRoutes,
	...unitRoutes,
	...returnRoutes,
	...ticketRoutes,
	...claimRoutes,
	...subscriptionRoutes,
	...reportFileRoutes,
	...sharedSetFileRoutes,
	...shippingLabelFileRoutes,
];
