/** Return Unit → Clarify (node version 2), through n8n-core against the v2 sandbox. */
import { useReturnUnitSandbox } from './setup';

const { expectDecision } = useReturnUnitSandbox();

describe('Return Unit → Clarify', () => {
	it(
		'clarify sends the message; the return unit becomes return_in_clarification',
		expectDecision('clarify', 'need_to_be_returned', 'return_in_clarification', 'Seal broken, item used'),
	);
});
