/**
 * Return Unit and Return (node version 2) through n8n-core against the v2 sandbox: the request the sandbox
 * received, the items output and, for the actions, the state the sandbox holds afterwards.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { ReturnUnit } from '../../../../../sandbox';
import { expectSigned, useSandboxV2 } from '../../setup';

export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

export function useReturnUnitSandbox() {
	const v2 = useSandboxV2({ orders: 60, strict: true });
	const db = () => v2.sandbox().control.db;
	const returnUnitIn = (status: string): ReturnUnit => {
		const unit = db().returnUnits.find((candidate) => candidate.status === status);
		if (!unit) throw new Error(`the seed has no return unit in status ${status}`);
		return unit;
	};
	const returnUnitById = (id: number) => db().returnUnits.find((unit) => unit.id_return_unit === id)!;
	/**
	 * A seller's decision on a return unit in `from`: the one signed PATCH the sandbox received (with the message for the
	 * decisions that take one, without a body for the others), the item output and the status the unit then has.
	 */
	const expectDecision = (operation: string, from: string, to: string, message?: string) => async () => {
		const unit = returnUnitIn(from);
		const run = await v2.run({
			resource: 'returnUnit',
			operation,
			returnUnitId: byId(unit.id_return_unit),
			...(message === undefined ? {} : { message }),
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/return-units/${unit.id_return_unit}/${operation}`,
			status: 204,
		});
		expect(v2.requests()[0].body).toBe(message === undefined ? '' : JSON.stringify({ message }));
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			{ success: true, id_return_unit: unit.id_return_unit, status: to, ...(message === undefined ? {} : { message }) },
		]);
		expect(returnUnitById(unit.id_return_unit).status).toBe(to);
	};
	return { v2, db, returnUnitIn, returnUnitById, expectDecision };
}
