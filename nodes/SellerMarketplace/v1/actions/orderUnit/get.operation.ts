import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { embeddedField } from '../../descriptions/common';
import { applyDownloadLinksOption, downloadLinksOptions } from '../../../../shared/helpers/output';
import { apiPath, apiRequest } from '../../../../api/v1';
import { getOrderUnitId, orderUnitIdField } from './fields';

const properties: INodeProperties[] = [
	orderUnitIdField,
	embeddedField(
		['delivery_attempt_timestamp', 'return_unit', 'tickets'],
		'Related data to include in the order unit: first delivery attempt, its return unit, its tickets',
	),
	downloadLinksOptions,
];

export const description = updateDisplayOptions({ show: { resource: ['orderUnit'], operation: ['get'] } }, properties);

/** GET /order-units/{id_order_unit}/: one order unit with buyer, addresses, item and invoice. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const orderUnitId = getOrderUnitId(this, itemIndex);
	const embedded = this.getNodeParameter('embedded', itemIndex, []) as string[];
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: apiPath`/order-units/${orderUnitId}/`,
		query: embedded.length ? { embedded: embedded.join(',') } : undefined,
		itemIndex,
	});
	return this.helpers.returnJsonArray(applyDownloadLinksOption(this, itemIndex, response.body as IDataObject));
}
