/**
 * Seller Marketplace Trigger version 2, "Verify Events By" set to "Signature or Read-Back" (off by default: API
 * v2 documents its signature): events whose Shop-Signature does not match are run only once reading their
 * resource through the signed v2 API bears them out (kind, id, storefront, recent change, state not run
 * before). Through n8n-core's real webhook context against the v2 sandbox.
 */
import { ACKNOWLEDGED, REFUSED } from '../../../nodes/SellerMarketplaceTrigger/receiving/answers';
import { formatTimestamp } from '../../../sandbox';
import type { WebhookHost } from '../../harness/webhook-host';
import { useTestbed } from '../testbed';

const bed = useTestbed(2, {
	events: ['order_new', 'order_unit_status_changed', 'item_unit_out_of_stock', 'item_unit_deleted', 'buy_box_changed'],
});
const { notification } = bed;

const READ_BACK = { verifyEventsBy: 'signatureOrReadBack' };
/** Why the trigger answered the last call as it did (its answer to a call that is not signed is one of two). */
const logged = (host: WebhookHost) => posts(host).at(-1)!.log.join('\n');
const posts = (host: WebhookHost) => host.calls.filter((call) => call.method === 'POST');

const readUrls = () => bed.reads().map((entry) => entry.rawUrl.replace(/^.*\/v2/, ''));

