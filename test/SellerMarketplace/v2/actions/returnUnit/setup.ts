/**
 * Return Unit and Return (node version 2) through n8n-core against the v2 sandbox: the request the sandbox
 * received, the items output and, for the actions, the state the sandbox holds afterwards.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { ReturnUnit } from '../../../../../sandbox';
import { useSandboxV2 } from '../../setup';

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
	return { v2, db, returnUnitIn, returnUnitById };
}
