/**
 * Shipping addresses: GET /shipping-addresses, where the seller's own order units (not those the marketplace
 * fulfils) go, from the shared v1 order units, newest first (`sort=ts_created:asc` oldest first). The sandbox's
 * buyers all have home addresses (`SHIPPING_ADDRESS_HOME`); pick-up points are not simulated. `order_ids` and
 * `order_unit_ids` are comma lists of at most 100 IDs; an empty entry, more than 100, or an order unit ID that
 * is not a positive whole number is 422 naming the parameter; a `sort` other than `ts_created:asc|desc` is 400.
 */
import type { OrderUnit } from '../../core/types';
import { equals, newestFirst, page, where } from '../collection';
import { text, V2Context, V2Operations } from '../handler';
import { invalidField, Problem } from '../problems';
import { storefrontOf } from '../../model/storefronts';

const MAX_IDS = 100;

/** A comma list parameter as its entries; undefined when absent. */
function idList(ctx: V2Context, name: string, pattern: RegExp): Set<string> | undefined {
	const raw = text(ctx, name);
	if (raw === undefined) return undefined;
	const ids = raw.split(',').map((id) => id.trim());
	const semanticError = (message: string) =>
		new Problem(422, '/problems/validation-error', `Invalid request: ${name} ${message}`, [{ field: name, message }]);
	if (ids.length > MAX_IDS) throw semanticError(`must hold at most ${MAX_IDS} IDs, got ${ids.length}`);
	const bad = ids.find((id) => !pattern.test(id));
	if (bad !== undefined)
		throw semanticError(`holds ${JSON.stringify(bad)}, which is not an ID; separate IDs with single commas`);
	return new Set(ids);
}

function addressView(unit: OrderUnit): Record<string, unknown> {
	const {
		first_name,
		last_name,
		company_name,
		street,
		house_number,
		postcode,
		city,
		phone,
		country,
		additional_field,
	} = unit.shipping_address;
	const data = {
		first_name,
		last_name,
		company_name,
		street,
		house_number,
		postcode,
		city,
		phone,
		country,
		additional_field,
	};
	return {
		id_order: unit.id_order,
		id_order_unit: unit.id_order_unit,
		address_data: { type: 'SHIPPING_ADDRESS_HOME', data },
	};
}

export const operations: V2Operations = {
	GetShippingAddresses: (ctx) => {
		const sort = text(ctx, 'sort') ?? 'ts_created:desc';
		if (sort !== 'ts_created:desc' && sort !== 'ts_created:asc')
			throw invalidField('sort', "must be 'ts_created:desc' or 'ts_created:asc'");
		const orderIds = idList(ctx, 'order_ids', /^[^\s,]{1,32}$/);
		const orderUnitIds = idList(ctx, 'order_unit_ids', /^[1-9][0-9]{0,17}$/);
		const rows = where(
			ctx.core.store.db.orderUnits,
			(unit: OrderUnit) => !unit._fulfilled_by_marketplace,
			equals(text(ctx, 'storefront'), storefrontOf),
			orderIds && ((unit: OrderUnit) => orderIds.has(unit.id_order)),
			orderUnitIds && ((unit: OrderUnit) => orderUnitIds.has(String(unit.id_order_unit))),
		);
		const newest = newestFirst(rows, (unit) => unit.ts_created);
		return page(ctx, sort === 'ts_created:asc' ? newest.reverse() : newest, addressView);
	},
};
