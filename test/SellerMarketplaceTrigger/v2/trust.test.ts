/**
 * Issue 23, Seller Marketplace Trigger version 2: whom it believes. API v2 documents that notifications are
 * signed, so by default only a verified Shop-Signature counts; a stranger's call costs no request to the
 * marketplace, no execution and no write to static data, and gets one answer whatever it names; the trigger
 * runs only for events of its storefront. Through n8n-core's real webhook context against the v2 sandbox.
 */
import { ACKNOWLEDGED, REFUSED } from '../../../nodes/SellerMarketplaceTrigger/receiving/answers';
import { triggerStaticData, useTestbed } from '../testbed';

const bed = useTestbed(2, { events: ['order_new', 'order_unit_status_changed'] });
const { notification } = bed;

const posts = (host: { calls: Array<{ method: string; log: string[] }> }) =>
	host.calls.filter((call) => call.method === 'POST');

describe('forged notifications', () => {
	it('does not run an unsigned copy of a signed status change (a new id_message), and reads nothing for it', async () => {
		const { orderUnits } = await bed.sandbox.control.createOrder({ storefront: 'de' });
		const host = await bed.activeHost();
		await bed.sandbox.control.flushNotifications();
		const runsBefore = host.executions.length;
		bed.sandbox.control.setStatus('orderUnits', orderUnits[0].id_order_unit, 'sent');
		await bed.sandbox.control.flushNotifications();
		expect(
			host.executions
				.slice(runsBefore)
				.map((execution) => [execution.items[0].event_name, execution.items[0].verified_by]),
		).toEqual([['order_unit_status_changed', 'signature']]);
		bed.sandbox.control.clearRequests();

		const copy = notification({
			event_name: 'order_unit_status_changed',
			resource: `/order-units/${orderUnits[0].id_order_unit}/`,
			id_message: 'forged-copy',
		});
		const answer = await bed.post(host, { body: copy });
		expect([answer.status, answer.json]).toEqual([401, REFUSED.body]);
		expect(host.executions).toHaveLength(runsBefore + 1);
		expect(bed.reads()).toEqual([]);
	});

	it("spends none of the seller's requests on 40 forged calls naming real new orders: 0 GETs, no run, no static data written", async () => {
		const orders = await Promise.all(
			Array.from({ length: 4 }, async () => (await bed.sandbox.control.createOrder({ storefront: 'de' })).order),
		);
		const host = await bed.activeHost();
		const savedBefore = JSON.stringify(host.staticData);
		bed.sandbox.control.clearRequests();

		const forged = Array.from({ length: 40 }, (_, i) =>
			notification({ resource: `/orders/${orders[i % 4].id_order}/` }),
		);
		const answers = await Promise.all(forged.map(async (body) => await bed.post(host, bed.signedOtherwise(body))));
		expect(answers.map((answer) => [answer.status, answer.json])).toEqual(Array(40).fill([401, REFUSED.body]));
		expect(bed.requests()).toEqual([]);
		expect(host.executions).toEqual([]);
		expect(JSON.stringify(host.staticData)).toBe(savedBefore);
	});

	it('answers an unsigned call the same whether its id_message was received already or not (no oracle)', async () => {
		const host = await bed.activeHost();
		const genuine = notification({ id_message: 'known-id' });
		expect((await bed.post(host, bed.signed(host, genuine))).status).toBe(200);

		const known = await bed.post(host, { body: genuine });
		const unknown = await bed.post(host, { body: notification({ id_message: 'never-seen' }) });
		const badlySigned = await bed.post(host, bed.signed(host, genuine, { secret: 'f'.repeat(64) }));
		const malformed = await bed.post(host, { body: '{"event_name": "order_new", ' });
		const answers = [known, unknown, badlySigned, malformed].map((answer) => [
			answer.status,
			answer.headers['content-type'],
			answer.text,
		]);
		expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
		expect(answers[0]).toEqual([401, expect.stringContaining('application/json'), JSON.stringify(REFUSED.body)]);
		expect(host.executions).toHaveLength(1);
	});
});

