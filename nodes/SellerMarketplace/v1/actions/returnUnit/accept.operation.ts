import { returnUnitDecision } from './common';

/** PATCH /return-units/{id}/accept/: accepts the returned unit (no body, 204). */
export const accept = returnUnitDecision({
	value: 'accept',
	name: 'Accept',
	action: 'Accept a returned unit',
	attempt: ['accept returned unit {returnUnitId}', 'accept a returned unit'],
	summary: 'Accept the return of a unit',
});
