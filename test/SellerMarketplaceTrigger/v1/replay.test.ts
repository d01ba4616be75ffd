/**
 * Issue 11.12: a captured notification must never start a second run. With default options the trigger
 * remembers each id_message for longer than the marketplace retries (about 12 h, by time, not by count) and
 * refuses signed notifications whose HM-Timestamp is older than that span; retries that keep their
 * original timestamp still run. Through n8n-core's real webhook context against the sandbox; the clock of
 * this process is moved with jest's fake Date (timers stay real).
 */
import { storedCount, storedFromKeys } from '../../../nodes/SellerMarketplaceTrigger/receiving/deliveryLog';
import { nowSeconds, triggerStaticData, useTestbed } from '../testbed';
import { budget } from '../../budget';

const bed = useTestbed(1);
const { notification } = bed;

/**
 * An event about a change (not a creation): remembered are its id_message, and that a signed change of the
 * order unit ran (so an unsigned copy is not read back).
 */
const change = (id?: string) =>
	notification({
		event_name: 'order_unit_status_changed',
		resource: '/order-units/4711/',
		...(id === undefined ? {} : { id_message: id }),
	});

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Moves Date (only Date) of this process: the node, the sandbox and the signatures all follow it. */
function setClock(ms: number): void {
	jest.useFakeTimers({
		now: ms,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}

afterEach(() => {
	jest.useRealTimers();
});

const remembered = (host: Parameters<typeof triggerStaticData>[0]) =>
	storedCount(triggerStaticData(host).seenDeliveries);

it('refuses, with default options, a correctly signed notification whose timestamp is 30 days old', async () => {
	const host = await bed.activeHost();
	const response = await bed.post(host, bed.signed(host, change(), { timestamp: nowSeconds() - 30 * 86_400 }));
	expect(response.status).toBe(401);
	expect(response.json.error).toMatch(
		/^HM-Timestamp is 2592\d{3} s behind this server's clock \(.+Z\), more than the 46800 s Max Timestamp Age allows$/,
	);
	expect(host.executions).toEqual([]);
});

it(
	'starts nothing for a captured notification replayed after 1,000 newer ones',
	async () => {
		const host = await bed.activeHost();
		const captured = bed.signed(host, change('captured'));
		expect((await bed.post(host, captured)).status).toBe(200);
		for (let i = 0; i < 1000; i++) await bed.post(host, bed.signed(host, change(`newer-${i}`)));
		expect(host.executions).toHaveLength(1001);

		const replay = await bed.post(host, captured);
		expect(replay.status).toBe(200);
		expect(replay.json).toEqual({ received: true, ignored: 'id_message captured was already received' });
		expect(host.executions).toHaveLength(1001);
	},
	budget(60_000),
);

it('runs a retry that keeps its original timestamp, up to the end of the 12-hour retry span', async () => {
	const host = await bed.activeHost();
	const firstAttempt = nowSeconds() - 12 * 3600 - 60;
	const response = await bed.post(host, bed.signed(host, change('late-retry'), { timestamp: firstAttempt }));
	expect(response.status).toBe(200);
	expect(host.executions.map((execution) => execution.items[0])).toEqual([
		expect.objectContaining({ id_message: 'late-retry', timestamp: firstAttempt }),
	]);
});

it('remembers an id until its timestamp is too old to pass, so a replay never runs; then forgets it', async () => {
	const start = Date.now();
	setClock(start);
	const host = await bed.activeHost();
	const captured = bed.signed(host, change('captured'));
	expect((await bed.post(host, captured)).status).toBe(200);

	setClock(start + 12 * HOUR + 59 * MINUTE);
	expect((await bed.post(host, captured)).json).toEqual({
		received: true,
		ignored: 'id_message captured was already received',
	});

	setClock(start + 13 * HOUR + 16 * MINUTE);
	const tooOld = await bed.post(host, captured);
	expect(tooOld.status).toBe(401);
	expect(host.executions).toHaveLength(1);

	// the next event stores only itself (its id and mark): the expired ones are gone from memory and from the static data
	expect((await bed.post(host, bed.signed(host, change('next')))).status).toBe(200);
	expect(remembered(host)).toBe(2);
});

it('refuses a timestamp more than 15 minutes ahead of this server, accepts one 5 minutes ahead', async () => {
	const host = await bed.activeHost();
	expect((await bed.post(host, bed.signed(host, change(), { timestamp: nowSeconds() + 16 * 60 }))).status).toBe(401);
	expect((await bed.post(host, bed.signed(host, change(), { timestamp: nowSeconds() + 5 * 60 }))).status).toBe(200);
	expect(host.executions).toHaveLength(1);
});

it('honours a stricter Max Timestamp Age', async () => {
	const host = await bed.activeHost({ options: { maxTimestampAgeSeconds: 300 } });
	expect((await bed.post(host, bed.signed(host, change(), { timestamp: nowSeconds() - 3600 }))).status).toBe(401);
	expect((await bed.post(host, bed.signed(host, change()))).status).toBe(200);
	expect(host.executions).toHaveLength(1);
});

it('treats Max Timestamp Age 0 (saved by earlier versions, where it meant "off") as the default span', async () => {
	const host = await bed.activeHost({ options: { maxTimestampAgeSeconds: 0 } });
	expect((await bed.post(host, bed.signed(host, change(), { timestamp: nowSeconds() - 30 * 86_400 }))).status).toBe(
		401,
	);
	expect((await bed.post(host, bed.signed(host, change(), { timestamp: nowSeconds() - 3600 }))).status).toBe(200);
});

it('keeps de-duplicating across a restart, and takes over the ids earlier versions stored', async () => {
	const host = await bed.activeHost(
		{},
		{ staticData: { 'node:Seller Marketplace Trigger': { recentMessageIds: ['from-v0'] } } },
	);
	expect((await bed.post(host, bed.signed(host, change('from-v0')))).json).toEqual({
		received: true,
		ignored: 'id_message from-v0 was already received',
	});
	expect((await bed.post(host, bed.signed(host, change('new-1')))).status).toBe(200);
	expect(triggerStaticData(host)).not.toHaveProperty('recentMessageIds');
	expect(remembered(host)).toBe(3);

	const restarted = await bed.activeHost(
		{},
		{ staticData: host.staticData, webhookId: 'b1c2d3e4-0000-4000-8000-0000000000aa' },
	);
	// another URL, but the same saved static data: the ids are known there too
	expect((await bed.post(restarted, bed.signed(restarted, change('new-1')))).status).toBe(200);
	expect(restarted.executions).toEqual([]);
});

it('at its cap of 20,000 remembered deliveries refuses new events with 503 (the marketplace retries) instead of forgetting', async () => {
	const expires = nowSeconds() + 10 * 3600;
	const full = storedFromKeys(
		Array.from({ length: 20_000 }, (_, i) => `earlier-${i}`),
		expires,
	);
	const start = Date.now();
	setClock(start);
	const host = await bed.activeHost(
		{},
		{ staticData: { 'node:Seller Marketplace Trigger': { seenDeliveries: full } } },
	);
	const body = change('at-the-cap');

	const refused = await bed.post(host, bed.signed(host, body));
	expect(refused.status).toBe(503);
	expect(refused.headers['retry-after']).toBeDefined();
	expect(refused.json.error).toMatch(/20000 deliveries/);
	expect(host.executions).toEqual([]);

	// ten hours later the remembered ids have expired; the marketplace's retry (same id, new timestamp) runs
	setClock(start + 10 * HOUR + MINUTE);
	expect((await bed.post(host, bed.signed(host, body))).status).toBe(200);
	expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual(['at-the-cap']);
	expect(remembered(host)).toBe(2);
});
