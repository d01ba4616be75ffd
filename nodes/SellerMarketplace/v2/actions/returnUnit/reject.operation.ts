import { returnUnitDecision } from './fields';

/** PATCH /return-units/{id_return_unit}/reject. */
export const reject = returnUnitDecision({
	value: 'reject',
	name: 'Reject',
	action: 'Reject a return unit',
	attempt: ['reject return unit {returnUnitId}', 'reject a return unit'],
	summary: 'Refuse a returned unit, telling the buyer why',
	message: 'Why the return is refused; the buyer and customer service read it',
});
