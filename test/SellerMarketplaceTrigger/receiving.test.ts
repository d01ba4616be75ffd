/**
 * The trigger's API-independent pieces (nodes/SellerMarketplaceTrigger/receiving/ and shared/), as pure functions: body
 * limits, resource ids, the delivery log, the time window and the read-back verdict. The webhook tests
 * in this folder cover the same rules through n8n; these pin the edges.
 */
import { createHash } from 'node:crypto';

import { bodyLimitProblem, nestsDeeperThan } from '../../nodes/SellerMarketplaceTrigger/receiving/bodyLimits';
import { DeliveryLog, storedCount, storedFromKeys } from '../../nodes/SellerMarketplaceTrigger/receiving/deliveryLog';
import {
	eventFingerprint,
	judgeReadBack,
	readFailure,
	type ReadBackInput,
} from '../../nodes/SellerMarketplaceTrigger/receiving/readBack';
import { decodeIdSegment, parseResource } from '../../nodes/SellerMarketplaceTrigger/receiving/resourcePath';
import { checkTimestamp, parseApiTime } from '../../nodes/SellerMarketplaceTrigger/shared/time';

describe('bodyLimits', () => {
	it.each([
		['{}', 1],
		['{"a":[1,{"b":[]}]}', 4],
		['{"a":"[[[[[[["}', 1],
		['{"a":"\\"[[[[","b":[]}', 2],
		['{"a":"\\\\","b":[[]]}', 3],
		['[[],[],[[]]]', 3],
	])('%s nests %i levels', (json, depth) => {
		expect(nestsDeeperThan(Buffer.from(json), depth)).toBe(false);
		expect(nestsDeeperThan(Buffer.from(json), depth - 1)).toBe(true);
	});

	it('names the limit that was exceeded', () => {
		expect(bodyLimitProblem(Buffer.alloc(11, 0x20), { maxBytes: 10, maxDepth: 5 })).toBe(
			'the body is larger than 10 bytes',
		);
		expect(bodyLimitProblem(Buffer.from('[[[]]]'), { maxBytes: 10, maxDepth: 2 })).toBe(
			'the body is nested more than 2 levels deep',
		);
		expect(bodyLimitProblem(Buffer.from('[[]]'), { maxBytes: 10, maxDepth: 2 })).toBeUndefined();
	});
});

describe('resourcePath', () => {
	const forms = {
		orders: { idField: 'id_order', type: 'string' as const },
		units: { idField: 'id_unit', type: 'integer' as const },
	};

	it.each([
		['M8CXTB1-2', 'M8CXTB1-2'],
		['a.b', 'a.b'],
		['%41%42', 'AB'],
		['A%20B', 'A B'],
		["x!&'()*+,=$y", "x!&'()*+,=$y"],
		['%E2%82%AC', '€'],
	])('decodes %p to %p', (raw, id) => {
		expect(decodeIdSegment(raw)).toBe(id);
	});

	it.each([
		'.',
		'..',
		'%2e',
		'%2E%2e',
		'a%2Fb',
		'a%5cb',
		'a%3Fb',
		'a%23b',
		'a%40b',
		'a%3Ab',
		'a%3Bb',
		'a%25',
		'a%00',
		'a%7f',
		'a%c2%9f',
		'%EF%BC%8F',
		'%EF%BC%8E',
		'a;b',
		'a@b',
		'a:b',
		'a b',
		'a%',
		'a%4',
		'%C0%AF',
		'é',
	])('refuses %p', (raw) => {
		expect(decodeIdSegment(raw)).toBeUndefined();
	});

	it('types ids by collection and keeps integers safe', () => {
		expect(parseResource('/orders/M1-2/', forms)).toEqual({ collection: 'orders', id: 'M1-2', idField: 'id_order' });
		expect(parseResource('/units/42', forms)).toEqual({ collection: 'units', id: 42, idField: 'id_unit' });
		expect(parseResource('/units/9007199254740991/', forms)).toMatchObject({ id: 9007199254740991 });
		for (const bad of [
			'/units/9007199254740992/',
			'/units/042/',
			'/units/4.2/',
			'/items/1/',
			'/orders/',
			'/orders/a/b/',
			'orders/a/',
			42,
			null,
		]) {
			expect(parseResource(bad, forms)).toBeUndefined();
		}
		expect(parseResource(`/orders/${'a'.repeat(200)}/`, forms)).toBeUndefined();
		// a collection name inherited from Object.prototype is not a collection
		expect(parseResource('/constructor/1/', forms)).toBeUndefined();
	});
});

