/** Report → Get (node version 2), through n8n-core against the v2 sandbox. */
import { DONE_AFTER_SECONDS, PROCESSING_AFTER_SECONDS } from '../../../../../sandbox/model/reports';
import { expectSigned } from '../../setup';
import { useReportSandbox } from './setup';

const { v2, request } = useReportSandbox();

describe('Report → Get', () => {
	it('a report is new, then processing, then done with a download address that the output leaves out', async () => {
		const requested = await request({ reportType: 'account-listing' });
		const id = String(requested.items[0].json.id_report);
		const statuses: unknown[] = [];
		for (const seconds of [0, PROCESSING_AFTER_SECONDS, DONE_AFTER_SECONDS - PROCESSING_AFTER_SECONDS]) {
			await v2.sandbox().control.advance(seconds);
			const result = await v2.run({ operation: 'get', reportId: id });
			expect(result.error).toBeUndefined();
			statuses.push(result.items[0].json.status);
			expect(String(result.items[0].json.url ?? '')).not.toContain('access_token');
		}
		expect(statuses).toEqual(['new', 'processing', 'done']);
		expect(v2.requests()[1]).toMatchObject({ method: 'GET', path: `/reports/${id}`, query: {}, status: 200 });
		expectSigned(v2.requests()[1], v2.credentials());

		const withLink = await v2.run({ operation: 'get', reportId: id, options: { includeDownloadLinks: true } });
		expect(withLink.items[0].json.url).toMatch(new RegExp(`/report-files/${id}\\?access_token=[0-9a-f]{48}$`));
	});

	it('an unknown report is not found', async () => {
		const result = await v2.run({ operation: 'get', reportId: '5000009999' });
		expect(v2.requests()[0]).toMatchObject({ path: '/reports/5000009999', status: 404 });
		expect(result.error?.message).toMatch(/report/i);
	});

	it('a report ID that bends the path is refused before sending', async () => {
		const result = await v2.run({ operation: 'get', reportId: '../orders' });
		expect(v2.requests()).toHaveLength(0);
		expect(result.error?.message).toBe('"Report" must be a positive whole number, but it is "../orders" [item 0]');
	});
});
