/** Dropdown values read from the seller's account. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { apiRequestAllItems, apiRequestData, type V2CollectionRequest } from '../transport';
import { formStorefront } from './storefront';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

async function options(
	context: ILoadOptionsFunctions,
	request: V2CollectionRequest,
	toOption: (record: IDataObject) => INodePropertyOptions,
): Promise<INodePropertyOptions[]> {
	const records = await apiRequestAllItems.call(context, request, { returnAll: false, limit: 300 });
	return records.map(toOption).sort(byName);
}

/** GET /carriers: the `name` is the carrier code Send takes; freight carriers are marked. */
export async function getCarriers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const data = await apiRequestData.call(this, { method: 'GET', path: '/carriers' });
	return (Array.isArray(data?.carriers) ? (data.carriers as IDataObject[]) : [])
		.map((carrier) => ({
			name: `${String(carrier.name)}${carrier.isHauler === true ? ' (Freight)' : ''}`,
			value: String(carrier.name),
		}))
		.sort(byName);
}

export async function getShippingGroups(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const storefront = await formStorefront(this);
	return await options(this, { path: '/shipping-groups', query: { storefront }, pageSize: 30, idField: 'id_shipping_group' }, (group) => ({
		name: `${String(group.name)}${group.is_default === true ? ' (Default)' : ''}`,
		value: Number(group.id_shipping_group),
	}));
}

export async function getWarehouses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await options(this, { path: '/warehouses', pageSize: 30, idField: 'id_warehouse' }, (warehouse) => ({
		name: `${String(warehouse.name)}${warehouse.is_default === true ? ' (Default)' : ''}`,
		value: Number(warehouse.id_warehouse),
	}));
}
