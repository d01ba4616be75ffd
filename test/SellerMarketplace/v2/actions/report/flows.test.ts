/** Report: what spans its operations (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DONE_AFTER_SECONDS } from '../../../../../sandbox/model/reports';
import { useReportSandbox } from './setup';

const { v2 } = useReportSandbox();

describe('template report-daily-download.json', () => {
	const example = JSON.parse(
		readFileSync(join(__dirname, '../../../../../examples/report-daily-download.json'), 'utf8'),
	) as {
		nodes: Array<{
			name: string;
			type: string;
			typeVersion: number;
			parameters: IDataObject;
			credentials?: IDataObject;
		}>;
		connections: Record<string, { main: Array<Array<{ node: string }>> }>;
	};
	const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;

	it('loops Wait → Get → IF back to the Wait while the report is generated, then downloads it', () => {
		const next = (name: string) => example.connections[name].main.map((output) => output.map((link) => link.node));
		expect(next('Every day at 5:00')).toEqual([['Request report']]);
		expect(next('Request report')).toEqual([['Wait a minute']]);
		expect(next('Wait a minute')).toEqual([['Get report status']]);
		expect(next('Get report status')).toEqual([['Still being generated?']]);
		expect(next('Still being generated?')).toEqual([['Wait a minute'], ['Download report']]);
		for (const name of ['Request report', 'Get report status', 'Download report']) {
			// a template: the seller picks their credential on import
			expect(node(name)).toMatchObject({ typeVersion: 2 });
			expect(node(name).credentials).toBeUndefined();
		}
	});

	it('its Seller Marketplace nodes, run in turn with their own parameters, request, see the status change and download the CSV', async () => {
		const requested = await v2.run(node('Request report').parameters);
		expect(requested.error).toBeUndefined();
		const id = requested.items[0].json.id_report;

		const pending = await v2.run(node('Get report status').parameters, { items: [{ json: requested.items[0].json }] });
		expect(pending.items[0].json).toMatchObject({ id_report: id, status: 'new' });

		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		const done = await v2.run(node('Get report status').parameters, { items: [{ json: pending.items[0].json }] });
		expect(done.items[0].json).toMatchObject({ id_report: id, status: 'done' });

		const downloaded = await v2.run(node('Download report').parameters, { items: [{ json: done.items[0].json }] });
		expect(downloaded.error).toBeUndefined();
		expect(downloaded.items[0].binary?.data).toMatchObject({
			fileName: `account-listing-${String(id)}.csv`,
			mimeType: 'text/csv',
		});
		expect(v2.requests().map(({ method, path }) => `${method} ${path}`)).toEqual([
			'POST /reports/account-listing',
			`GET /reports/${String(id)}`,
			`GET /reports/${String(id)}`,
			`GET /reports/${String(id)}`,
		]);
	});
});
