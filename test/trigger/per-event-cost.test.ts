/**
 * Issue 17.1: what the trigger asks of n8n per notification. Through n8n-core's real webhook context: the
 * credential is read once, not per event, yet a rotated secret counts at once; parameters are read as saved
 * unless they hold expressions, which still work; the delivery log is written behind, and what it wrote
 * keeps de-duplicating after a restart.
 */
import { DeliveryLog, MAX_UNWRITTEN, storedCount, storedFromKeys } from '../../nodes/SellerMarketplaceTrigger/shared/deliveryLog';
import { holdsExpression } from '../../nodes/SellerMarketplaceTrigger/shared/parameters';
import { checkWithCachedSecret, forgetCachedSecrets, REREAD_INTERVAL_MS } from '../../nodes/SellerMarketplaceTrigger/shared/secretCache';
import { nowSeconds, notification, triggerStaticData, useTestbed } from './testbed';
import { budget } from '../budget';

const bed = useTestbed();

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
		expect(withOld.json).toEqual({ error: 'HM-Signature does not match' });
		expect(host.executions).toHaveLength(2);
	});

	it('lets forged signatures make n8n read the credential at most once per interval', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } }, { freshProcess: true });
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		const readsBefore = host.credentialReads;
		const forged = await Promise.all(Array.from({ length: 10 }, async () => await bed.post(host, bed.signed(host, notification(), { secret: 'guessed' }))));
		expect(forged.map((response) => response.status)).toEqual(Array(10).fill(401));
		expect(host.credentialReads - readsBefore).toBe(1);
		expect(host.executions).toHaveLength(1);
	});

	it('is re-read when a notification does not match, so a Secret Key added later takes effect at once', async () => {
		const host = await bed.activeHost({ options: { verifyEventsBy: 'signature' } }, { freshProcess: true });
		const secretKey = bed.sandbox.secretKey;
		host.updateCredentials({ secretKey: '' });
		const unverifiable = await bed.post(host, bed.signed(host, notification()));
		expect(unverifiable.status).toBe(500);
		expect(unverifiable.json).toEqual({ error: 'the trigger cannot verify notifications: the credentials have no Secret Key, so notifications cannot be verified' });

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
		const concurrent = await Promise.all([1, 2, 3].map(async () => await checkWithCachedSecret('k', read, (s) => s === 'two')));
		expect(concurrent).toEqual(Array(3).fill({ secret: 'two', matches: true }));
		expect(reads).toBe(2);
		// another trigger (or another credential on the node) has its own entry
		expect(await checkWithCachedSecret('other', read, (s) => s === 'two')).toEqual({ secret: 'two', matches: true });
		expect(reads).toBe(3);

		jest.useFakeTimers({ now: Date.now() + 61_000, doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'nextTick', 'queueMicrotask'] });
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
		expect(holdsExpression({ events: ['order_new'], fallbackEmail: 'a@b.example', options: { maxTimestampAgeSeconds: 300 } })).toBe(false);
		expect(holdsExpression({ options: { maxTimestampAgeSeconds: '={{ 300 }}' } })).toBe(true);
		expect(holdsExpression({ events: ['order_new', '={{ "x" }}'] })).toBe(true);
		expect(holdsExpression({ id: { __rl: true, mode: 'id', value: '1' } })).toBe(true);
		expect(holdsExpression({ text: 'a = b', count: 0, flag: null })).toBe(false);
	});

	it('with expressions, are still evaluated by n8n', async () => {
		const host = await bed.activeHost({ events: '={{ ["order_new"] }}', options: { maxTimestampAgeSeconds: '={{ 60 * 5 }}' } });
		const stale = await bed.post(host, bed.signed(host, notification(), { timestamp: nowSeconds() - 3600 }));
		expect(stale.status).toBe(401);
		expect(stale.json.error).toMatch(/older than 300 s/);
		const other = await bed.post(host, bed.signed(host, notification({ event_name: 'return_new', resource: '/returns/5/' })));
		expect(other.json).toEqual({ received: true, ignored: 'event return_new is not selected' });
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('as saved, are read the same way', async () => {
		const host = await bed.activeHost({ events: ['order_new'], options: { maxTimestampAgeSeconds: 300 } });
		const stale = await bed.post(host, bed.signed(host, notification(), { timestamp: nowSeconds() - 3600 }));
		expect(stale.json.error).toMatch(/older than 300 s/);
		const other = await bed.post(host, bed.signed(host, notification({ event_name: 'return_new', resource: '/returns/5/' })));
		expect(other.json).toEqual({ received: true, ignored: 'event return_new is not selected' });
		expect((await bed.post(host, bed.signed(host, notification()))).status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});
});

describe('the delivery log, written behind', () => {
	const stored = (...entries: Array<[string, number]>) => entries.map(([key, expiresAt]) => storedFromKeys([key], expiresAt)).join('');
	let triggers = 0;
	const fresh = () => `write-behind-${++triggers}`;

	it('writes a lone delivery at once, defers the rest of the same second, and writes them all a second later', () => {
		const id = fresh();
		expect(new DeliveryLog(id, '', 100).take([{ key: 'a', expiresAt: 500 }])).toEqual({ outcome: 'taken', remembered: stored(['a', 500]) });
		expect(new DeliveryLog(id, stored(['a', 500]), 100).take([{ key: 'b', expiresAt: 500 }])).toEqual({ outcome: 'taken', remembered: undefined });
		const sameSecond = new DeliveryLog(id, stored(['a', 500]), 100);
		expect(sameSecond.take([{ key: 'b', expiresAt: 500 }])).toEqual({ outcome: 'repeat', key: 'b' });
		expect(sameSecond.dueWrite()).toBeUndefined();
		// a later call writes what waits, even one that takes nothing
		const later = new DeliveryLog(id, stored(['a', 500]), 101);
		expect(later.dueWrite()).toBe(stored(['a', 500], ['b', 500]));
		expect(later.dueWrite()).toBeUndefined();
	});

	it(`writes at once when ${MAX_UNWRITTEN} keys wait`, () => {
		const id = fresh();
		new DeliveryLog(id, '', 100).take([{ key: 'first', expiresAt: 500 }]);
		const results = Array.from({ length: MAX_UNWRITTEN }, (_, i) => new DeliveryLog(id, '', 100).take([{ key: `k${i}`, expiresAt: 500 }]));
		expect(results.slice(0, -1).every((result) => result.outcome === 'taken' && result.remembered === undefined)).toBe(true);
		const last = results[results.length - 1];
		expect(storedCount(last.outcome === 'taken' ? last.remembered : undefined)).toBe(MAX_UNWRITTEN + 1);
	});

	it('keeps de-duplicating after a burst, once written, across a restart of n8n', async () => {
		const host = await bed.activeHost({}, { freshProcess: true });
		const burst = Array.from({ length: 30 }, () => bed.signed(host, notification()));
		const answers = await Promise.all(burst.map(async (delivery) => await bed.post(host, delivery)));
		expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
		expect(host.executions).toHaveLength(30);
		// retries within the same process are caught from memory, written or not
		expect((await Promise.all(burst.map(async (delivery) => await bed.post(host, delivery)))).map((answer) => answer.json.ignored)).toEqual(
			burst.map((delivery) => `id_message ${String(JSON.parse(delivery.body).id_message)} was already received`),
		);
		await sleep(1100);
		const next = bed.signed(host, notification());
		expect((await bed.post(host, next)).status).toBe(200);
		// each order_new remembers its id_message and its creation: 31 notifications, 62 keys
		expect(storedCount(triggerStaticData(host).seenDeliveries)).toBe(62);

		const restarted = await bed.activeHost({}, { freshProcess: true, staticData: host.staticData, webhookId: 'b1c2d3e4-0000-4000-8000-00000000c0st' });
		const replays = await Promise.all([...burst, next].map(async (delivery) => await bed.post(restarted, delivery)));
		expect(replays.every((answer) => answer.status === 200 && /was already received$/.test(String(answer.json.ignored)))).toBe(true);
		expect(restarted.executions).toEqual([]);
	}, budget(30_000));
});
