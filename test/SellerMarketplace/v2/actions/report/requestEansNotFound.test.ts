/** Report → Request EANs Not Found Report (Deprecated) (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useReportSandbox } from './setup';

const { v2, reports } = useReportSandbox();

describe('Report → Request EANs Not Found Report (Deprecated)', () => {
	it('Request EANs Not Found Report (Deprecated) queues the deprecated report for the chosen storefront', async () => {
		const result = await v2.run({ operation: 'requestEansNotFound', storefront: 'cz' });
		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/reports/eans-not-found',
			query: { storefront: 'cz' },
			status: 202,
			body: '',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(result.items.map((item) => item.json)).toEqual([
			{ id_report: reports()[0].id_report, report_name: 'eans-not-found', storefront: 'cz', parameters: [] },
		]);
	});

	it('Request EANs Not Found Report (Deprecated) refuses a storefront outside the list before sending', async () => {
		const result = await v2.run({ operation: 'requestEansNotFound', storefront: 'uk' });
		expect(result.error?.message).toMatch(/^"Storefront" .*"uk".*\[item 0\]$/);
		expect(v2.requests()).toHaveLength(0);
	});
});
