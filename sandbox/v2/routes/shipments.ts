/**
 * Shipments: POST /shipments adds a further parcel (carrier and tracking number) to an order unit already sent,
 * kept in the v2 shipping state (../state/shipping.ts). Refusals: an unknown unit 404; a unit fulfilled by the
 * marketplace, or one not yet sent (only `sent`, `received` and `sent_and_autopaid` units carry parcels), 403
 * action-not-allowed; the same carrier and tracking number on the unit again (the send's, or an added one), 403
 * duplicate-action; a carrier code that GET /carriers does not list, or a blank tracking number, 400 naming the field.
 */
import type { OrderUnit } from '../../core/types';
import { found, noContent, V2Operations } from '../handler';
import { invalidField, refused } from '../problems';
import { shippingState, type AddedShipment } from '../../model/shipping';
import { carrierCode } from './order-units';

const CARRYING_PARCELS = ['sent', 'received', 'sent_and_autopaid'];
const MAX_TRACKING_NUMBER_LENGTH = 100;

/** The parcels a unit carries already, as `carrier|tracking number`. */
function parcelsOf(shipments: AddedShipment[], unit: OrderUnit): Set<string> {
	const sent = unit._shipment
		? unit._shipment.tracking_number.split(',').map((number) => `${unit._shipment!.carrier_code}|${number}`)
		: [];
	const added = shipments
		.filter((s) => s.id_order_unit === unit.id_order_unit)
		.map((s) => `${s.carrier_code}|${s.tracking_number}`);
	return new Set([...sent, ...added]);
}

export const operations: V2Operations = {
	AddShipment: (ctx) => {
		const { core } = ctx;
		const body = ctx.body as {
			id_order_unit: number;
			shipment_information: { carrier_code: string; tracking_number: string };
		};
		const id = body.id_order_unit;
		const unit = found(core.store.find('orderUnits', id), `Order unit ${id}`);
		if (unit._fulfilled_by_marketplace) {
			throw refused(
				403,
				'/problems/action-not-allowed',
				`Order unit ${id} is fulfilled by the marketplace; the seller cannot add shipments`,
			);
		}
		if (!CARRYING_PARCELS.includes(unit.status)) {
			throw refused(
				403,
				'/problems/action-not-allowed',
				`Order unit ${id} is '${unit.status}'; mark it as sent first (PATCH /order-units/${id}/send)`,
			);
		}
		const carrier = carrierCode(body.shipment_information.carrier_code, 'shipment_information.carrier_code');
		const trackingNumber = body.shipment_information.tracking_number.trim();
		if (trackingNumber === '' || trackingNumber.length > MAX_TRACKING_NUMBER_LENGTH || trackingNumber.includes(',')) {
			throw invalidField(
				'shipment_information.tracking_number',
				`must be one tracking number of 1 to ${MAX_TRACKING_NUMBER_LENGTH} characters`,
			);
		}
		const state = shippingState(core.store.db);
		if (parcelsOf(state.shipments, unit).has(`${carrier}|${trackingNumber}`)) {
			throw refused(
				403,
				'/problems/duplicate-action',
				`Order unit ${id} already has the ${carrier} parcel ${trackingNumber}`,
			);
		}
		state.shipments.push({
			id_order_unit: id,
			carrier_code: carrier,
			tracking_number: trackingNumber,
			ts_created: core.timestamp(),
		});
		unit.ts_updated = core.timestamp();
		return noContent();
	},
};
