/**
 * The paging engine's own rules, over lists served from memory (the tests through n8n are actions.test.ts and
 * poll.test.ts): which pages it asks for, and when it stops.
 */
import type { IDataObject } from 'n8n-workflow';

import { ListChangedError, readList, type PageReader } from '../../../nodes/api/core/paging';

const context = {
	getNode: () => ({
		id: '1',
		name: 'Seller Marketplace',
		type: 'sellerMarketplace',
		typeVersion: 2,
		position: [0, 0] as [number, number],
		parameters: {},
	}),
};
const records = (count: number): IDataObject[] => Array.from({ length: count }, (_, index) => ({ id: count - index }));
const idsOf = (list: IDataObject[]) => list.map((record) => record.id);

/** A list served a page at a time; `between` runs before each page is answered (the list may change). */
function served(
	list: IDataObject[],
	{ between = () => undefined, clamp = Infinity }: { between?: (call: number) => void; clamp?: number } = {},
) {
	const calls: Array<{ offset: number; limit: number }> = [];
	const read: PageReader = async (offset, limit) => {
		calls.push({ offset, limit });
		between(calls.length);
		await new Promise((resolve) => setImmediate(resolve));
		return { records: list.slice(offset, offset + Math.min(limit, clamp)), total: list.length };
	};
	return { read, calls };
}

describe('readList', () => {
	it('reads the first page alone, then the rest with the asked page size; the last page asks what is left', async () => {
		const { read, calls } = served(records(75));
		const list = await readList(context, read, { pageSize: 30, concurrency: 4, what: 'GET /x' });
		expect(calls).toEqual([
			{ offset: 0, limit: 30 },
			{ offset: 30, limit: 30 },
			{ offset: 60, limit: 15 },
		]);
		expect(idsOf(list.records)).toEqual(idsOf(records(75)));
	});

	it('reads only the end of a list when asked for its last records (the oldest of a newest-first list)', async () => {
		const { read, calls } = served(records(100));
		const list = await readList(context, read, { pageSize: 30, concurrency: 4, tail: 25, what: 'GET /x' });
		expect(calls).toEqual([
			{ offset: 0, limit: 30 },
			{ offset: 75, limit: 25 },
		]);
		expect(list.start).toBe(75);
		expect(idsOf(list.records)).toEqual(idsOf(records(100).slice(75)));
		expect(idsOf(list.firstPage)).toEqual(idsOf(records(100).slice(0, 30)));
	});

	it('a server that serves smaller pages than asked: read on from where each page ended, with the same page size', async () => {
		const { read, calls } = served(records(50), { clamp: 20 });
		const list = await readList(context, read, { pageSize: 30, concurrency: 4, what: 'GET /x' });
		expect(calls).toEqual([
			{ offset: 0, limit: 30 },
			{ offset: 20, limit: 30 },
			{ offset: 40, limit: 10 },
		]);
		expect(idsOf(list.records)).toEqual(idsOf(records(50)));
	});

	it('an empty page under a total that says more: an error that says what was read', async () => {
		const { read } = served(records(50), { clamp: 20 });
		const lying: PageReader = async (offset, limit, onThrottled) => ({
			...(await read(offset, limit, onThrottled)),
			total: 1_000_000,
		});
		await expect(readList(context, lying, { pageSize: 30, concurrency: 1, what: 'GET /x' })).rejects.toThrow(
			'GET /x: read 50 records in 3 pages; the page at offset 50 was empty, although the total is 1000000',
		);
	});

	it('a strict read of several pages at once: a total that changes is a changed list', async () => {
		const list = records(90);
		const { read } = served(list, { between: (call) => call === 3 && list.unshift({ id: 1000 }) });
		await expect(
			readList(context, read, { pageSize: 30, concurrency: 4, strict: true, what: 'GET /x' }),
		).rejects.toBeInstanceOf(ListChangedError);
	});

	it('a strict read one page after another: a list that grows is followed, one that shrinks is a changed list', async () => {
		const growing = records(90);
		const grown = served(growing, { between: (call) => call === 2 && growing.unshift({ id: 1000 }) });
		const list = await readList(context, grown.read, { pageSize: 30, concurrency: 1, strict: true, what: 'GET /x' });
		// What arrived at the front after the first page is the next read's; nothing that was there is lost.
		expect(new Set(idsOf(list.records))).toEqual(new Set(idsOf(records(90))));

		const shrinking = records(90);
		const shrunk = served(shrinking, { between: (call) => call === 2 && shrinking.pop() });
		await expect(
			readList(context, shrunk.read, { pageSize: 30, concurrency: 1, strict: true, what: 'GET /x' }),
		).rejects.toBeInstanceOf(ListChangedError);
	});

	it('a page the adapter asked shorter (offset alignment) is followed from where it ended, nothing skipped', async () => {
		const list = records(150);
		const calls: Array<{ offset: number; limit: number }> = [];
		// An endpoint that takes `offset` only as a multiple of `limit`, asked as the v2 adapter does for vouchers.
		const read: PageReader = async (offset, limit) => {
			const asked = offset % limit === 0 ? limit : 25;
			calls.push({ offset, limit: asked });
			return { records: list.slice(offset, offset + asked), total: list.length, asked };
		};
		const { records: read150 } = await readList(context, read, {
			pageSize: 100,
			concurrency: 1,
			max: 130,
			what: 'GET /x',
		});
		expect(idsOf(read150)).toEqual(idsOf(list.slice(0, 130)));
		expect(calls.every((call) => call.offset % call.limit === 0)).toBe(true);
	});

	it('a list without a total whose pages always come back full stops at the page bound', async () => {
		let calls = 0;
		const read: PageReader = async (offset, limit) => {
			calls++;
			return { records: Array.from({ length: limit }, (_, index) => ({ id: offset + index })) };
		};
		await expect(readList(context, read, { pageSize: 1, concurrency: 8, what: 'GET /x' })).rejects.toThrow(
			/at most 10000 pages/,
		);
		expect(calls).toBeLessThanOrEqual(10_000);
	});
});
