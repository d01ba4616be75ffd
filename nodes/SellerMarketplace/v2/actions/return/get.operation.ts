import { compact, requireIntegerId } from '../../../../shared/helpers/validation';
import { embeddedField } from '../../descriptions/fields';
import { RETURN_EMBEDDABLES } from '../../../../api/v2/enums';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { returnIdField } from './fields';
import { outputShapes } from '../../helpers/outputShapes';

/** GET /returns/{id_return}. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a return',
	attempt: ['get return {returnId}', 'get a return'],
	summary: 'Get one return with its tracking code, and optionally its units and buyer',
	endpoint: 'GET /returns/{id_return}',
	output: outputShapes.return,
	properties: [
		returnIdField,
		embeddedField([...RETURN_EMBEDDABLES], 'More data to include: the buyer or the returned units'),
	],
	async execute(itemIndex) {
		const id = requireIntegerId(this, 'returnId', itemIndex, 'Return');
		const query = compact({ embedded: this.getNodeParameter('embedded', itemIndex, []) as string[] });
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/returns/${id}`, query, itemIndex });
	},
});