describe('DeliveryLog', () => {
	let trigger = 0;
	const fresh = () => `unit-test-${++trigger}`;
	/** The stored form of some keys with their expiries. */
	const stored = (...entries: Array<[string, number]>) =>
		entries.map(([key, expiresAt]) => storedFromKeys([key], expiresAt)).join('');

	it('remembers keys until they expire, then forgets them (also in what it returns for the static data)', () => {
		const id = fresh();
		const first = new DeliveryLog(id, '', 1000);
		expect(first.take([{ key: 'a', expiresAt: 2000 }])).toEqual({ outcome: 'taken' });
		expect(first.storedForm()).toBe(stored(['a', 2000]));
		expect(new DeliveryLog(id, '', 1999).take([{ key: 'a', expiresAt: 3000 }])).toEqual({
			outcome: 'repeat',
			key: 'a',
		});
		const later = new DeliveryLog(id, '', 2000);
		expect(later.take([{ key: 'b', expiresAt: 4000 }])).toEqual({ outcome: 'taken' });
		expect(later.storedForm()).toBe(stored(['b', 4000]));
	});

	it('stores 10 bytes an entry whatever the key, entries of the same expiry sharing it', () => {
		const log = new DeliveryLog(fresh(), '', 0);
		const keys = (n: number, expiresAt: number) =>
			Array.from({ length: n }, (_, i) => ({ key: `${'x'.repeat(500)}${expiresAt}-${i}`, expiresAt }));
		// as a burst leaves them: the id_message and the event of each notification, alternating expiries
		log.take(keys(100, 2 ** 32).flatMap((key, i) => [key, keys(100, 2 ** 33)[i]]));
		const stored = log.storedForm();
		expect(stored).toMatch(/^~[0-9a-z]+\.(?:[A-Za-z0-9_-]{10}){100}~[0-9a-z]+\.(?:[A-Za-z0-9_-]{10}){100}$/);
		// two groups of "~", 7 digits of expiry and "."
		expect(stored.length).toBe(200 * 10 + 2 * 9);
		expect(storedCount(stored)).toBe(200);
	});

	it('reads the form earlier releases stored (19 bytes an entry), and writes its own', () => {
		const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, 12);
		const legacy = [
			['kept', 5000],
			['expired', 10],
		]
			.map(([key, expiresAt]) => `${hashOf(String(key))}${expiresAt.toString(36).padStart(7, '0')}`)
			.join('');
		const log = new DeliveryLog(fresh(), legacy, 1000);
		expect([log.seen(['kept']), log.seen(['expired'])]).toEqual(['kept', undefined]);
		expect(storedCount(legacy)).toBe(2);
		expect(log.storedForm()).toBe(stored(['kept', 5000]));
	});

	it('knows what the static data holds (another process, or a restart), keeping the later expiry', () => {
		const log = new DeliveryLog(fresh(), stored(['x', 5000], ['old', 10], ['x', 3000]), 1000);
		expect(log.seen(['y', 'x'])).toBe('x');
		expect(log.seen(['old'])).toBeUndefined();
		expect(log.take([{ key: 'z', expiresAt: 4000 }])).toEqual({ outcome: 'taken' });
		expect(log.storedForm()).toBe(stored(['x', 5000], ['z', 4000]));
		expect(storedCount(stored(['x', 5000], ['z', 4000]))).toBe(2);
	});

	it('checks keys only when asked: a key to remember only is no repeat, but is remembered', () => {
		const id = fresh();
		new DeliveryLog(id, '', 0).take([{ key: 'creation', expiresAt: 100, rememberOnly: true }]);
		expect(new DeliveryLog(id, '', 1).take([{ key: 'creation', expiresAt: 100, rememberOnly: true }]).outcome).toBe(
			'taken',
		);
		expect(new DeliveryLog(id, '', 1).take([{ key: 'creation', expiresAt: 100 }])).toEqual({
			outcome: 'repeat',
			key: 'creation',
		});
	});

	it('at the cap refuses instead of forgetting, until entries expire', () => {
		const id = fresh();
		expect(
			new DeliveryLog(id, '', 0, 2).take([
				{ key: 'a', expiresAt: 10 },
				{ key: 'b', expiresAt: 20 },
			]).outcome,
		).toBe('taken');
		expect(new DeliveryLog(id, '', 5, 2).take([{ key: 'c', expiresAt: 30 }])).toEqual({ outcome: 'full', cap: 2 });
		expect(new DeliveryLog(id, '', 5, 2).seen(['a', 'b'])).toBe('a');
		const expired = new DeliveryLog(id, '', 10, 2);
		expect(expired.take([{ key: 'c', expiresAt: 30 }])).toEqual({ outcome: 'taken' });
		expect(expired.storedForm()).toBe(stored(['b', 20], ['c', 30]));
	});

	it('keeps at most 100 triggers in this process; one pushed out relies on its static data', () => {
		const first = fresh();
		new DeliveryLog(first, '', 0).take([{ key: 'k', expiresAt: 100 }]);
		for (let i = 0; i < 100; i++) new DeliveryLog(fresh(), '', 0);
		expect(new DeliveryLog(first, '', 1).seen(['k'])).toBeUndefined();
		expect(new DeliveryLog(first, stored(['k', 100]), 1).seen(['k'])).toBe('k');
	});

	it('forgets keys released by a call that could not hand its event to n8n', () => {
		const id = fresh();
		const log = new DeliveryLog(id, '', 0);
		const keys = [
			{ key: 'message:m', expiresAt: 100 },
			{ key: 'creation', expiresAt: 100, rememberOnly: true },
		];
		log.take(keys);
		log.release(keys);
		expect(new DeliveryLog(id, '', 1).seen(['message:m', 'creation'])).toBe('creation');
	});

	it('lets a trigger read back 30 resources at once and 30 a minute after that', () => {
		const id = fresh();
		const spent = (now: number, times: number) =>
			Array.from({ length: times }, () => new DeliveryLog(id, '', now).spendReadBack()).filter(Boolean).length;
		expect(spent(1000, 40)).toBe(30);
		expect(spent(1010, 10)).toBe(5);
		expect(spent(1070, 40)).toBe(30);
	});

	it('skips what is malformed in the static data', () => {
		expect(new DeliveryLog(fresh(), { a: 1 }, 0).seen(['a'])).toBeUndefined();
		// a hash cut short, then another group
		const damaged = `${stored(['a', 100]).slice(0, -3)}!!~${stored(['b', 100]).slice(1)}~zz`;
		const log = new DeliveryLog(fresh(), damaged, 0);
		expect([log.seen(['a']), log.seen(['b'])]).toEqual([undefined, 'b']);
	});
});

