/**
 * Return (node version 2): Create (POST /returns) and Add Order Units (PUT /returns/{id_return}) through n8n-core
 * against the v2 sandbox: the signed request and its body of one line per order unit, the return output with its
 * units, the returns the sandbox holds afterwards, bad input refused before sending, and a lost answer.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { OrderUnit } from '../../../../../sandbox';
import { returnWithRoom } from '../../coverage/samples';
import { useSandboxV2 } from '../../setup';

export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

export function useReturnSandbox() {
	const v2 = useSandboxV2({ orders: 40, strict: true }, 'return');
	const db = () => v2.sandbox().control.db;
	const inReturn = (unit: OrderUnit) => db().returnUnits.some((line) => line.id_order_unit === unit.id_order_unit);
	const returnable = () =>
		db().orderUnits.filter(
			(unit) =>
				!unit._fulfilled_by_marketplace &&
				(unit._storefront ?? 'de') === 'de' &&
				['sent', 'received'].includes(unit.status) &&
				!inReturn(unit),
		);
	function twoOfOneOrder(): [OrderUnit, OrderUnit] {
		const units = returnable();
		for (const unit of units) {
			const sibling = units.find((other) => other.id_order === unit.id_order && other !== unit);
			if (sibling) return [unit, sibling];
		}
		throw new Error('no order with two returnable units');
	}
	const room = () => returnWithRoom({ control: v2.sandbox().control, callbackUrl: '' });
	return { v2, db, inReturn, returnable, twoOfOneOrder, room };
}
