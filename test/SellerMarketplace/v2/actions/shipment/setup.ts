/**
 * Shipment (node version 2): Add (POST /shipments, one more parcel for a sent order unit) and Get Shipping
 * Addresses (GET /shipping-addresses) through n8n-core against the v2 sandbox: the signed request the sandbox
 * received, the items output, the parcels the sandbox holds afterwards, and bad input refused before sending.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { OrderUnit } from '../../../../../sandbox';
import { shippingState } from '../../../../../sandbox/model/shipping';
import { useSandboxV2 } from '../../setup';

export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

export function useShipmentSandbox() {
	const v2 = useSandboxV2({ orders: 40, strict: true }, 'shipment');
	const db = () => v2.sandbox().control.db;
	const unitIn = (status: string): OrderUnit =>
		db().orderUnits.find(
			(unit) => !unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === 'de' && unit.status === status,
		)!;
	const parcels = () => shippingState(db()).shipments;
	return { v2, db, unitIn, parcels };
}
