/** Return Unit → Accept (node version 2), through n8n-core against the v2 sandbox. */
import { useReturnUnitSandbox, byId } from './setup';

const { v2, returnUnitIn, returnUnitById, expectDecision } = useReturnUnitSandbox();

describe('Return Unit → Accept', () => {
	it(
		'accept: PATCH without a body; the return unit becomes return_accepted',
		expectDecision('accept', 'return_arrived', 'return_accepted'),
	);

	it('accepting an accepted return unit again: the refusal is shown and nothing changes', async () => {
		const unit = returnUnitIn('return_arrived');
		unit.status = 'return_accepted';
		const run = await v2.run({ resource: 'returnUnit', operation: 'accept', returnUnitId: byId(unit.id_return_unit) });
		expect(v2.requests()[0]).toMatchObject({ status: 403 });
		expect(run.error?.message).toContain('already');
		expect(returnUnitById(unit.id_return_unit).status).toBe('return_accepted');
	});
});
