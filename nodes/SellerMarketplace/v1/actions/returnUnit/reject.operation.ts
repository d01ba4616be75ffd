import { returnUnitDecision } from './common';

/** PATCH /return-units/{id}/reject/ with `{message}`: rejects the returned unit (204). */
export const reject = returnUnitDecision({
	value: 'reject',
	name: 'Reject',
	action: 'Reject a returned unit',
	attempt: ['reject returned unit {returnUnitId}', 'reject a returned unit'],
	summary: 'Reject the return of a unit, with a message to the buyer',
	message: 'Why the return is rejected. It opens a claim on the unit with this text as its first message.',
});