describe('time', () => {
	it('accepts signed timestamps up to maxAge old and 15 minutes ahead', () => {
		expect(checkTimestamp('1000', 100, 1100)).toEqual({ ok: true, seconds: 1000 });
		expect(checkTimestamp('999', 100, 1100)).toMatchObject({ ok: false, unreadable: false });
		expect(checkTimestamp(String(1100 + 900), 100, 1100)).toMatchObject({ ok: true });
		expect(checkTimestamp(String(1100 + 901), 100, 1100)).toMatchObject({ ok: false, unreadable: false });
		for (const unreadable of [undefined, '', '-5', '1e3', '12.5', '1'.repeat(13)]) {
			expect(checkTimestamp(unreadable, 100, 1100)).toMatchObject({ ok: false, unreadable: true });
		}
	});

	it('reads API timestamps as UTC, or ISO 8601 with their zone', () => {
		expect(parseApiTime('2024-03-01 10:00:00')).toBe(Date.UTC(2024, 2, 1, 10) / 1000);
		expect(parseApiTime('2024-03-01T10:00:00+01:00')).toBe(Date.UTC(2024, 2, 1, 9) / 1000);
		expect(parseApiTime('soon')).toBeUndefined();
		expect(parseApiTime(17)).toBeUndefined();
	});
});

