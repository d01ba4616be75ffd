/**
 * Issue 12.4: the marketplace does not publish how it signs notifications. "Verify Events By" lets the
 * trigger confirm an event by reading the named resource through the signed API instead, so a wrong guess
 * of the signature scheme does not refuse every real notification (and get the subscription disabled).
 * Through n8n-core's real webhook context against the sandbox: what the node answered, what it read, what ran.
 */
import {
	READ_BACK_BURST,
	READ_BACK_PER_MINUTE,
	storedCount,
} from '../../../nodes/SellerMarketplaceTrigger/receiving/deliveryLog';
import { ACKNOWLEDGED, REFUSED } from '../../../nodes/SellerMarketplaceTrigger/receiving/answers';
import { formatTimestamp, signature } from '../../../sandbox';
import type { WebhookHost } from '../../harness/webhook-host';
import { triggerStaticData, useTestbed } from '../testbed';

const bed = useTestbed(1, {
	events: ['order_new', 'order_unit_status_changed', 'item_unit_out_of_stock', 'item_unit_deleted'],
});
const { notification } = bed;

/** Why the trigger answered the last call as it did: it says so only in n8n's log, its answer is one of two. */
const logged = (host: WebhookHost) => posts(host).at(-1)!.log.join('\n');
const posts = (host: WebhookHost) => host.calls.filter((call) => call.method === 'POST');

