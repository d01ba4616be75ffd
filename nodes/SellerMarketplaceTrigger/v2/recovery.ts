/**
 * The creation events of API v2 that the subscription watch reads back after a gap (../subscribing/watch.ts):
 * new orders, order units and returns, each listed by the API with a `ts_created_from_iso` filter for the
 * trigger's storefront. The notification is the one the marketplace sends (`/orders/{id}/`, the storefront, `[]`).
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../api/v2';
import { formatIsoTime } from '../../SellerMarketplacePollTrigger/shared/sources';
import type { RecoverableEvent } from '../dialect';
import { parseApiTime } from '../shared/time';
import { subscribedStorefront } from './subscriptions';

/** `sort` where the list takes one: its default, newest created first, asked for explicitly; orders list so anyway. */
function creations(event: string, path: string, idField: string, sort?: string): RecoverableEvent {
	const created = (record: IDataObject) => parseApiTime(record.ts_created_iso);
	return {
		event,
		async newest(context) {
			const [record] = await apiRequestAllItems.call(
				context,
				{
					path,
					query: { storefront: await subscribedStorefront(context), ...(sort ? { sort } : {}) },
					pageSize: 100,
					idField,
				},
				{ returnAll: false, limit: 1 },
			);
			return record === undefined ? undefined : created(record);
		},
		async read(context, fromSeconds) {
			const records = await apiRequestAllItems.call(
				context,
				{
					path,
					query: { storefront: await subscribedStorefront(context), ts_created_from_iso: formatIsoTime(fromSeconds) },
					pageSize: 100,
					idField,
				},
				{ returnAll: true },
			);
			return [...records].sort((a, b) => (created(a) ?? 0) - (created(b) ?? 0));
		},
		async notificationOf(context: IHookFunctions, record) {
			const id = record[idField];
			if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') return undefined;
			return {
				resource: `${path}/${encodeURIComponent(String(id))}/`,
				storefront: typeof record.storefront === 'string' ? record.storefront : await subscribedStorefront(context),
				payload: [],
			};
		},
	};
}

export const V2_RECOVERY: RecoverableEvent[] = [
	creations('order_new', '/orders', 'id_order'),
	creations('order_unit_new', '/order-units', 'id_order_unit', 'ts_created:desc'),
	creations('return_new', '/returns', 'id_return', 'ts_created:desc'),
];
