import { compact } from '../../../../shared/helpers/validation';
import { embeddedField } from '../../descriptions/fields';
import { RETURN_UNIT_EMBEDDABLES } from '../../../../api/v2/enums';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getReturnUnitId, returnUnitIdField } from './fields';

/** GET /return-units/{id_return_unit}: always with its return. */
export const get = defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a return unit',
	attempt: ['get return unit {returnUnitId}', 'get a return unit'],
	summary: 'Get one returned unit with its return',
	endpoint: 'GET /return-units/{id_return_unit}',
	properties: [
		returnUnitIdField,
		embeddedField([...RETURN_UNIT_EMBEDDABLES], 'More data to include: the return, the order unit or its tickets'),
	],
	async execute(itemIndex) {
		const id = getReturnUnitId(this, itemIndex);
		const query = compact({ embedded: this.getNodeParameter('embedded', itemIndex, []) as string[] });
		return await apiRequestData.call(this, { method: 'GET', path: apiPath`/return-units/${id}`, query, itemIndex });
	},
});