describe('default ("Signature or Read-Back")', () => {
	it('runs a genuine event signed some other way once it read the order back through the signed API', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost();
		bed.sandbox.control.clearRequests();

		const response = await bed.post(
			host,
			bed.signedOtherwise(notification({ resource: `/orders/${idOrder}/`, id_message: 'other-scheme-1' })),
		);

		expect(response.status).toBe(200);
		expect(host.executions).toHaveLength(1);
		expect(host.executions[0].items[0]).toMatchObject({
			id_order: idOrder,
			id_message: 'other-scheme-1',
			verified_by: 'read-back',
		});
		// Fetch Resource is off: the read confirms the event, its data is not added
		expect(host.executions[0].items[0]).not.toHaveProperty('data');
		expect(bed.reads().map((read) => [read.path, read.signatureValid])).toEqual([[`/orders/${idOrder}`, true]]);
	});

	it('hands on the data it read when Fetch Resource is on, without reading twice', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost({ options: { fetchResource: true } });
		bed.sandbox.control.clearRequests();

		await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/${idOrder}/` })));

		expect(host.executions[0].items[0]).toMatchObject({ verified_by: 'read-back', data: { id_order: idOrder } });
		expect(bed.reads()).toHaveLength(1);
	});

	it('reads nothing for a notification whose signature matches', async () => {
		const host = await bed.activeHost();
		bed.sandbox.control.clearRequests();
		expect((await bed.post(host, bed.signed(host, notification({ id_message: 'signed-1' })))).status).toBe(200);
		expect(host.executions[0].items[0]).toMatchObject({ id_message: 'signed-1', verified_by: 'signature' });
		expect(bed.reads()).toEqual([]);
	});

	it('does not count a matching signature over a timestamp it cannot read (milliseconds): confirms by reading', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost();
		const inMilliseconds = (body: string) => {
			const timestamp = String(Date.now());
			return { body, timestamp, signature: signature(bed.sandbox.secretKey, 'POST', host.url(), body, timestamp) };
		};
		expect((await bed.post(host, inMilliseconds(notification({ resource: `/orders/${idOrder}/` })))).status).toBe(200);
		const refused = await bed.post(host, inMilliseconds(notification({ resource: '/orders/NOSUCH4/' })));
		expect(refused.status).toBe(401);
		expect(refused.json).toEqual(REFUSED.body);
		expect(logged(host)).toMatch(/HM-Timestamp is not a Unix time in seconds, and the event could not be confirmed/);
		expect(host.executions.map((execution) => execution.items[0])).toEqual([
			expect.objectContaining({ id_order: idOrder, verified_by: 'read-back' }),
		]);
	});

	it('refuses (401) a forged event whose resource does not exist, after one read', async () => {
		const host = await bed.activeHost();
		bed.sandbox.control.clearRequests();
		const response = await bed.post(host, bed.signedOtherwise(notification({ resource: '/orders/NOSUCH1/' })));
		expect(response.status).toBe(401);
		expect(response.json).toEqual(REFUSED.body);
		expect(logged(host)).toMatch(/could not be confirmed.*\/orders\/NOSUCH1 does not exist/);
		expect(host.executions).toEqual([]);
		expect(bed.reads().map((read) => read.path)).toEqual(['/orders/NOSUCH1']);
	});

	it('refuses (401) a forged order_new for an order that is not new', async () => {
		const old = bed.sandbox.control.db.orders.find((order) => !order._fulfilled_by_marketplace)!;
		old.ts_created = formatTimestamp(Date.now() - 3 * 86_400_000);
		const host = await bed.activeHost();
		const response = await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/${old.id_order}/` })));
		expect(response.status).toBe(401);
		expect(logged(host)).toMatch(/ts_created .* is not recent/);
		expect(host.executions).toEqual([]);
	});

	it('refuses (401) an event whose resource is of another kind than the event names', async () => {
		const host = await bed.activeHost();
		const unit = bed.sandbox.control.db.orderUnits[0];
		bed.sandbox.control.clearRequests();
		const response = await bed.post(
			host,
			bed.signedOtherwise(notification({ event_name: 'order_new', resource: `/order-units/${unit.id_order_unit}/` })),
		);
		expect(response.status).toBe(401);
		expect(host.executions).toEqual([]);
		expect(bed.reads()).toEqual([]);
	});

	it('runs a forged order_new for a real new order at most once, whatever id_message it carries', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost();
		const statuses = [];
		for (const id of ['forged-a', 'forged-b', 'forged-c']) {
			statuses.push(
				(await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/${idOrder}/`, id_message: id }))))
					.status,
			);
		}
		expect(statuses).toEqual([200, 200, 200]);
		expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual(['forged-a']);
		expect(posts(host).at(-1)!.responseBody).toBe(JSON.stringify(ACKNOWLEDGED.body));
		expect(logged(host)).toContain(`order_new for /orders/${idOrder} already ran`);
	});

	it('also ignores a read-back order_new for an order whose signed order_new already ran', async () => {
		const host = await bed.activeHost();
		const { order } = await bed.sandbox.control.createOrder();
		await bed.sandbox.control.flushNotifications();
		expect(host.executions.map((execution) => execution.items[0].verified_by)).toEqual(['signature']);

		const forged = await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/${order.id_order}/` })));
		expect(forged.status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('runs a status change once per state of the order unit', async () => {
		const unit = bed.sandbox.control.db.orderUnits.find(
			(candidate) => candidate.status === 'need_to_be_sent' && !candidate._fulfilled_by_marketplace,
		)!;
		bed.sandbox.control.setStatus('orderUnits', unit.id_order_unit, 'sent');
		const host = await bed.activeHost();
		const changed = () =>
			notification({ event_name: 'order_unit_status_changed', resource: `/order-units/${unit.id_order_unit}/` });

		const readBackRuns = () => host.executions.filter((execution) => execution.items[0].verified_by === 'read-back');

		expect((await bed.post(host, bed.signedOtherwise(changed()))).status).toBe(200);
		const again = await bed.post(host, bed.signedOtherwise(changed()));
		expect(again.json).toEqual(ACKNOWLEDGED.body);
		expect(logged(host)).toContain(
			`order_unit_status_changed for /order-units/${unit.id_order_unit}/ in the same state already ran`,
		);
		expect(readBackRuns()).toHaveLength(1);

		// a later change is a new state: it runs (changed in the sandbox's data directly, which sends no signed notification of it)
		Object.assign(unit, { status: 'returned', ts_updated: formatTimestamp(Date.now()) });
		expect((await bed.post(host, bed.signedOtherwise(changed()))).status).toBe(200);
		expect(readBackRuns().map((execution) => execution.items[0].id_order_unit)).toEqual([
			unit.id_order_unit,
			unit.id_order_unit,
		]);
	});

	// Issue 23: after a genuine signed status change, an unsigned copy with a new id_message ran the workflow again:
	// the resource read back did look changed.
	it('does not run an unsigned copy of a signed status change, whatever id_message it carries, and reads nothing for it', async () => {
		const unit = bed.sandbox.control.db.orderUnits.find(
			(candidate) => candidate.status === 'need_to_be_sent' && !candidate._fulfilled_by_marketplace,
		)!;
		const host = await bed.activeHost();
		bed.sandbox.control.setStatus('orderUnits', unit.id_order_unit, 'sent');
		await bed.sandbox.control.flushNotifications();
		expect(host.executions.map((execution) => [execution.items[0].event_name, execution.items[0].verified_by])).toEqual(
			[['order_unit_status_changed', 'signature']],
		);
		bed.sandbox.control.clearRequests();

		const forged = await bed.post(
			host,
			bed.signedOtherwise(
				notification({
					event_name: 'order_unit_status_changed',
					resource: `/order-units/${unit.id_order_unit}/`,
					id_message: 'forged-copy',
				}),
			),
		);
		expect(forged.status).toBe(401);
		expect(host.executions).toHaveLength(1);
		expect(bed.reads()).toEqual([]);
	});

	it('reads back at most its budget for a burst of forged calls, and nothing for copies of an event that ran', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost({}, { freshProcess: true });
		const started = Date.now();
		expect(
			(
				await bed.post(
					host,
					bed.signedOtherwise(notification({ resource: `/orders/${idOrder}/`, id_message: 'genuine' })),
				)
			).status,
		).toBe(200);
		bed.sandbox.control.clearRequests();
		const copies = await Promise.all(
			Array.from(
				{ length: 40 },
				async (_, i) =>
					await bed.post(
						host,
						bed.signedOtherwise(notification({ resource: `/orders/${idOrder}/`, id_message: `copy-${i}` })),
					),
			),
		);
		expect(copies.map((answer) => answer.json)).toEqual(Array(40).fill(ACKNOWLEDGED.body));
		expect(bed.reads()).toEqual([]);

		const strangers = await Promise.all(
			Array.from(
				{ length: 40 },
				async (_, i) => await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/NOSUCH${i}/` }))),
			),
		);
		expect(strangers.map((answer) => [answer.status, answer.json])).toEqual(Array(40).fill([401, REFUSED.body]));
		// the first read was the genuine event's; the budget refills by READ_BACK_PER_MINUTE while the test runs
		const refilled = Math.ceil(((Date.now() - started) / 60_000) * READ_BACK_PER_MINUTE);
		expect(bed.reads().length).toBeGreaterThanOrEqual(READ_BACK_BURST - 1);
		expect(bed.reads().length).toBeLessThanOrEqual(READ_BACK_BURST - 1 + refilled);
		expect(host.executions).toHaveLength(1);
	});

	it('checks what the event says about the read resource: out of stock means amount 0', async () => {
		const unit = bed.sandbox.control.db.units.find((candidate) => candidate.amount > 0)!;
		const host = await bed.activeHost();
		const outOfStock = notification({ event_name: 'item_unit_out_of_stock', resource: `/units/${unit.id_unit}/` });
		const refused = await bed.post(host, bed.signedOtherwise(outOfStock));
		expect(refused.status).toBe(401);
		expect(logged(host)).toMatch(/amount/);

		unit.amount = 0;
		expect(
			(
				await bed.post(
					host,
					bed.signedOtherwise(
						notification({ event_name: 'item_unit_out_of_stock', resource: `/units/${unit.id_unit}/` }),
					),
				)
			).status,
		).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].id_unit)).toEqual([unit.id_unit]);
	});

	it('cannot confirm a deletion by reading: refuses it (401) unless signed', async () => {
		const host = await bed.activeHost();
		const deleted = notification({ event_name: 'item_unit_deleted', resource: '/units/987654/' });
		const refused = await bed.post(host, bed.signedOtherwise(deleted));
		expect(refused.status).toBe(401);
		expect(logged(host)).toMatch(/item_unit_deleted .* cannot be confirmed by reading/);
		expect((await bed.post(host, bed.signed(host, deleted))).status).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].verified_by)).toEqual(['signature']);
	});

	it('refuses when the API cannot be read, so the marketplace retries; the retry runs once', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost();
		bed.sandbox.control.addFault({ method: 'GET', path: `/orders/${idOrder}`, kind: 'status', status: 503, times: 2 });
		const body = notification({ resource: `/orders/${idOrder}/`, id_message: 'api-down' });

		const first = await bed.post(host, bed.signedOtherwise(body));
		expect(first.json).toEqual(REFUSED.body);
		expect(logged(host)).toMatch(/could not be read now/);
		expect(host.executions).toEqual([]);

		const retry = await bed.post(host, bed.signedOtherwise(body));
		expect(retry.status).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual(['api-down']);
	});

	it('acknowledges (200) but does not run an event about an order fulfilled by the marketplace, which API v1 cannot show', async () => {
		const { order } = await bed.sandbox.control.createOrder({ fulfilledByMarketplace: true });
		const host = await bed.activeHost();
		const response = await bed.post(
			host,
			bed.signedOtherwise(notification({ resource: `/orders/${order.id_order}/` })),
		);
		expect(response.json).toEqual(ACKNOWLEDGED.body);
		expect(logged(host)).toContain('403');
		expect(host.executions).toEqual([]);
	});

	it('keeps what it remembered of read-back events in the static data, for restarts', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost();
		await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/${idOrder}/` })));
		expect(storedCount(triggerStaticData(host).seenDeliveries)).toBe(2);
	});
});

