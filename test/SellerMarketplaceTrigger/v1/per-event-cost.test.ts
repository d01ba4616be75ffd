/**
 * Issue 17.1: what the trigger asks of n8n per notification. Through n8n-core's real webhook context: the
 * credential is read once, not per event, yet a rotated secret counts at once; parameters are read as saved
 * unless they hold expressions, which still work; the delivery log is written with every delivery taken, so
 * it keeps de-duplicating after a restart.
 */
import { storedCount } from '../../../nodes/SellerMarketplaceTrigger/receiving/deliveryLog';
import { REFUSED } from '../../../nodes/SellerMarketplaceTrigger/receiving/answers';
import { holdsExpression } from '../../../nodes/SellerMarketplaceTrigger/shared/parameters';
import {
	checkWithCachedSecret,
	forgetCachedSecrets,
	REREAD_INTERVAL_MS,
} from '../../../nodes/SellerMarketplaceTrigger/receiving/secretCache';
import { nowSeconds, triggerStaticData, useTestbed } from '../testbed';
import { budget } from '../../budget';

const bed = useTestbed(1);
const { notification } = bed;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('the signing secret', () => {
	it('is read from n8n once for a run of signed notifications, not once per event', async () => {
		const host = await bed.activeHost({}, { freshProcess: true });
		const readsBefore = host.credentialReads;
		for (let i = 0; i < 5; i++) expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		expect(host.executions.map((execution) => execution.items[0].verified_by)).toEqual(Array(5).fill('signature'));
		expect(host.credentialReads - readsBefore).toBe(1);
	});

	it('counts a rotated secret from the first notification signed with it, and then refuses the old one', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } }, { freshProcess: true });
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);

		host.updateCredentials({ secretKey: 'rotated-secret-0123456789' });
		const readsBefore = host.credentialReads;
		const withNew = await bed.post(host, bed.signed(host, notification(), { secret: 'rotated-secret-0123456789' }));
		expect(withNew.status).toBe(200);
		expect(host.credentialReads - readsBefore).toBe(1);

		const withOld = await bed.post(host, bed.signed(host, notification()));
		expect(withOld.status).toBe(401);
		expect(withOld.json).toEqual(REFUSED.body);
		expect(host.executions).toHaveLength(2);
	});

	it('lets forged signatures make n8n read the credential at most once per interval', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } }, { freshProcess: true });
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		const readsBefore = host.credentialReads;
		const forged = await Promise.all(
			Array.from(
				{ length: 10 },
				async () => await bed.post(host, bed.signed(host, notification(), { secret: 'guessed' })),
			),
		);
		expect(forged.map((response) => response.status)).toEqual(Array(10).fill(401));
		expect(host.credentialReads - readsBefore).toBe(1);
		expect(host.executions).toHaveLength(1);
	});

	it('is re-read when a notification does not match, so a Secret Key added later takes effect at once', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } }, { freshProcess: true });
		const secretKey = bed.sandbox.secretKey;
		host.updateCredentials({ secretKey: '' });
		const unverifiable = await bed.post(host, bed.signed(host, notification()));
		expect(unverifiable.status).toBe(401);
		expect(unverifiable.json).toEqual(REFUSED.body);

		host.updateCredentials({ secretKey });
		await sleep(REREAD_INTERVAL_MS + 50);
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('caches per key, shares one read among concurrent mismatches, and reads again after its maximum age', async () => {
		forgetCachedSecrets();
		let reads = 0;
		let secret = 'one';
		const read = async () => {
			reads++;
			await sleep(20);
			return secret;
		};
		expect(await checkWithCachedSecret('k', read, (s) => s === 'one')).toEqual({ secret: 'one', matches: true });
		expect(await checkWithCachedSecret('k', read, (s) => s === 'one')).toEqual({ secret: 'one', matches: true });
		expect(reads).toBe(1);
		secret = 'two';
		const concurrent = await Promise.all(
			[1, 2, 3].map(async () => await checkWithCachedSecret('k', read, (s) => s === 'two')),
		);
		expect(concurrent).toEqual(Array(3).fill({ secret: 'two', matches: true }));
		expect(reads).toBe(2);
		// another trigger (or another credential on the node) has its own entry
		expect(await checkWithCachedSecret('other', read, (s) => s === 'two')).toEqual({ secret: 'two', matches: true });
		expect(reads).toBe(3);

		jest.useFakeTimers({
			now: Date.now() + 61_000,
			doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'nextTick', 'queueMicrotask'],
		});
		try {
			secret = 'three';
			// the old secret still matches, but the cache is too old: read, and the old secret no longer counts
			expect(await checkWithCachedSecret('k', read, (s) => s === 'two')).toEqual({ secret: 'three', matches: false });
			expect(reads).toBe(4);
		} finally {
			jest.useRealTimers();
		}
	});
});

