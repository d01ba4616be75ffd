/**
 * Order Unit (node version 2): Get Many, Get, Send, Cancel, Refund and Fulfil through n8n-core against the v2
 * sandbox. Every test asserts the request the sandbox received, the items output and, for actions, the state
 * the sandbox holds afterwards.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { IDataObject } from 'n8n-workflow';

import type { OrderUnit } from '../../../../../sandbox';
import { useSandboxV2 } from '../../setup';

export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

export function useOrderUnitSandbox() {
	const v2 = useSandboxV2({ orders: 120 }, 'orderUnit');
	const db = () => v2.sandbox().control.db;
	const storefrontOf = (unit: OrderUnit) => unit._storefront ?? 'de';
	const merchantUnits = () => db().orderUnits.filter((unit) => !unit._fulfilled_by_marketplace);
	const unitIn = (status: string, storefront = 'de'): OrderUnit => {
		const unit = merchantUnits().find(
			(candidate) =>
				candidate.status === status && storefrontOf(candidate) === storefront && candidate._refunds.length === 0,
		);
		if (!unit) throw new Error(`the seed has no order unit in status ${status} on ${storefront}`);
		return unit;
	};
	const unitById = (id: number) => db().orderUnits.find((unit) => unit.id_order_unit === id)!;
	/** The JSON body of the `index`th v2 request. */
	const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;
	return { v2, db, storefrontOf, merchantUnits, unitIn, unitById, body };
}
