import { returnUnitDecision } from './fields';

/** PATCH /return-units/{id_return_unit}/accept. */
export const accept = returnUnitDecision({
	value: 'accept',
	name: 'Accept',
	action: 'Accept a return unit',
	attempt: ['accept return unit {returnUnitId}', 'accept a return unit'],
	summary: 'Accept a returned unit that arrived as the buyer said',
});