describe('parameters', () => {
	it('tells saved values from expressions', () => {
		expect(
			holdsExpression({
				events: ['order_new'],
				fallbackEmail: 'a@b.example',
				options: { maxTimestampAgeSeconds: 300 },
			}),
		).toBe(false);
		expect(holdsExpression({ options: { maxTimestampAgeSeconds: '={{ 300 }}' } })).toBe(true);
		expect(holdsExpression({ events: ['order_new', '={{ "x" }}'] })).toBe(true);
		expect(holdsExpression({ id: { __rl: true, mode: 'id', value: '1' } })).toBe(true);
		expect(holdsExpression({ text: 'a = b', count: 0, flag: null })).toBe(false);
	});

	it('with expressions, are still evaluated by n8n', async () => {
		const host = await bed.activeHost({
			events: '={{ ["order_new"] }}',
			options: { maxTimestampAgeSeconds: '={{ 60 * 5 }}' },
		});
		const stale = await bed.post(host, bed.signed(host, notification(), { timestamp: nowSeconds() - 3600 }));
		expect(stale.status).toBe(401);
		expect(stale.json.error).toMatch(
			/behind this server's clock \(\d{4}-\d\d-\d\dT[\d:.]+Z\), more than the 300 s Max Timestamp Age allows$/,
		);
		const other = await bed.post(
			host,
			bed.signed(host, notification({ event_name: 'return_new', resource: '/returns/5/' })),
		);
		expect(other.json).toEqual({ received: true, ignored: 'event return_new is not selected' });
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('as saved, are read the same way', async () => {
		const host = await bed.activeHost({ events: ['order_new'], options: { maxTimestampAgeSeconds: 300 } });
		const stale = await bed.post(host, bed.signed(host, notification(), { timestamp: nowSeconds() - 3600 }));
		expect(stale.json.error).toMatch(
			/behind this server's clock \(\d{4}-\d\d-\d\dT[\d:.]+Z\), more than the 300 s Max Timestamp Age allows$/,
		);
		const other = await bed.post(
			host,
			bed.signed(host, notification({ event_name: 'return_new', resource: '/returns/5/' })),
		);
		expect(other.json).toEqual({ received: true, ignored: 'event return_new is not selected' });
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});
});

describe('the delivery log, written through', () => {
	// Issue 23: the log was written behind (at most once a second), so an id taken in the last second before a
	// restart was forgotten and its redelivery ran again.
	it('keeps the second of two deliveries in one second across a restart: its redelivery runs nothing', async () => {
		const host = await bed.activeHost({}, { freshProcess: true });
		const first = bed.signed(host, notification());
		const second = bed.signed(host, notification());
		expect((await bed.post(host, first)).status).toBe(200);
		expect((await bed.post(host, second)).status).toBe(200);
		expect(host.executions).toHaveLength(2);

		const restarted = await bed.activeHost(
			{},
			{ freshProcess: true, staticData: host.staticData, webhookId: 'b1c2d3e4-0000-4000-8000-00000000c0s1' },
		);
		const redelivered = await bed.post(restarted, second);
		expect(redelivered.json).toEqual({
			received: true,
			ignored: `id_message ${String(JSON.parse(second.body).id_message)} was already received`,
		});
		expect(restarted.executions).toEqual([]);
	});

	it(
		'keeps de-duplicating a burst restarted right after its last answer',
		async () => {
			const host = await bed.activeHost({}, { freshProcess: true });
			const burst = Array.from({ length: 30 }, () => bed.signed(host, notification()));
			const answers = await Promise.all(burst.map(async (delivery) => await bed.post(host, delivery)));
			expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
			expect(host.executions).toHaveLength(30);
			// each order_new remembers its id_message and its creation: 30 notifications, 60 keys
			expect(storedCount(triggerStaticData(host).seenDeliveries)).toBe(60);

			const restarted = await bed.activeHost(
				{},
				{ freshProcess: true, staticData: host.staticData, webhookId: 'b1c2d3e4-0000-4000-8000-00000000c0st' },
			);
			const replays = await Promise.all(burst.map(async (delivery) => await bed.post(restarted, delivery)));
			expect(
				replays.every((answer) => answer.status === 200 && /was already received$/.test(String(answer.json.ignored))),
			).toBe(true);
			expect(restarted.executions).toEqual([]);
		},
		budget(30_000),
	);
});
