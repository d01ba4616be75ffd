import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { WAREHOUSE_FIELD_LABELS, warehouseBody, warehouseFields } from './fields';

/** POST /warehouses. */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a warehouse',
	attempt: 'create a warehouse',
	summary: 'Add a warehouse your units ship from',
	endpoint: 'POST /warehouses',
	properties: warehouseFields,
	async execute(itemIndex) {
		return await apiRequestData.call(this, {
			method: 'POST',
			path: '/warehouses',
			body: warehouseBody(this, itemIndex),
			itemIndex,
			fieldLabels: WAREHOUSE_FIELD_LABELS,
			uncertainWrite: { subject: 'the new warehouse', check: 'your warehouses (Warehouse → Get Many)' },
		});
	},
});
