/**
 * One valid run of every operation of node version 2, for the coverage test: the node's parameters (one input
 * item), built from the seeded sandbox. A new operation is one line here, keyed `resource.operation`. A sample
 * may prepare the sandbox (e.g. move an order unit to the status the operation needs); it is called after the
 * sandbox was reset to its seed, and the sandbox's request log is cleared after it.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OrderUnit, SandboxControl, Subscription } from '../../../sandbox';
import type { NodeRunOptions } from '../../harness/workflow';

export interface SampleContext {
	control: SandboxControl;
	/** A callback URL that answers the sandbox's subscription challenge. */
	callbackUrl: string;
}

/** Parameters with input items of their own (e.g. one with a binary property to upload) instead of one empty item. */
export class WithInput {
	constructor(readonly parameters: IDataObject, readonly items: NonNullable<NodeRunOptions['items']>) {}
}

/** The node's parameters for one valid run (resource and operation are added), with one empty input item unless WithInput. */
export type Sample = (context: SampleContext) => IDataObject | WithInput;

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

/** An order unit of the merchant (not fulfilled by the marketplace) on storefront de, in `status`, never refunded. */
function orderUnitIn({ control }: SampleContext, status: string): OrderUnit {
	const unit = control.db.orderUnits.find(
		(candidate) =>
			!candidate._fulfilled_by_marketplace && (candidate._storefront ?? 'de') === 'de' && candidate.status === status && !candidate._refunds.length,
	);
	if (!unit) throw new Error(`The seed has no merchant order unit in status ${status} on de`);
	return unit;
}

/** The first unit (offer) on storefront de that is not a download. */
function unitOnDe({ control }: SampleContext): number {
	return control.db.units.find((unit) => (unit._storefront ?? 'de') === 'de' && unit.condition !== 'download')!.id_unit;
}

/** An EAN of a product that has no unit on storefront de yet. */
function freeEan({ control }: SampleContext): string {
	const { db } = control;
	return db.items.find((item) => !db.units.some((unit) => unit.id_item === item.id_item && (unit._storefront ?? 'de') === 'de'))!.eans[0];
}

/** A v2 subscription on de, added to the store. */
function subscription({ control, callbackUrl }: SampleContext): number {
	const added: Subscription = {
		id_subscription: 1 + Math.max(0, ...control.db.subscriptions.map((existing) => existing.id_subscription)),
		callback_url: callbackUrl,
		fallback_email: 'ops@example.com',
		event_name: 'order_new',
		is_active: true,
		_api: 'v2',
		_storefront: 'de',
	};
	control.db.subscriptions.push(added);
	return added.id_subscription;
}

function openOrderUnit(context: SampleContext): number {
	const unit = orderUnitIn(context, 'need_to_be_sent');
	context.control.setStatus('orderUnits', unit.id_order_unit, 'open');
	return unit.id_order_unit;
}

export const samples: Record<string, Sample> = {
	'status.ping': () => ({}),
	'carrier.getMany': () => ({}),
	'order.getMany': () => ({ returnAll: false, limit: 5 }),
	'order.get': ({ control }) => ({ orderId: byId(control.db.orders.find((order) => !order._fulfilled_by_marketplace)!.id_order) }),
	'orderUnit.getMany': () => ({ returnAll: false, limit: 5 }),
	'orderUnit.get': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'sent').id_order_unit) }),
	'orderUnit.send': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'need_to_be_sent').id_order_unit), carrierCode: 'DHL', trackingNumbers: '00340434161094042557' }),
	'orderUnit.cancel': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'need_to_be_sent').id_order_unit), reason: 'NoInventory' }),
	'orderUnit.fulfil': (context) => ({ orderUnitId: byId(openOrderUnit(context)) }),
	'orderUnit.refund': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'sent').id_order_unit), amount: 100, reason: 'delivery_delay' }),
	'subscription.create': ({ callbackUrl }) => ({ eventName: 'order_new', callbackUrl, fallbackEmail: 'ops@example.com' }),
	'subscription.getMany': () => ({ returnAll: true }),
	'subscription.get': (context) => ({ subscriptionId: String(subscription(context)) }),
	'subscription.update': (context) => ({ subscriptionId: subscription(context), updateFields: { isActive: false } }),
	'subscription.delete': (context) => ({ subscriptionId: String(subscription(context)) }),
	'unit.getMany': () => ({ returnAll: false, limit: 5 }),
	'unit.get': (context) => ({ unitId: String(unitOnDe(context)) }),
	'unit.create': (context) => ({ identifyBy: 'ean', ean: freeEan(context), offerId: 'SKU-COVERAGE-1', condition: 'NEW', listingPrice: 1999, handlingTime: 2 }),
	'unit.update': (context) => ({ unitId: String(unitOnDe(context)), updateFields: { amount: 3 } }),
	'unit.updateMany': (context) => ({ unitId: String(unitOnDe(context)), updateFields: { handlingTime: 3 } }),
	'unit.getStatus': (context) => new WithInput({ unitId: '={{ $json.id }}' }, [{ json: { id: unitOnDe(context) } }]),
	'unit.delete': (context) => ({ unitId: String(unitOnDe(context)) }),
};
