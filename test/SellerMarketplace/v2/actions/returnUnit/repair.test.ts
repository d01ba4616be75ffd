/** Return Unit → Repair (node version 2), through n8n-core against the v2 sandbox. */
import { useReturnUnitSandbox } from './setup';

const { expectDecision } = useReturnUnitSandbox();

describe('Return Unit → Repair', () => {
	it(
		'repair: PATCH without a body; the return unit becomes return_in_repair',
		expectDecision('repair', 'return_arrived', 'return_in_repair'),
	);
});
