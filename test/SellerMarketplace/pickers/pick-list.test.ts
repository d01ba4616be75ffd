/** The shared "From List" logic of every picker (pickList), over a collection of 250 records in pages of 100. */
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { pickList as pickListOf, type PickSource } from '../../../nodes/shared/helpers/pickList';
import type { PageReader } from '../../../nodes/api/core/paging';

/** What the paging engine needs from the editor's context: the node, for its errors. */
const context = {
	getNode: () => ({
		name: 'Seller Marketplace',
		type: 'sellerMarketplace',
		typeVersion: 2,
		position: [0, 0],
		parameters: {},
	}),
} as unknown as ILoadOptionsFunctions;
const pickList = async (list: PickSource, filter?: string, token?: string) =>
	await pickListOf(context, list, filter, token);
const pagesOf = (read: PageReader) => ({ read, pageSize: 100, what: 'GET /records' });

const RECORDS: IDataObject[] = Array.from({ length: 250 }, (_, index) => ({
	id: 1000 + index,
	title: index === 240 ? 'Espresso cup' : `Plate ${index}`,
	status: index % 2 ? 'sent' : 'open',
}));

function source(extra: Partial<PickSource> = {}): PickSource & { offsets: number[] } {
	const offsets: number[] = [];
	return {
		offsets,
		toEntry: (record) => ({ name: `${String(record.id)}: ${String(record.title)}`, value: String(record.id) }),
		pages: pagesOf(async (offset, limit) => {
			offsets.push(offset);
			return { records: RECORDS.slice(offset, offset + limit), total: RECORDS.length };
		}),
		...extra,
	};
}

describe('pickList', () => {
	it('without text: one page, and the next offset as the token', async () => {
		const list = source();
		const result = await pickList(list);
		expect(result.results).toHaveLength(100);
		expect(result.paginationToken).toBe('100');
		expect((await pickList(list, undefined, '200')).paginationToken).toBeUndefined();
		expect(list.offsets).toEqual([0, 200]);
	});

	it('text found only on page 3: reads on until it matches, within one call', async () => {
		const list = source();
		const result = await pickList(list, 'espresso');
		expect(result.results).toEqual([{ name: '1240: Espresso cup', value: '1240' }]);
		expect(result.paginationToken).toBeUndefined();
		expect(list.offsets).toEqual([0, 100, 200]);
	});

	it('the record a lookup names comes first, once, and is left out of every page after', async () => {
		const list = source({ lookup: async (text) => RECORDS.filter((record) => String(record.id) === text) });
		const first = await pickList(list, '1240');
		expect(first.results.map((entry) => entry.value)).toEqual(['1240']);
		expect(first.paginationToken).toBe('100');
		expect(list.offsets).toEqual([0]);
		const later = await pickList(list, '1240', '200');
		expect(later.results).toEqual([]);
	});

	it('only what fits the operation, from the lookup as from the pages', async () => {
		const list = source({ lookup: async () => [RECORDS[1]], fits: (record) => record.status === 'open' });
		const result = await pickList(list, '1001');
		expect(result.results).toEqual([]);
		const all = await pickList(list);
		expect(all.results.every((entry) => Number(entry.value) % 2 === 0)).toBe(true);
	});

	it("the server's own search: every record it returns is shown", async () => {
		const list = source({ searchedByServer: true });
		const result = await pickList(list, 'nothing like it');
		expect(result.results).toHaveLength(100);
	});

	it('a failed page fails the list', async () => {
		const list = source({ pages: pagesOf(async () => await Promise.reject(new Error('page lost'))) });
		await expect(pickList(list)).rejects.toThrow('page lost');
	});
});
