/** Dropdown values read from the seller's account. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { carrierLabel } from '../../../shared/descriptions/vocabulary';
import { sortOptions } from '../../../shared/descriptions/words';
import { carrierOptions } from '../../../api/v1/enums';
import { apiRequestAllItems, apiRequestData, CREDENTIALS_TYPE, type V2CollectionRequest } from '../../../api/v2';
import { formStorefront } from './storefront';
import { pageSizeOf } from '../helpers/pageSizes';

async function options(
	context: ILoadOptionsFunctions,
	request: V2CollectionRequest,
	toOption: (record: IDataObject) => INodePropertyOptions,
): Promise<INodePropertyOptions[]> {
	const records = await apiRequestAllItems.call(context, request, { returnAll: false, limit: 300 });
	return sortOptions(records.map(toOption));
}

/**
 * GET /carriers: the `name` is the carrier code Send takes; freight carriers are marked. n8n asks for the list as
 * soon as the node is added, before a credential is chosen or with the one it picked itself, and shows an error
 * and an empty list until the node is reopened if that fails. So without a credential, or when the account's list
 * cannot be read, the list is the carriers the marketplace documents (the codes are the same for every account);
 * n8n loads the options again when the node's credentials change. A wrong key still fails the run, with its error.
 */
export async function getCarriers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if (!this.getNode().credentials?.[CREDENTIALS_TYPE]) return carrierOptions;
	let data: IDataObject | undefined;
	try {
		data = await apiRequestData.call(this, { method: 'GET', path: '/carriers' });
	} catch {
		return carrierOptions;
	}
	const carriers = Array.isArray(data?.carriers) ? (data.carriers as IDataObject[]) : [];
	return sortOptions(
		carriers.map((carrier) => ({
			name: `${carrierLabel(String(carrier.name))}${carrier.isHauler === true ? ' (Freight)' : ''}`,
			value: String(carrier.name),
		})),
	);
}

export async function getShippingGroups(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const storefront = await formStorefront(this);
	return await options(
		this,
		{
			path: '/shipping-groups',
			query: { storefront },
			pageSize: pageSizeOf('/shipping-groups'),
			idField: 'id_shipping_group',
		},
		(group) => ({
			name: `${String(group.name)}${group.is_default === true ? ' (Default)' : ''}`,
			value: Number(group.id_shipping_group),
		}),
	);
}

export async function getWarehouses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await options(
		this,
		{ path: '/warehouses', pageSize: pageSizeOf('/warehouses'), idField: 'id_warehouse' },
		(warehouse) => ({
			name: `${String(warehouse.name)}${warehouse.is_default === true ? ' (Default)' : ''}`,
			value: Number(warehouse.id_warehouse),
		}),
	);
}
