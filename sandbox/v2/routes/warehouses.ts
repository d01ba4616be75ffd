/**
 * Warehouses: GET /warehouses, POST /warehouses, GET, PUT and DELETE /warehouses/{id_warehouse}, over the
 * shared v1 warehouses (units name theirs). Rules (the OpenAPI's problem types; its operations declare no 403
 * or 409, so refusals are 400): one warehouse is the default, always; a new or updated default takes over from
 * the old one; the default cannot be unset or deleted (`/problems/default-required`); a warehouse keeps its
 * country (`/problems/warehouses/warehouse-country-immutable`); one that units use is not deleted
 * (`/problems/has-units`).
 */
import type { Warehouse } from '../../core/types';
import { page } from '../collection';
import { created, found, noContent, ok, param, V2Context, V2Operations } from '../handler';
import { invalid, refused, type ErrorDetail } from '../problems';

interface WarehouseBody {
	name: string;
	address: { street: string; city: string; house_number: string; postcode: string; country: string; phone?: string };
	is_default: boolean;
}

const COUNTRY = /^[A-Z]{2}$/;

function warehouseView(warehouse: Warehouse) {
	return {
		id_warehouse: warehouse.id_warehouse,
		name: warehouse.name,
		address: { ...warehouse.address, phone: warehouse.address.phone || null },
		is_default: warehouse.is_default,
		type: 'normal',
	};
}

function warehouseOf(ctx: V2Context): Warehouse {
	const id = param(ctx, 'id_warehouse');
	return found(ctx.core.store.find('warehouses', id), `Warehouse ${id}`);
}

/** The body's text fields must hold text; the country is an ISO 3166 alpha-2 code. */
function checked(ctx: V2Context): WarehouseBody {
	const body = ctx.body as WarehouseBody;
	const errors: ErrorDetail[] = [];
	if (body.name.trim() === '') errors.push({ field: 'name', message: 'must not be empty' });
	for (const field of ['street', 'city', 'house_number', 'postcode'] as const) {
		if (body.address[field].trim() === '') errors.push({ field: `address.${field}`, message: 'must not be empty' });
	}
	if (!COUNTRY.test(body.address.country))
		errors.push({ field: 'address.country', message: 'must be an ISO 3166 alpha-2 code such as DE' });
	const clash = ctx.core.store.db.warehouses.find(
		(w) => w.name === body.name.trim() && String(w.id_warehouse) !== ctx.params.id_warehouse,
	);
	if (clash) errors.push({ field: 'name', message: `warehouse ${clash.id_warehouse} already has this name` });
	if (errors.length) throw invalid(errors);
	return body;
}

function apply(ctx: V2Context, warehouse: Warehouse, body: WarehouseBody): void {
	const oldName = warehouse.name;
	warehouse.name = body.name.trim();
	warehouse.address = { ...body.address, phone: body.address.phone ?? '' };
	if (body.is_default) for (const other of ctx.core.store.db.warehouses) other.is_default = other === warehouse;
	// units name their warehouse: a renamed warehouse keeps its units
	for (const unit of ctx.core.store.db.units) if (unit.warehouse === oldName) unit.warehouse = warehouse.name;
}

export const operations: V2Operations = {
	getWarehouses: (ctx) => page(ctx, ctx.core.store.db.warehouses, warehouseView),

	getWarehouse: (ctx) => ok(warehouseView(warehouseOf(ctx))),

	createWarehouse: (ctx) => {
		const body = checked(ctx);
		const warehouse = ctx.core.store.insert('warehouses', {
			id_warehouse: ctx.core.store.nextId('warehouses'),
			name: '',
			address: { ...body.address, phone: '' },
			is_pickup_possible: false,
			is_default: false,
		});
		apply(ctx, warehouse, body);
		return created(warehouseView(warehouse));
	},

	updateWarehouse: (ctx) => {
		const warehouse = warehouseOf(ctx);
		const body = checked(ctx);
		if (body.address.country !== warehouse.address.country) {
			throw refused(
				400,
				'/problems/warehouses/warehouse-country-immutable',
				`Warehouse ${warehouse.id_warehouse} is in ${warehouse.address.country}; its country cannot change`,
				'address.country',
			);
		}
		if (warehouse.is_default && !body.is_default) {
			throw refused(
				400,
				'/problems/default-required',
				'One warehouse must be the default: make another one the default instead',
				'is_default',
			);
		}
		apply(ctx, warehouse, body);
		return ok(warehouseView(warehouse));
	},

	deleteWarehouse: (ctx) => {
		const { core } = ctx;
		const warehouse = warehouseOf(ctx);
		if (warehouse.is_default)
			throw refused(
				400,
				'/problems/default-required',
				`Warehouse ${warehouse.id_warehouse} is the default; make another one the default first`,
			);
		const used = core.store.db.units.filter((u) => u.warehouse === warehouse.name).length;
		if (used)
			throw refused(
				400,
				'/problems/has-units',
				`Warehouse ${warehouse.id_warehouse} holds ${used} units; move them first`,
			);
		core.store.remove('warehouses', warehouse);
		return noContent();
	},
};
