/**
 * Seller Marketplace Trigger version 2: what a notification asks of n8n, as in version 1 — the v2 credential
 * read once for a run of events yet a rotated secret counted at once, parameters read as saved, the delivery
 * log written with every delivery and still de-duplicating after a restart. Through n8n-core's real webhook context.
 */
import { createHash } from 'node:crypto';

import { storedCount } from '../../../nodes/SellerMarketplaceTrigger/receiving/deliveryLog';
import { REFUSED } from '../../../nodes/SellerMarketplaceTrigger/receiving/answers';
import { nowSeconds, triggerStaticData, useTestbed } from '../testbed';

const bed = useTestbed(2, { events: ['order_unit_status_changed'] });
const { notification } = bed;

const change = () => notification({ event_name: 'order_unit_status_changed', resource: '/order-units/1000001/' });

it('reads the v2 credential once for a run of signed notifications, and counts a rotated secret at once', async () => {
	const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } }, { freshProcess: true });
	const readsBefore = host.credentialReads;
	for (let i = 0; i < 5; i++) expect((await bed.post(host, bed.signed(host, change()))).status).toBe(200);
	// the Secret Key (signatures) and the Default Storefront (events of other storefronts are ignored), once each
	expect(host.credentialReads - readsBefore).toBe(2);

	const rotated = 'r'.repeat(64);
	host.updateCredentials({ secretKey: rotated });
	expect((await bed.post(host, bed.signed(host, change(), { secret: rotated }))).status).toBe(200);
	const old = await bed.post(host, bed.signed(host, change()));
	expect(old.json).toEqual(REFUSED.body);
	expect(host.executions).toHaveLength(6);
});

it('evaluates expressions in its parameters, and reads saved values as they are', async () => {
	for (const options of [{ maxTimestampAgeSeconds: '={{ 60 * 5 }}' }, { maxTimestampAgeSeconds: 300 }]) {
		const host = await bed.activeHost({ options }, { freshProcess: true });
		const stale = await bed.post(host, bed.signed(host, change(), { timestamp: nowSeconds() - 3600 }));
		expect(stale.json.error).toMatch(
			/^Shop-Timestamp is \d+ s behind this server's clock \(.+Z\), more than the 300 s Max Timestamp Age allows$/,
		);
	}
});

it('keeps de-duplicating a burst across a restart right after its last answer', async () => {
	const host = await bed.activeHost({}, { freshProcess: true });
	const burst = Array.from({ length: 10 }, () => bed.signed(host, change()));
	expect(
		(await Promise.all(burst.map(async (delivery) => await bed.post(host, delivery)))).map((answer) => answer.status),
	).toEqual(Array(10).fill(200));
	// each signed change remembers its id_message, and that a signed change of the order unit ran
	expect(storedCount(triggerStaticData(host).seenDeliveries)).toBe(11);

	const restarted = await bed.activeHost(
		{},
		{ freshProcess: true, staticData: host.staticData, webhookId: 'b1c2d3e4-0000-4000-8000-0000000000v2' },
	);
	const replays = await Promise.all(burst.map(async (delivery) => await bed.post(restarted, delivery)));
	expect(replays.every((answer) => /was already received$/.test(String(answer.json.ignored)))).toBe(true);
	expect(restarted.executions).toEqual([]);
});

it('takes over the delivery log the previous release stored (19 bytes an entry), then stores about 10 an entry', async () => {
	const previousForm = (key: string, expiresAt: number) =>
		createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, 12) + expiresAt.toString(36).padStart(7, '0');
	const host = await bed.activeHost(
		{},
		{
			freshProcess: true,
			staticData: {
				'node:Seller Marketplace Trigger': {
					seenDeliveries: previousForm('message:before-the-update', nowSeconds() + 3600),
				},
			},
		},
	);
	const replay = await bed.post(
		host,
		bed.signed(
			host,
			notification({
				event_name: 'order_unit_status_changed',
				resource: '/order-units/1000001/',
				id_message: 'before-the-update',
			}),
		),
	);
	expect(replay.json).toEqual({ received: true, ignored: 'id_message before-the-update was already received' });
	expect((await bed.post(host, bed.signed(host, change()))).status).toBe(200);
	expect(host.executions).toHaveLength(1);
	const stored = String(triggerStaticData(host).seenDeliveries);
	// the old entry, and the new delivery's id_message and signed change, in groups of one expiry each
	expect(storedCount(stored)).toBe(3);
	expect(stored).toMatch(/^(?:~[0-9a-z]+\.(?:[A-Za-z0-9_-]{10})+)+$/);
	expect(stored.length).toBeLessThan(3 * 19);
});

it('refuses a signed notification larger than 1 MiB with 400', async () => {
	const host = await bed.activeHost();
	const big = notification({
		event_name: 'order_unit_status_changed',
		resource: '/order-units/1000001/',
		payload: 'x'.repeat(1024 * 1024),
	});
	const response = await bed.post(host, bed.signed(host, big));
	expect(response.status).toBe(400);
	expect(response.json.error).toMatch(/larger than 1048576 bytes/);
	expect(host.executions).toEqual([]);
});
