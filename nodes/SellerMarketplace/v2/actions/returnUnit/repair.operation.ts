import { returnUnitDecision } from './fields';

/** PATCH /return-units/{id_return_unit}/repair. */
export const repair = returnUnitDecision({
	value: 'repair',
	name: 'Repair',
	action: 'Send a return unit to repair',
	attempt: ['send return unit {returnUnitId} to repair', 'send a return unit to repair'],
	summary: 'Mark a returned unit as being repaired',
});