describe('storefronts', () => {
	it('runs only for events of its storefront; signed events of the others are answered 200 and ignored', async () => {
		const host = await bed.activeHost({ storefront: 'de' });
		const storefronts = ['de', 'fr', 'at', 'cz', 'es', 'pl'];
		const answers = [];
		for (const storefront of storefronts)
			answers.push(
				await bed.post(host, bed.signed(host, notification({ storefront, id_message: `in-${storefront}` }))),
			);
		expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
		expect(answers.slice(1).map((answer) => answer.json)).toEqual(
			storefronts.slice(1).map((storefront) => ({
				received: true,
				ignored: `the event is of storefront ${storefront}, this trigger listens to de`,
			})),
		);
		expect(host.executions.map((execution) => execution.items[0].storefront)).toEqual(['de']);
		expect(bed.reads()).toEqual([]);
	});

	it("takes its storefront from the credentials' Default Storefront unless one is chosen", async () => {
		const fromCredentials = await bed.activeHost();
		const chosen = await bed.activeHost({ storefront: 'at' }, { webhookId: 'b1c2d3e4-0000-4000-8000-0000000000a7' });
		for (const host of [fromCredentials, chosen]) {
			for (const storefront of ['de', 'at']) await bed.post(host, bed.signed(host, notification({ storefront })));
		}
		expect(fromCredentials.executions.map((execution) => execution.items[0].storefront)).toEqual(['de']);
		expect(chosen.executions.map((execution) => execution.items[0].storefront)).toEqual(['at']);
	});

	it('does not run an unsigned event about a real new order of another storefront', async () => {
		const { order } = await bed.sandbox.control.createOrder({ storefront: 'at' });
		const host = await bed.activeHost({ storefront: 'de' });
		bed.sandbox.control.clearRequests();
		const answer = await bed.post(host, {
			body: notification({ resource: `/orders/${order.id_order}/`, storefront: 'at' }),
		});
		expect([answer.status, answer.json]).toEqual([401, REFUSED.body]);
		expect(host.executions).toEqual([]);
		expect(bed.reads()).toEqual([]);
	});

	it('refuses (400) a signed body naming its storefront twice, whichever comes first', async () => {
		const host = await bed.activeHost({ storefront: 'de' });
		const twice = (first: string, second: string) =>
			`{"event_name":"order_new","id_message":"twice-${first}","resource":"/orders/M10011/","storefront":"${first}","payload":[],"storefront":"${second}"}`;
		const answers = [
			await bed.post(host, bed.signed(host, twice('fr', 'de'))),
			await bed.post(host, bed.signed(host, twice('de', 'fr'))),
		];
		expect(answers.map((answer) => [answer.status, answer.json])).toEqual(
			Array(2).fill([400, { error: 'malformed notification: the body names "storefront" twice' }]),
		);
		expect(host.executions).toEqual([]);
	});

	it('with read-back chosen, acknowledges an unsigned event of another storefront without reading it', async () => {
		const { order } = await bed.sandbox.control.createOrder({ storefront: 'fr' });
		const host = await bed.activeHost({ storefront: 'de', options: { verifyEventsBy: 'signatureOrReadBack' } });
		bed.sandbox.control.clearRequests();
		const answer = await bed.post(host, {
			body: notification({ resource: `/orders/${order.id_order}/`, storefront: 'fr' }),
		});
		expect(answer.json).toEqual(ACKNOWLEDGED.body);
		expect(posts(host).at(-1)!.log.join()).toContain('the event is of storefront fr, this trigger listens to de');
		expect(host.executions).toEqual([]);
		expect(bed.reads()).toEqual([]);
	});
});

describe('what a delivery leaves', () => {
	it('has written the id it took to the static data when it answers 200, so a restarted n8n does not run it again', async () => {
		const host = await bed.activeHost({}, { freshProcess: true });
		const deliveries = [bed.signed(host, notification()), bed.signed(host, notification())];
		for (const delivery of deliveries) expect((await bed.post(host, delivery)).status).toBe(200);
		expect(triggerStaticData(host).seenDeliveries).toEqual(expect.any(String));

		const restarted = await bed.activeHost(
			{},
			{ freshProcess: true, staticData: host.staticData, webhookId: 'b1c2d3e4-0000-4000-8000-0000000000r2' },
		);
		const again = await Promise.all(deliveries.map(async (delivery) => await bed.post(restarted, delivery)));
		expect(again.map((answer) => String(answer.json.ignored))).toEqual(
			deliveries.map((delivery) => `id_message ${String(JSON.parse(delivery.body).id_message)} was already received`),
		);
		expect(restarted.executions).toEqual([]);
	});
});
