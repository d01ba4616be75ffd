import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { RETURN_LINE_LABELS, returnLineFields, returnLines } from './fields';

/** POST /returns: a return of sent order units of one order (e.g. the buyer asked by phone), with its units. */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a return',
	attempt: 'create a return',
	summary: 'Open a return for sent order units of one order, e.g. when the buyer asked by phone or e-mail',
	endpoint: 'POST /returns',
	properties: returnLineFields,
	async execute(itemIndex) {
		const body = returnLines(this, itemIndex);
		const ids = body.map((line) => line.id_order_unit).join(', ');
		return await apiRequestData.call(this, {
			method: 'POST',
			path: '/returns',
			body,
			itemIndex,
			fieldLabels: RETURN_LINE_LABELS,
			uncertainWrite: {
				subject: 'the return',
				check: `Order Unit → Get with "Return Unit" included shows whether order unit ${ids} is part of a return now`,
			},
		});
	},
});
