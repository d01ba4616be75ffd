import { returnUnitDecision } from './common';

/** PATCH /return-units/{id}/repair/: sends the returned unit to repair (no body, 204). */
export const repair = returnUnitDecision({
	value: 'repair',
	name: 'Repair',
	action: 'Send a returned unit to repair',
	attempt: ['send returned unit {returnUnitId} to repair', 'send a returned unit to repair'],
	summary: 'Have the returned unit repaired',
});
