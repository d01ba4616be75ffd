/** Dropdown values read from the seller's account. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { sortOptions } from '../../../shared/descriptions/words';
import { apiRequestAllItems } from '../../../api/v1';

async function options(
	context: ILoadOptionsFunctions,
	path: string,
	toOption: (record: IDataObject) => INodePropertyOptions,
): Promise<INodePropertyOptions[]> {
	const records = await apiRequestAllItems.call(context, { path }, { returnAll: false, limit: 300 });
	return sortOptions(records.map(toOption));
}

export async function getShippingGroups(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await options(this, '/shipping-groups/seller/', (group) => ({
		name: String(group.name),
		value: String(group.name),
	}));
}

export async function getWarehouses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await options(this, '/warehouses/seller/', (warehouse) => ({
		name: String(warehouse.name ?? warehouse.id_warehouse),
		value: String(warehouse.id_warehouse ?? warehouse.name),
	}));
}
