/**
 * Shipping labels (Kaufland Shipment Solutions): POST /shipping-labels buys a label for one package of order
 * units of one order and answers its tracking number and a `download_url` for the PDF (see ../state/shipping.ts).
 * Refusals, stricter than the marketplace says: an unknown order unit 404; one fulfilled by the marketplace, one
 * not waiting to be sent (`need_to_be_sent`) or one that has a label already 403; units of several orders 422;
 * no warehouse to ship from 422 `/problems/shipping-labels/warehouse-missing`; a carrier other than GLS, or
 * measurements outside a GLS parcel (1 g – 31.5 kg, length ≤ 200 cm, width ≤ 80 cm, height ≤ 60 cm), 400
 * naming the field.
 */
import type { OrderUnit } from '../../core/types';
import { created, found, V2Context, V2Operations } from '../handler';
import { invalid, Problem, refused, type ErrorDetail } from '../problems';
import { createLabel, labelDownloadUrl, shippingState, type PackageMeasurements } from '../../model/shipping';

const CARRIERS = ['GLS'];
const LIMITS: Record<keyof PackageMeasurements, number> = {
	weight_gram: 31_500,
	length_cm: 200,
	width_cm: 80,
	height_cm: 60,
};

interface LabelRequest {
	ids_order_units: number[];
	carriers: string[];
	package_measurements: PackageMeasurements;
}

function checkRequest(body: LabelRequest): void {
	const errors: ErrorDetail[] = [];
	if (body.ids_order_units.length === 0)
		errors.push({ field: 'ids_order_units', message: 'must name at least one order unit' });
	if (new Set(body.ids_order_units).size !== body.ids_order_units.length)
		errors.push({ field: 'ids_order_units', message: 'names an order unit twice' });
	if (body.carriers.length === 0 || body.carriers.some((carrier) => !CARRIERS.includes(carrier))) {
		errors.push({ field: 'carriers', message: `must list one or more of: ${CARRIERS.join(', ')}` });
	}
	for (const [name, max] of Object.entries(LIMITS) as Array<[keyof PackageMeasurements, number]>) {
		const value = body.package_measurements[name];
		if (value < 1 || value > max)
			errors.push({ field: `package_measurements.${name}`, message: `must be from 1 to ${max}` });
	}
	if (errors.length) throw invalid(errors);
}

function labelledUnits(ctx: V2Context, ids: number[]): OrderUnit[] {
	const labelled = new Set(shippingState(ctx.core.store.db).labels.flatMap((label) => label.ids_order_units));
	const units = ids.map((id) => {
		const unit = found(ctx.core.store.find('orderUnits', id), `Order unit ${id}`);
		if (unit._fulfilled_by_marketplace)
			throw refused(403, '/problems/action-not-allowed', `Order unit ${id} is fulfilled by the marketplace`);
		if (unit.status !== 'need_to_be_sent') {
			throw refused(
				403,
				'/problems/action-not-allowed',
				`Order unit ${id} is '${unit.status}'; labels are for units in 'need_to_be_sent'`,
			);
		}
		if (labelled.has(id))
			throw refused(403, '/problems/duplicate-action', `Order unit ${id} has a shipping label already`);
		return unit;
	});
	const orders = [...new Set(units.map((unit) => unit.id_order))];
	if (orders.length > 1) {
		throw new Problem(
			422,
			'/problems/validation-error',
			`One package holds units of one order; got orders ${orders.join(', ')}`,
			[{ field: 'ids_order_units', message: 'must be order units of one order' }],
		);
	}
	return units;
}

export const operations: V2Operations = {
	CreateShippingLabel: (ctx) => {
		const body = ctx.body as LabelRequest;
		checkRequest(body);
		labelledUnits(ctx, body.ids_order_units);
		if (ctx.core.store.db.warehouses.length === 0) {
			throw new Problem(
				422,
				'/problems/shipping-labels/warehouse-missing',
				'Add a warehouse to ship from before buying labels',
			);
		}
		const label = createLabel(ctx.core, body.ids_order_units, body.carriers[0], body.package_measurements);
		return created({
			id: label.id,
			tracking_number: label.tracking_number,
			carrier: label.carrier,
			download_url: labelDownloadUrl(ctx.core, label),
		});
	},
};
