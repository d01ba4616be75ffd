import { returnUnitDecision } from './fields';

/** PATCH /return-units/{id_return_unit}/clarify. */
export const clarify = returnUnitDecision({
	value: 'clarify',
	name: 'Clarify',
	action: 'Ask to clarify a return unit',
	attempt: ['ask to clarify return unit {returnUnitId}', 'ask to clarify a return unit'],
	summary: 'Put a returned unit on hold and ask for clarification',
	message: 'What needs clarifying; customer service reads it',
});