describe('readBack', () => {
	const now = Date.UTC(2024, 2, 1, 12) / 1000;
	const base: ReadBackInput = {
		eventName: 'order_new',
		resource: '/orders/M1/',
		idField: 'id_order',
		id: 'M1',
		rule: { collection: 'orders', once: true, timeField: 'ts_created' },
		read: { kind: 'found', body: { id_order: 'M1', ts_created: '2024-03-01 11:00:00' } },
		maxAgeSeconds: 13 * 3600,
		now,
	};
	const found = (body: unknown): ReadBackInput => ({ ...base, read: { kind: 'found', body } });

	it('confirms a recent creation and remembers it while it counts as recent', () => {
		expect(judgeReadBack(base)).toEqual({
			kind: 'confirmed',
			record: { id_order: 'M1', ts_created: '2024-03-01 11:00:00' },
			fingerprint: 'event:order_new|/orders/M1/',
			rememberUntil: now - 3600 + 13 * 3600 + 14 * 3600,
		});
	});

	it('allows 14 hours either way for the unknown time zone of API timestamps', () => {
		expect(judgeReadBack(found({ id_order: 'M1', ts_created: '2024-03-02 02:00:00' })).kind).toBe('confirmed');
		expect(judgeReadBack(found({ id_order: 'M1', ts_created: '2024-03-02 02:00:01' })).kind).toBe('refused');
		// 13 hours of retries plus 14 hours of time zone: 27 hours back
		expect(judgeReadBack(found({ id_order: 'M1', ts_created: '2024-02-29 09:00:00' })).kind).toBe('confirmed');
		expect(judgeReadBack(found({ id_order: 'M1', ts_created: '2024-02-29 08:59:59' })).kind).toBe('refused');
	});

	it('refuses a record that is not the one named, has no readable time, or is no record', () => {
		expect(judgeReadBack(found({ id_order: 'M2', ts_created: '2024-03-01 11:00:00' }))).toMatchObject({
			kind: 'refused',
			problem: expect.stringContaining('id_order M2'),
		});
		expect(judgeReadBack(found({ id_order: 'M1' }))).toMatchObject({
			kind: 'refused',
			problem: expect.stringContaining('no readable ts_created'),
		});
		expect(judgeReadBack(found([{ id_order: 'M1' }]))).toMatchObject({ kind: 'refused' });
		expect(judgeReadBack(found(''))).toMatchObject({ kind: 'refused' });
	});

	it('maps read failures: missing → refused, 403 → ignored, anything else → retry', () => {
		expect(
			judgeReadBack({ ...base, read: readFailure(Object.assign(new Error('gone'), { httpCode: '404' })) }).kind,
		).toBe('refused');
		expect(
			judgeReadBack({ ...base, read: readFailure(Object.assign(new Error('FBM'), { httpCode: '403' })) }).kind,
		).toBe('ignored');
		expect(
			judgeReadBack({ ...base, read: readFailure(Object.assign(new Error('busy'), { httpCode: '503' })) }).kind,
		).toBe('retry');
		expect(judgeReadBack({ ...base, read: readFailure(new Error('ECONNRESET')) }).kind).toBe('retry');
	});

	it('fingerprints a change by the state read, whatever the order of its fields', () => {
		const change = { ...base, eventName: 'order_unit_status_changed', rule: { collection: 'order-units' } };
		const a = judgeReadBack({
			...change,
			read: { kind: 'found', body: { id_order: 'M1', status: 'sent', n: { x: 1, y: 2 } } },
		});
		const b = judgeReadBack({
			...change,
			read: { kind: 'found', body: { n: { y: 2, x: 1 }, status: 'sent', id_order: 'M1' } },
		});
		const c = judgeReadBack({
			...change,
			read: { kind: 'found', body: { id_order: 'M1', status: 'returned', n: { x: 1, y: 2 } } },
		});
		expect(a).toMatchObject({ kind: 'confirmed' });
		expect(a.kind === 'confirmed' && b.kind === 'confirmed' && a.fingerprint === b.fingerprint).toBe(true);
		expect(a.kind === 'confirmed' && c.kind === 'confirmed' && a.fingerprint !== c.fingerprint).toBe(true);
		expect(eventFingerprint('order_new', '/orders/M1/')).toBe('event:order_new|/orders/M1/');
	});
});
