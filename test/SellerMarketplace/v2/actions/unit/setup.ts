/**
 * Unit (Offer) (node version 2): every unit endpoint of the OpenAPI through n8n-core against the v2 sandbox —
 * Get Many, Get, Create, Update, Delete, Get Status (POST /units/status) and Update Many (POST /units/bulk).
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { IDataObject } from 'n8n-workflow';

import type { Unit } from '../../../../../sandbox';
import { useSandboxV2 } from '../../setup';

export function useUnitSandbox() {
	const v2 = useSandboxV2({}, 'unit');
	const db = () => v2.sandbox().control.db;
	const storefrontOf = (unit: Unit) => unit._storefront ?? 'de';
	const unitsIn = (storefront: string) =>
		db().units.filter((unit) => storefrontOf(unit) === storefront && unit.condition !== 'download');
	const unitById = (id: number) => db().units.find((unit) => unit.id_unit === id);
	const warehouseName = (id: number) => db().warehouses.find((warehouse) => warehouse.id_warehouse === id)!.name;
	/** The JSON body of the `index`th v2 request. */
	const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject | IDataObject[];
	/** A product with no unit on `storefront` yet, and one of its EANs. */
	const freeProduct = (storefront: string) => {
		const item = db().items.find(
			(candidate) =>
				!db().units.some((unit) => unit.id_item === candidate.id_item && storefrontOf(unit) === storefront),
		)!;
		return { id: item.id_item, ean: item.eans[0] };
	};
	/** Adds `count` more units on 'de' to the sandbox's store, copies of the first one under new IDs and offer IDs. */
	const addUnits = (count: number) => {
		const model = unitsIn('de')[0];
		for (let n = 0; n < count; n++)
			db().units.push({ ...model, id_unit: 700000 + n, id_offer: `EXTRA-${n}`, id_item: model.id_item });
	};
	return { v2, db, storefrontOf, unitsIn, unitById, warehouseName, body, freeProduct, addUnits };
}