describe('"Signature or Read-Back"', () => {
	it('runs a new order signed some other way once it read it back (GET /orders/{id}, no trailing slash)', async () => {
		const { order } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		const host = await bed.activeHost({ options: { ...READ_BACK, fetchResource: true } });
		bed.sandbox.control.clearRequests();
		const response = await bed.post(
			host,
			bed.signedOtherwise(notification({ resource: `/orders/${order.id_order}/`, id_message: 'other-1' })),
		);
		expect(response.status).toBe(200);
		expect(host.executions[0].items[0]).toMatchObject({
			id_order: order.id_order,
			verified_by: 'read-back',
			data: { id_order: order.id_order },
		});
		expect(bed.reads().map((entry) => [entry.rawUrl.replace(/^.*\/v2/, ''), entry.signatureValid])).toEqual([
			[`/orders/${order.id_order}`, true],
		]);

		// the same creation never runs twice, whatever id_message a forger puts on it
		const again = await bed.post(
			host,
			bed.signedOtherwise(notification({ resource: `/orders/${order.id_order}/`, id_message: 'other-2' })),
		);
		expect(again.json).toEqual(ACKNOWLEDGED.body);
		expect(logged(host)).toContain(`order_new for /orders/${order.id_order} already ran`);
		expect(host.executions).toHaveLength(1);
	});

	it('refuses (401) an order that does not exist, one that is not new, and one of another storefront', async () => {
		const old = bed.sandbox.control.db.orders.find(
			(order) => !order._fulfilled_by_marketplace && order.id_order === 'M10011',
		)!;
		old.ts_created = formatTimestamp(Date.now() - 3 * 86_400_000);
		const { order: atOrder } = await bed.sandbox.control.createOrder({ storefront: 'at' });
		const host = await bed.activeHost({ options: READ_BACK });
		const missing = await bed.post(host, bed.signedOtherwise(notification({ resource: '/orders/NOSUCH1/' })));
		const notNew = await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/${old.id_order}/` })));
		const otherStorefront = await bed.post(
			host,
			bed.signedOtherwise(notification({ resource: `/orders/${atOrder.id_order}/`, storefront: 'de' })),
		);
		expect([missing, notNew, otherStorefront].map((answer) => [answer.status, answer.json])).toEqual(
			Array(3).fill([401, REFUSED.body]),
		);
		const [missingLog, notNewLog, otherStorefrontLog] = posts(host).map((call) => call.log.join());
		expect(missingLog).toMatch(/\/orders\/NOSUCH1 does not exist/);
		expect(notNewLog).toMatch(/ts_created_iso .* is not recent/);
		expect(otherStorefrontLog).toMatch(/it is of storefront "at", not de/);
		expect(host.executions).toEqual([]);
	});

	it('runs a status change once per state of the order unit', async () => {
		const { orderUnits } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		const unit = orderUnits[0];
		bed.sandbox.control.setStatus('orderUnits', unit.id_order_unit, 'sent');
		const host = await bed.activeHost({ options: READ_BACK });
		const changed = () =>
			notification({ event_name: 'order_unit_status_changed', resource: `/order-units/${unit.id_order_unit}/` });

		const first = await bed.post(host, bed.signedOtherwise(changed()));
		expect(first.status).toBe(200);
		expect(host.executions).toHaveLength(1);
		const again = await bed.post(host, bed.signedOtherwise(changed()));
		expect(again.json).toEqual(ACKNOWLEDGED.body);
		expect(logged(host)).toContain(
			`order_unit_status_changed for /order-units/${unit.id_order_unit} in the same state already ran`,
		);

		// a later change is a new state: it runs again (changed in the sandbox's data directly, which sends no signed notification of it)
		const row = bed.sandbox.control.db.orderUnits.find((candidate) => candidate.id_order_unit === unit.id_order_unit)!;
		Object.assign(row, { status: 'received', ts_updated: formatTimestamp(Date.now()) });
		expect((await bed.post(host, bed.signedOtherwise(changed()))).status).toBe(200);
		const readBack = host.executions.filter((execution) => execution.items[0].verified_by === 'read-back');
		expect(readBack.map((execution) => [execution.items[0].id_order_unit, execution.items[0].verified_by])).toEqual([
			[unit.id_order_unit, 'read-back'],
			[unit.id_order_unit, 'read-back'],
		]);
	});

	it("checks what the event says about the unit read in the notification's storefront: out of stock means amount 0", async () => {
		const unit = bed.sandbox.control.db.units.find((candidate) => candidate.id_offer === 'SKU-00005')!;
		unit.date_lastchange = formatTimestamp(Date.now());
		const host = await bed.activeHost({ storefront: 'at', options: READ_BACK });
		const outOfStock = () =>
			notification({ event_name: 'item_unit_out_of_stock', resource: `/units/${unit.id_unit}/`, storefront: 'at' });
		const refused = await bed.post(host, bed.signedOtherwise(outOfStock()));
		expect(refused.status).toBe(401);
		expect(logged(host)).toMatch(/amount is \d+, not 0/);
		unit.amount = 0;
		expect((await bed.post(host, bed.signedOtherwise(outOfStock()))).status).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].id_unit)).toEqual([unit.id_unit]);
		expect(readUrls()).toEqual([`/units/${unit.id_unit}?storefront=at`, `/units/${unit.id_unit}?storefront=at`]);
	});

	it('cannot confirm a deletion or a Buy Box change by reading: refuses them (401) unless signed, reading nothing', async () => {
		const host = await bed.activeHost({ options: READ_BACK });
		bed.sandbox.control.clearRequests();
		const deleted = notification({ event_name: 'item_unit_deleted', resource: '/units/500001/' });
		const buyBox = notification({ event_name: 'buy_box_changed', resource: '/products/10001/' });
		const refused = [
			await bed.post(host, bed.signedOtherwise(deleted)),
			await bed.post(host, bed.signedOtherwise(buyBox)),
		];
		expect(refused.map((answer) => answer.status)).toEqual([401, 401]);
		expect(posts(host)[0].log.join()).toMatch(/item_unit_deleted events cannot be confirmed by reading/);
		expect(bed.reads()).toEqual([]);
		expect((await bed.post(host, bed.signed(host, deleted))).status).toBe(200);
		expect((await bed.post(host, bed.signed(host, buyBox))).status).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].verified_by)).toEqual(['signature', 'signature']);
	});

	it('refuses when the API cannot be read, so the marketplace retries; the retry runs once', async () => {
		const { order } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		const host = await bed.activeHost({ options: READ_BACK });
		bed.sandbox.control.addFault({
			method: 'GET',
			path: `/v2/orders/${order.id_order}`,
			kind: 'status',
			status: 503,
			times: 2,
		});
		const body = notification({ resource: `/orders/${order.id_order}/`, id_message: 'api-down' });
		const first = await bed.post(host, bed.signedOtherwise(body));
		expect(first.json).toEqual(REFUSED.body);
		expect(logged(host)).toMatch(/could not be read now/);
		expect((await bed.post(host, bed.signedOtherwise(body))).status).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual(['api-down']);
	});
});

describe('"Signature" only and "Read-Back" only', () => {
	it('Signature: refuses (401) an event signed otherwise without reading', async () => {
		const { order } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } });
		bed.sandbox.control.clearRequests();
		const response = await bed.post(
			host,
			bed.signedOtherwise(notification({ resource: `/orders/${order.id_order}/` })),
		);
		expect(response.json).toEqual(REFUSED.body);
		expect(bed.reads()).toEqual([]);
	});

	it('Read-Back: confirms even a signed event by reading it; an unsigned copy of it runs nothing and reads nothing', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'readBack' } });
		bed.sandbox.control.clearRequests();
		const { order } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		await bed.sandbox.control.flushNotifications();
		const { order: second } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		await bed.sandbox.control.flushNotifications();
		const copy = await bed.post(host, {
			body: notification({ resource: `/orders/${second.id_order}/`, storefront: 'de', id_message: 'unsigned' }),
		});
		expect(copy.json).toEqual(ACKNOWLEDGED.body);
		expect(host.executions.map((execution) => [execution.items[0].id_order, execution.items[0].verified_by])).toEqual([
			[order.id_order, 'read-back'],
			[second.id_order, 'read-back'],
		]);
		expect(readUrls()).toEqual([`/orders/${order.id_order}`, `/orders/${second.id_order}`]);
	});
});
