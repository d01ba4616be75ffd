/** Report → Download (node version 2), through n8n-core against the v2 sandbox. */
import { DONE_AFTER_SECONDS } from '../../../../../sandbox/model/reports';
import { useReportSandbox } from './setup';

const { v2, reports, request, fileRequests } = useReportSandbox();

describe('Report → Download', () => {
	it('puts the CSV of a done report into the binary field, without the access token anywhere in the output', async () => {
		const requested = await request({ reportType: 'account-listing', storefront: 'at' });
		const id = String(requested.items[0].json.id_report);
		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		v2.sandbox().control.clearRequests();

		const result = await v2.run({ operation: 'download', reportId: id, binaryPropertyName: 'report' });

		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(item.json).toMatchObject({
			id_report: Number(id),
			status: 'done',
			report_name: 'account-listing',
			storefront: 'at',
		});
		expect(item.json).not.toHaveProperty('url');
		expect(Object.keys(item.binary ?? {})).toEqual(['report']);
		expect(item.binary!.report).toMatchObject({ fileName: `account-listing-${id}.csv`, mimeType: 'text/csv' });
		const csv = Buffer.from(item.binary!.report.data, 'base64').toString('utf8').trim().split('\n');
		expect(csv[0]).toBe('id_offer;ean;amount;listing_price;minimum_price;condition;handling_time');
		expect(csv.slice(1).map((line) => line.split(';')[0])).toEqual([
			'SKU-00005',
			'SKU-00015',
			'SKU-00025',
			'SKU-00035',
		]);

		expect(v2.requests()).toHaveLength(1);
		expect(fileRequests()).toEqual([
			expect.objectContaining({ method: 'GET', path: `/report-files/${id}`, status: 200 }),
		]);
		expect(fileRequests()[0].headers).not.toHaveProperty('shop-signature');
		expect(JSON.stringify(result.run.data)).not.toContain(reports()[0]._access_token);
	});

	it('a report that is not done yet is an error that says to wait, and no file is fetched', async () => {
		const requested = await request({ reportType: 'invalid-items' });
		const result = await v2.run({ operation: 'download', reportId: String(requested.items[0].json.id_report) });
		expect(result.error?.message).toBe(
			`Report ${String(requested.items[0].json.id_report)} is not ready to download: its status is "new" [item 0]`,
		);
		expect(result.error?.description).toContain('Wait');
		expect(fileRequests()).toHaveLength(0);
	});

	it('a failed file download names neither the address nor its token', async () => {
		const requested = await request({ reportType: 'account-listing' });
		const id = String(requested.items[0].json.id_report);
		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		v2.sandbox().control.addFault({ kind: 'status', status: 404, path: `/report-files/${id}` });

		const result = await v2.run({ operation: 'download', reportId: id });
		expect(result.error).toBeDefined();
		expect(JSON.stringify(result.run.data)).not.toContain(reports()[0]._access_token);
	});
});
