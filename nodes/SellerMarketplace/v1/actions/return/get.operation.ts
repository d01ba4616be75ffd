import { embeddedField, idLocator } from '../../descriptions/common';
import { requireIntegerId } from '../../../../shared/helpers/validation';
import { apiPath } from '../../../../api/v1';
import { getWithEmbedded } from '../../helpers/embedded';
import { outputShapes } from '../../helpers/outputShapes';
import { defineOperation } from '../../../actions/define';

/** GET /returns/{id}/: one return, with its units and buyer when asked. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a return',
	attempt: ['get return {returnId}', 'get a return'],
	summary: 'Get one return with its units and buyer',
	endpoint: 'GET /returns/{id}/',
	output: outputShapes.return,
	properties: [
		idLocator({
			displayName: 'Return',
			name: 'returnId',
			searchListMethod: 'searchReturns',
			placeholder: 'e.g. 1234',
			description:
				'A return, picked from your latest returns, found by its tracking code, or given by its ID (id_return)',
		}),
		{
			...embeddedField(['units', 'buyer'], 'Related data to include: the returned units and the buyer'),
			default: ['units', 'buyer'],
		},
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'returnId', itemIndex, 'Return');
		return await getWithEmbedded(this, apiPath`/returns/${id}/`, itemIndex);
	},
});
