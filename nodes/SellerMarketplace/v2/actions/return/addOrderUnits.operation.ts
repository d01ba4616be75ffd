import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath, apiRequest, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { RETURN_LINE_LABELS, returnIdField, returnLineFields, returnLines } from './fields';

/**
 * PUT /returns/{id_return}: more order units of the same order into a return, answered with the return and its
 * units. Sent again after a lost answer: when the retry is refused, the return is read back, and if it holds
 * every unit by then, the change had been made (`alreadyApplied`).
 */
export const addOrderUnits = defineOperation({
	value: 'addOrderUnits',
	name: 'Add Order Units',
	action: 'Add order units to a return',
	attempt: ['add order units to return {returnId}', 'add order units to a return'],
	summary: 'Add more order units of the same order to a return that is not on its way back yet',
	endpoint: 'PUT /returns/{id_return}',
	properties: [returnIdField, ...returnLineFields],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'returnId', itemIndex, 'Return');
		const body = returnLines(this, itemIndex);
		const path = apiPath`/returns/${id}`;
		let readBack: IDataObject | undefined;
		const holdsEveryUnit = async () => {
			readBack = await apiRequestData.call(this, {
				method: 'GET',
				path,
				query: { embedded: ['return_units'] },
				itemIndex,
			});
			const held = new Set(
				((readBack.return_units as IDataObject[] | undefined) ?? []).map((unit) => Number(unit.id_order_unit)),
			);
			return body.every((line) => held.has(line.id_order_unit));
		};
		const response = await apiRequest.call(this, {
			method: 'PUT',
			path,
			body,
			itemIndex,
			fieldLabels: RETURN_LINE_LABELS,
			confirmApplied: holdsEveryUnit,
		});
		if (response.alreadyApplied && readBack) return { ...readBack, alreadyApplied: true };
		const data = (response.body as { data?: unknown } | undefined)?.data;
		if (!data || typeof data !== 'object' || Array.isArray(data)) {
			throw new NodeApiError(
				this.getNode(),
				{ path },
				{
					message: `Expected the return in {"data": {…}} from PUT ${path}, but the API returned something else`,
					itemIndex,
				},
			);
		}
		return data as IDataObject;
	},
});
