/** Return Unit → Reject (node version 2), through n8n-core against the v2 sandbox. */
import { useReturnUnitSandbox, byId } from './setup';

const { v2, returnUnitIn, returnUnitById, expectDecision } = useReturnUnitSandbox();

describe('Return Unit → Reject', () => {
	it(
		'reject sends the message; the return unit becomes return_rejected',
		expectDecision('reject', 'need_to_be_returned', 'return_rejected', 'Seal broken, item used'),
	);

	it('a blank message is refused before sending, naming the field and the item', async () => {
		const unit = returnUnitIn('need_to_be_returned');
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'reject',
			returnUnitId: byId(unit.id_return_unit),
			message: '  ',
		});
		expect(run.error?.message).toBe('"Message" is required and cannot be empty [item 0]');
		expect(v2.requests()).toHaveLength(0);
		expect(returnUnitById(unit.id_return_unit).status).toBe('need_to_be_returned');
	});
});
