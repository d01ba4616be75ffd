/**
 * Order → Get Many and Get (node version 2) through n8n-core against the v2 sandbox: the request the sandbox
 * received and the items output. Expected records come from the sandbox's store (`control.db`).
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { Order } from '../../../../../sandbox';
import { useSandboxV2 } from '../../setup';

export const iso = (timestamp: string) => `${timestamp.replace(' ', 'T')}Z`;

export const storefrontOf = (order: Order) => order._storefront ?? 'de';

export const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

export function useOrderSandbox() {
	const v2 = useSandboxV2({ orders: 260 }, 'order');
	const merchantOrders = (storefront?: string) =>
		v2
			.sandbox()
			.control.db.orders.filter(
				(order) => !order._fulfilled_by_marketplace && (!storefront || storefrontOf(order) === storefront),
			)
			.map((order, index) => ({ order, index }))
			.sort((a, b) =>
				a.order.ts_created < b.order.ts_created ? 1 : a.order.ts_created > b.order.ts_created ? -1 : b.index - a.index,
			)
			.map(({ order }) => order);
	return { v2, merchantOrders };
}
