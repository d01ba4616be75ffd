/** Report → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { DONE_AFTER_SECONDS } from '../../../../../sandbox/model/reports';
import { useReportSandbox } from './setup';

const { v2, reports, request } = useReportSandbox();

describe('Report → Get Many', () => {
	it('Get Many reads every page of 30, filters by storefront and sorts as asked', async () => {
		for (let n = 0; n < 32; n++) await request({ reportType: 'account-listing', storefront: n % 4 ? 'de' : 'at' });
		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		v2.sandbox().control.clearRequests();

		const all = await v2.run({ operation: 'getMany', storefront: 'all', returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(32);
		expect(v2.requests().map((entry) => entry.query)).toEqual([
			{ limit: '30', offset: '0' },
			{ limit: '2', offset: '30' },
		]);
		expect(all.items.map((item) => item.json.id_report)).toEqual(
			reports()
				.map((r) => r.id_report)
				.reverse(),
		);
		expect(all.items[0].json).toMatchObject({ status: 'done' });
		expect(all.items[0].json).not.toHaveProperty('url');

		v2.sandbox().control.clearRequests();
		const at = await v2.run({ operation: 'getMany', storefront: 'at', limit: 3, sort: { sortBy: 'id_report:asc' } });
		expect(v2.requests()[0].query).toEqual({ storefront: 'at', sort: 'id_report:asc', limit: '3', offset: '0' });
		expect(at.items.map((item) => item.json.id_report)).toEqual(
			reports()
				.filter((r) => r.storefront === 'at')
				.slice(0, 3)
				.map((r) => r.id_report),
		);
	});
});
