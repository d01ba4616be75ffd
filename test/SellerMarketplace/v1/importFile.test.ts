/**
 * Import File: Create, Get Many and Get, run through n8n-core against the sandbox. The sandbox downloads
 * import files from loopback addresses only, so the CSV files are served by a small server in this test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ImportFile, Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;
let files: Server;
let filesOrigin: string;
const csvFiles: Record<string, string> = {};

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
	files = createServer((request, response) => {
		const csv = csvFiles[request.url ?? ''];
		response.writeHead(csv === undefined ? 404 : 200, { 'Content-Type': 'text/csv' });
		response.end(csv ?? 'not found');
	});
	await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
	filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await sandbox.close();
	await new Promise<void>((resolve) => files.close(() => resolve()));
});
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const publicOf = <T extends object>(record: T) =>
	Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));
const importFiles = () => sandbox.control.db.importFiles;

/** Waits until the sandbox has tried to download every import file (the download starts right after the create). */
async function downloadsSettled(): Promise<void> {
	for (let attempt = 0; attempt < 200; attempt++) {
		if (importFiles().every((file) => !['NEW', 'DOWNLOADING'].includes(file.status))) return;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error('the sandbox did not finish downloading the import files');
}

/** Creates import files through the node, one per input item, and waits for their downloads. */
async function createImportFiles(entries: Array<{ uri: string; type: string }>): Promise<ImportFile[]> {
	const run = await runSellerNode(credentials, {
		parameters: { resource: 'importFile', operation: 'create', uri: '={{ $json.uri }}', type: '={{ $json.type }}' },
		items: entries.map((entry) => ({ json: entry })),
	});
	expect(run.error).toBeUndefined();
	await downloadsSettled();
	sandbox.control.clearRequests();
	return [...importFiles()];
}

describe('Import File → Create', () => {
	it('posts the file address and type, and outputs the new import file ID', async () => {
		const unit = sandbox.control.db.units[0];
		csvFiles['/stock.csv'] = `ean,condition,amount\n${unit.ean},new,${unit.amount + 5}\n`;
		const uri = `${filesOrigin}/stock.csv`;

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'importFile', operation: 'create', uri, type: 'COMMAND' },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/import-files/',
			query: {},
			signatureValid: true,
			status: 201,
		});
		expect(requests()[0].json).toEqual({ uri, type: 'COMMAND' });
		const [file] = importFiles();
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_import_file: file.id_import_file,
				id: String(file.id_import_file),
				location: `/import-files/${file.id_import_file}/`,
			},
		]);
		expect(file).toMatchObject({ uri, type: 'COMMAND' });
	});

	it('defaults to an inventory change file (COMMAND) and takes a product feed', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'importFile',
				operation: 'create',
				uri: `${filesOrigin}/feed.csv`,
				type: '={{ $json.type }}',
			},
			items: [{ json: { type: 'PRODUCT_FEED' } }],
		});
		const byDefault = await runSellerNode(credentials, {
			parameters: { resource: 'importFile', operation: 'create', uri: `${filesOrigin}/changes.csv` },
		});

		expect(run.error).toBeUndefined();
		expect(byDefault.error).toBeUndefined();
		expect(requests().map((request) => request.json)).toEqual([
			{ uri: `${filesOrigin}/feed.csv`, type: 'PRODUCT_FEED' },
			{ uri: `${filesOrigin}/changes.csv`, type: 'COMMAND' },
		]);
	});

	it.each([
		[
			'an FTP address',
			'ftp://127.0.0.1/stock.csv',
			'"File URL" must be a full web address starting with http:// or https://, but it is "ftp://127.0.0.1/stock.csv" [item 0]',
		],
		[
			'a file name without an address',
			'stock.csv',
			'"File URL" must be a full web address starting with http:// or https://, but it is "stock.csv" [item 0]',
		],
		['an empty address', ' ', '"File URL" is required and cannot be empty [item 0]'],
	])('refuses %s before sending anything', async (_case, uri, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'importFile', operation: 'create', uri, type: 'DUMP' },
		});

		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});

	it('refuses a type that is not an import file type before sending anything', async () => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'importFile',
				operation: 'create',
				uri: `${filesOrigin}/x.csv`,
				type: '={{ "INVENTORY" }}',
			},
		});

		expect(run.error?.message).toBe('"Type" has an unknown value "INVENTORY" [item 0]');
		expect(run.error?.description).toBe('Allowed values: COMMAND, DUMP, PRODUCT_FEED');
		expect(requests()).toHaveLength(0);
	});
});