describe('"Signature" only', () => {
	it('refuses (401) an event signed some other way, without reading anything', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } });
		bed.sandbox.control.clearRequests();
		const response = await bed.post(host, bed.signedOtherwise(notification({ resource: `/orders/${idOrder}/` })));
		expect(response.status).toBe(401);
		expect(response.json).toEqual(REFUSED.body);
		expect(logged(host)).toContain('HM-Signature does not match');
		expect(host.executions).toEqual([]);
		expect(bed.reads()).toEqual([]);
	});
});

describe('"Read-Back" only', () => {
	it('confirms even a correctly signed event by reading it', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'readBack' } });
		bed.sandbox.control.clearRequests();
		const { order } = await bed.sandbox.control.createOrder();
		await bed.sandbox.control.flushNotifications();
		expect(host.executions[0].items[0]).toMatchObject({ id_order: order.id_order, verified_by: 'read-back' });
		expect(bed.reads().map((read) => read.path)).toEqual([`/orders/${order.id_order}`]);
	});

	it('accepts an unsigned event for a real new order, refuses one for an order that does not exist', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost({ options: { verifyEventsBy: 'readBack' } });
		expect((await bed.post(host, { body: notification({ resource: `/orders/${idOrder}/` }) })).status).toBe(200);
		expect((await bed.post(host, { body: notification({ resource: '/orders/NOSUCH2/' }) })).status).toBe(401);
		expect(host.executions.map((execution) => execution.items[0].id_order)).toEqual([idOrder]);
	});
});

describe('workflows saved with version 1 parameters', () => {
	it('"Verify Signature" off (what the README advised when signatures fail): real events still run, confirmed by reading', async () => {
		const idOrder = await bed.newOrder();
		const host = await bed.activeHost({ options: { verifySignature: false } });
		expect(
			(await bed.post(host, { body: notification({ resource: `/orders/${idOrder}/`, id_message: 'u1' }) })).status,
		).toBe(200);
		expect(host.executions[0].items[0]).toMatchObject({ id_message: 'u1', timestamp: null, verified_by: 'read-back' });
		// what used to run unchecked is now refused
		expect((await bed.post(host, { body: notification({ resource: '/orders/NOSUCH3/' }) })).status).toBe(401);
		expect(host.executions).toHaveLength(1);
	});

	it('"Ignore Repeated Deliveries (Last N Messages)" set to a count: repeats are still ignored', async () => {
		const host = await bed.activeHost({ options: { dedupeWindow: 2 } });
		const bodies = ['a', 'b', 'c'].map((id) => notification({ id_message: id }));
		for (const body of [...bodies, ...bodies]) expect((await bed.post(host, bed.signed(host, body))).status).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual(['a', 'b', 'c']);
	});
});
