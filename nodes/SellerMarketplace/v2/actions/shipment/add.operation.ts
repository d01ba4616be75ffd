import { bounded, inputError, lineOfText, requireString } from '../../../../shared/helpers/validation';
import { carrierField } from '../../descriptions/carrier';
import { textField } from '../../descriptions/fields';
import { apiRequest } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { getOrderUnitId, orderUnitIdField } from '../orderUnit/fields';

/**
 * POST /shipments (204): one more parcel for an order unit already marked as sent. API v2 cannot list a unit's
 * parcels, so the request is sent once: when its answer is lost, the error says it may have been added.
 */
export const add = defineOperation({
	value: 'add',
	name: 'Add',
	action: 'Add a shipment to a sent order unit',
	attempt: 'add a shipment to order unit {id}',
	summary: 'Report one more parcel (carrier and tracking number) of an order unit already marked as sent',
	endpoint: 'POST /shipments',
	properties: [
		{
			...orderUnitIdField,
			description: 'The order unit, already marked as sent (Order Unit → Send), that ships in one more parcel',
		},
		carrierField,
		bounded(
			textField('Tracking Number', 'trackingNumber', 'The tracking number of this one parcel', {
				required: true,
				placeholder: 'e.g. 00340434161094042557',
			}),
			lineOfText('shipment_information.tracking_number'),
		),
	],
	async execute(itemIndex) {
		const id = getOrderUnitId(this, itemIndex);
		const carrier = requireString(this, 'carrierCode', itemIndex, 'Carrier');
		const trackingNumber = requireString(this, 'trackingNumber', itemIndex, 'Tracking Number');
		if (trackingNumber.includes(',')) {
			throw inputError(
				this,
				itemIndex,
				`"Tracking Number" must be one tracking number, but it is "${trackingNumber}"`,
				'Add each further parcel with its own item.',
			);
		}
		const shipment = { carrier_code: carrier, tracking_number: trackingNumber };
		await apiRequest.call(this, {
			method: 'POST',
			path: '/shipments',
			body: { id_order_unit: id, shipment_information: shipment },
			itemIndex,
			fieldLabels: {
				id_order_unit: 'Order Unit',
				'shipment_information.carrier_code': 'Carrier',
				'shipment_information.tracking_number': 'Tracking Number',
			},
			uncertainWrite: {
				subject: 'the shipment',
				check: `the parcels of order unit ${id} in the Seller Portal (API v2 cannot list them)`,
			},
		});
		return { success: true, id_order_unit: id, ...shipment };
	},
});
