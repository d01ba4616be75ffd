import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/** GET /carriers: the carrier codes Order Unit → Send takes (`name`), and whether each is a freight carrier. */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many carriers',
	attempt: 'get many carriers',
	summary: 'List the carriers you can name when you mark an order unit as sent',
	endpoint: 'GET /carriers',
	properties: [],
	async execute(itemIndex) {
		const data = await apiRequestData.call(this, { method: 'GET', path: '/carriers', itemIndex });
		if (!Array.isArray(data?.carriers)) {
			throw new NodeApiError(
				this.getNode(),
				{ path: '/carriers' },
				{ message: 'Expected a list of carriers from GET /carriers', itemIndex },
			);
		}
		return data.carriers as IDataObject[];
	},
});
