/**
 * Import File (node version 2): Create (from a URL), Get and Get Many of product data and variant suggestion files
 * (File Type, also per item from an expression), through n8n-core against the v2 sandbox. The sandbox downloads from loopback addresses only, so a small server here serves the CSV.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useSandboxV2 } from '../../setup';

export const EAN = '4006381333931';

export const CSV = `ean,title,description,manufacturer,category\n${EAN},Kopfhörer X1,Leichte Kopfhörer,Acme,Kopfhörer\n`;

export function useImportFileSandbox() {
	const v2 = useSandboxV2({ productFeedsPerDay: 2 }, 'importFile');
	const db = () => v2.sandbox().control.db;
	let files: http.Server;
	let base: string;
	beforeAll(async () => {
		files = http.createServer((request, response) => {
			const ok = request.url === '/products.csv';
			response.writeHead(ok ? 200 : 404, { 'Content-Type': 'text/csv' });
			response.end(ok ? CSV : 'not found');
		});
		await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => files.close(resolve)));
	async function downloadsSettled(): Promise<void> {
		for (let attempt = 0; attempt < 200; attempt++) {
			if (db().importFiles.every((file) => !['NEW', 'DOWNLOADING'].includes(file.status))) return;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		throw new Error('the sandbox did not finish downloading the import files');
	}
	return {
		v2,
		db,
		/** the address of the local file server (known once the file's tests start) */
		base: () => base,
		downloadsSettled,
	};
}