describe('Import File → Get Many', () => {
	it('filters by type and status and outputs the matching import files', async () => {
		csvFiles['/full.csv'] = 'ean,amount\n';
		await createImportFiles([
			{ uri: `${filesOrigin}/missing-1.csv`, type: 'DUMP' },
			{ uri: `${filesOrigin}/full.csv`, type: 'DUMP' },
			{ uri: `${filesOrigin}/missing-2.csv`, type: 'COMMAND' },
		]);
		const expected = importFiles().filter((file) => file.type === 'DUMP' && file.status === 'DOWNLOADING_FAILED');
		expect(expected).toHaveLength(1);

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'importFile',
				operation: 'getMany',
				returnAll: true,
				filters: { type: 'DUMP', status: 'DOWNLOADING_FAILED', createdFrom: '2020-01-01T00:00:00' },
				options: { sort: 'ts_created:asc' },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/import-files/seller/',
			query: {
				status: 'DOWNLOADING_FAILED',
				type: 'DUMP',
				'ts_created:from': '2020-01-01 00:00:00',
				sort: 'ts_created:asc',
				limit: '30',
				offset: '0',
			},
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual(expected.map(publicOf));
	});

	it('stops at the Limit, newest first by default', async () => {
		const created = await createImportFiles(
			[1, 2, 3].map((n) => ({ uri: `${filesOrigin}/missing-${n}.csv`, type: 'COMMAND' })),
		);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'importFile', operation: 'getMany', returnAll: false, limit: 2 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/import-files/seller/',
			query: { limit: '2', offset: '0' },
			signatureValid: true,
		});
		// The API's default order is newest first: the last two created.
		expect(run.items.map((item) => item.json)).toEqual([created[2], created[1]].map(publicOf));
	});
});

describe('Import File → Get', () => {
	it('reads one import file; an inventory change file is imported once processed', async () => {
		const unit = sandbox.control.db.units[1];
		csvFiles['/change.csv'] = `ean,condition,amount\n${unit.ean},new,${unit.amount + 3}\n`;
		const [file] = await createImportFiles([{ uri: `${filesOrigin}/change.csv`, type: 'COMMAND' }]);
		const amountBefore = unit.amount;
		await sandbox.control.advance(60);
		expect(file.status).toBe('DONE');

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'importFile', operation: 'get', importFileId: String(file.id_import_file) },
		});

		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/import-files/${file.id_import_file}/`,
			query: {},
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual([publicOf(file)]);
		expect(run.items[0].json).toMatchObject({ status: 'DONE', error_count: 0, total_lines: 1 });
		expect(sandbox.control.db.units.find((entry) => entry.id_unit === unit.id_unit)!.amount).toBe(amountBefore + 3);
	});

	it('reports an import file that does not exist (404)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'importFile', operation: 'get', importFileId: '987654' },
		});

		expect(requests()[0]).toMatchObject({ path: '/import-files/987654/', signatureValid: true, status: 404 });
		expect(run.error?.message).toBe('Could not get import file 987654: it was not found');
	});

	it('refuses an import file ID that is not a number before sending anything', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'importFile', operation: 'get', importFileId: 'stock.csv' },
		});

		expect(run.error?.message).toBe('"Import File" must be a positive whole number, but it is "stock.csv" [item 0]');
		expect(requests()).toHaveLength(0);
	});
});
