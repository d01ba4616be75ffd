import { returnUnitDecision } from './common';

/** PATCH /return-units/{id}/clarify/ with `{message}`: asks the buyer to clarify the return (204). */
export const clarify = returnUnitDecision({
	value: 'clarify',
	name: 'Clarify',
	action: 'Ask the buyer to clarify a returned unit',
	attempt: ['ask the buyer to clarify returned unit {returnUnitId}', 'ask the buyer to clarify a returned unit'],
	summary: 'Open a claim with a question to the buyer',
	message: 'What the buyer should clarify. It opens a claim on the unit with this text as its first message.',
});
