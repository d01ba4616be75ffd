/** Returns: GET /returns (newest first), GET /returns/{id_return}, the v2 view of the shared v1 returns. */
import type { SandboxCore } from '../../core';
import type { ReturnRecord } from '../../types';
import { among, equals, newestFirst, page, since, where } from '../collection';
import { embedded, found, list, ok, param, text, V2Operations } from '../handler';
import { storefrontOf } from '../storefronts';
import { fulfillmentType, iso, returnUnitView } from '../views';

/** The order units of a return decide its storefront and fulfillment type (a return never mixes orders). */
function firstOrderUnit(core: SandboxCore, record: ReturnRecord) {
	const first = core.store.db.returnUnits.find((u) => u.id_return === record.id_return);
	return first && core.store.find('orderUnits', first.id_order_unit);
}

export function returnView(core: SandboxCore, record: ReturnRecord): Record<string, unknown> {
	const orderUnit = firstOrderUnit(core, record);
	return {
		id_return: record.id_return,
		ts_created_iso: iso(record.ts_created),
		ts_updated_iso: iso(record.ts_updated),
		storefront: orderUnit ? storefrontOf(orderUnit) : 'de',
		tracking_provider: record.tracking_provider,
		tracking_code: record.tracking_code,
		status: record.status,
		fulfillment_type: orderUnit ? fulfillmentType(orderUnit) : 'fulfilled_by_merchant',
	};
}

export const operations: V2Operations = {
	GetReturns: (ctx) => {
		const { core } = ctx;
		const view = (r: ReturnRecord) => returnView(core, r);
		const rows = where(
			core.store.db.returns,
			equals(text(ctx, 'storefront'), (r: ReturnRecord) => view(r).storefront),
			equals(text(ctx, 'tracking_code'), (r: ReturnRecord) => r.tracking_code),
			among(list(ctx, 'status'), (r: ReturnRecord) => r.status),
			among(list(ctx, 'fulfillment_type'), (r: ReturnRecord) => String(view(r).fulfillment_type)),
			since(ctx, 'ts_created_from_iso', (r: ReturnRecord) => r.ts_created),
			since(ctx, 'ts_updated_from_iso', (r: ReturnRecord) => r.ts_updated),
		);
		const sortKey = text(ctx, 'sort') === 'ts_updated:desc' ? (r: ReturnRecord) => r.ts_updated : (r: ReturnRecord) => r.ts_created;
		return page(ctx, newestFirst(rows, sortKey), view);
	},

	GetReturn: (ctx) => {
		const { core } = ctx;
		const record = found(core.store.find('returns', param(ctx, 'id_return')), `Return ${param(ctx, 'id_return')}`);
		const wanted = embedded(ctx);
		const view = returnView(core, record);
		if (wanted.has('buyer')) view.buyer = firstOrderUnit(core, record)?.buyer ?? null;
		if (wanted.has('return_units')) {
			view.return_units = core.store.db.returnUnits.filter((u) => u.id_return === record.id_return).map((u) => returnUnitView(core, u));
		}
		return ok(view);
	},
};
