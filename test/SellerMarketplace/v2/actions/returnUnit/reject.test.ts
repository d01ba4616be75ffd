/** Return Unit → Reject (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { expectSigned } from '../../setup';
import { useReturnUnitSandbox, byId } from './setup';

const { v2, returnUnitIn, returnUnitById } = useReturnUnitSandbox();

describe('Return Unit → Reject', () => {
	it('reject sends the message; the return unit becomes return_rejected', async () => {
		const unit = returnUnitIn('need_to_be_returned');
		const run = await v2.run({
			resource: 'returnUnit',
			operation: 'reject',
			returnUnitId: byId(unit.id_return_unit),
			message: 'Seal broken, item used',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/return-units/${unit.id_return_unit}/reject`,
			status: 204,
		});
		expect(JSON.parse(v2.requests()[0].body) as IDataObject).toEqual({ message: 'Seal broken, item used' });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_return_unit: unit.id_return_unit,
				status: 'return_rejected',
				message: 'Seal broken, item used',
			},
		]);
		expect(returnUnitById(unit.id_return_unit).status).toBe('return_rejected');
	});

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
