/** Which order units a v1 return or ticket may name (returns and tickets both check them). */
import type { SandboxCore } from '../../core/sandbox-core';
import { forbidden, unprocessable } from '../../core/errors';
import type { OrderUnit } from '../../core/types';

/** The order units a return or ticket names: all must exist, be the seller's and belong to one order. */
export function orderUnitsForRequest(core: SandboxCore, ids: number[]): OrderUnit[] {
	const units = [...new Set(ids)].map((id) => {
		const unit = core.store.find('orderUnits', id);
		if (!unit) throw unprocessable(`Order unit ${id} not found`);
		if (unit._fulfilled_by_marketplace)
			throw forbidden(`Order unit ${id} is fulfilled by the marketplace; API v1 cannot change it`);
		return unit;
	});
	const orders = [...new Set(units.map((u) => u.id_order))];
	if (orders.length > 1)
		throw unprocessable(`id_order_unit must hold order units of one order; got orders ${orders.join(', ')}`);
	return units;
}
