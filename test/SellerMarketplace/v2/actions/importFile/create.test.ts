/** Import File → Create (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportFileSandbox, EAN } from './setup';

const { v2, db, base, downloadsSettled } = useImportFileSandbox();

describe('Import File → Create', () => {
	it('sends the URL, then reads the file as the marketplace imports it', async () => {
		const run = await v2.run({ operation: 'create', fileType: 'productData', url: ` ${base()}/products.csv ` });
		expect(run.error).toBeUndefined();
		const [post] = v2.requests();
		expect(post).toMatchObject({ method: 'POST', path: '/product-data/import-files', status: 200 });
		expect(JSON.parse(post.body)).toEqual({ url: `${base()}/products.csv` });
		expectSigned(post, v2.credentials());
		expect(run.items[0].json).toMatchObject({ uri: `${base()}/products.csv`, status: 'NEW', async_import_done: 0 });
		const id = run.items[0].json.id_import_file as number;

		await downloadsSettled();
		await v2.sandbox().control.advance(60);
		const read = await v2.run({ operation: 'get', importFileId: String(id) });
		expect(v2.requests()[1]).toMatchObject({ method: 'GET', path: `/product-data/import-files/${id}`, status: 200 });
		expect(read.items[0].json).toMatchObject({
			id_import_file: id,
			status: 'DONE',
			total_lines: 1,
			error_count: 0,
			async_import_done: 1,
		});
		expect(db().productData.find((record) => record.ean === EAN)?.data.title).toEqual(['Kopfhörer X1']);
	});

	it('reports the marketplace refusing more files than a day allows', async () => {
		const started = Date.now();
		for (let n = 0; n < 2; n++) await v2.run({ operation: 'create', url: `${base()}/products.csv` });
		const run = await v2.run({ operation: 'create', url: `${base()}/products.csv` });
		const elapsedSeconds = Math.ceil((Date.now() - started) / 1000);
		expect(v2.requests()[2]).toMatchObject({ method: 'POST', status: 423 });
		// The wait counts from the first file of the day, so a slow machine may have used a second of it.
		const wait = /^Could not create an import file: at most 2 files per day; the next is possible in (\d+) s$/.exec(
			run.error?.message ?? '',
		);
		expect(wait).not.toBeNull();
		expect(Number(wait![1])).toBeLessThanOrEqual(86400);
		expect(Number(wait![1])).toBeGreaterThanOrEqual(86400 - elapsedSeconds);
		expect(run.error?.description).toContain('Request: POST /product-data/import-files, answered 423');
		await downloadsSettled();
	});

	it.each([
		['create', { url: 'ftp://example.test/a.csv' }, '"File URL" must be a full web address'],
		['create', { url: '   ' }, '"File URL" is required'],
		['get', { importFileId: '12/../3' }, '"Import File" must be a positive whole number'],
	])('%s refuses bad input before sending', async (operation, parameters, message) => {
		const run = await v2.run({ operation, ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Import File → Create: a URL with a user name or password is refused before anything is sent', () => {
	// The file's record shows its address (`uri`) to anyone reading it, as command files' records do.
	it.each(['productData', 'variantSuggestions'])('%s', async (fileType) => {
		const run = await v2.run({ operation: 'create', fileType, url: 'https://seller:secret@files.example.com/a.csv' });
		expect(run.error?.message).toContain('"File URL" must not contain a user name or password');
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Import File → Create', () => {
	it('uploads by URL, reads the file once processed, and lists it', async () => {
		const run = await v2.run({ operation: 'create', fileType: 'variantSuggestions', url: `${base()}/products.csv` });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/variant-suggestions/feed/upload-by-url',
			status: 200,
		});
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ url: `${base()}/products.csv` });
		expectSigned(v2.requests()[0], v2.credentials());
		const id = run.items[0].json.id_import_file as number;
		expect(run.items[0].json).toMatchObject({ status: 'NEW', uri: `${base()}/products.csv` });

		for (
			let attempt = 0;
			attempt < 200 &&
			(await v2.run({ operation: 'get', fileType: 'variantSuggestions', importFileId: String(id) })).items[0].json
				.status !== 'DOWNLOADED';
			attempt++
		) {
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		await v2.sandbox().control.advance(60);
		const read = await v2.run({ operation: 'get', fileType: 'variantSuggestions', importFileId: String(id) });
		expect(v2.requests().at(-1)).toMatchObject({ method: 'GET', path: `/variant-suggestions/feed/${id}`, status: 200 });
		expect(read.items[0].json).toMatchObject({
			id_import_file: id,
			status: 'DONE',
			total_lines: 1,
			current_line: 1,
			async_import_done: 1,
		});

		const list = await v2.run({
			operation: 'getMany',
			fileType: 'variantSuggestions',
			returnAll: true,
			filters: { status: 'DONE' },
		});
		expect(v2.requests().at(-1)).toMatchObject({
			path: '/variant-suggestions/feed',
			query: { status: 'DONE', limit: '100', offset: '0' },
		});
		expect(list.items.map((item) => item.json.id_import_file)).toEqual([id]);
		expect(db().importFiles).toHaveLength(0);
	});

	it('reports the marketplace refusing more files than a day allows (429)', async () => {
		for (let n = 0; n < 2; n++)
			await v2.run({ operation: 'create', fileType: 'variantSuggestions', url: `${base()}/products.csv` });
		const run = await v2.run({ operation: 'create', fileType: 'variantSuggestions', url: `${base()}/products.csv` });
		expect(
			v2
				.requests()
				.filter((request) => request.method === 'POST')
				.map((request) => request.status)
				.slice(-1),
		).toEqual([429]);
		expect(run.error?.message).toContain('rate limit');
	});

	it('File Type from an expression picks the endpoint per item: one product data and one variant suggestion file in one run', async () => {
		const run = await v2.run(
			{ operation: 'create', fileType: '={{ $json.kind }}', url: `${base()}/products.csv` },
			{ items: [{ json: { kind: 'variantSuggestions' } }, { json: { kind: 'productData' } }] },
		);
		expect(run.error).toBeUndefined();
		expect(
			v2.requests().map((request) => `${request.method} ${request.path} ${request.operationId} ${request.status}`),
		).toEqual([
			'POST /variant-suggestions/feed/upload-by-url UploadVariantSuggestionFileByUrl 200',
			'POST /product-data/import-files CreateProductDataFile 200',
		]);
		v2.requests().forEach((request) => expectSigned(request, v2.credentials()));
		expect(run.items.map((item) => item.json.uri)).toEqual([`${base()}/products.csv`, `${base()}/products.csv`]);
		expect(db().importFiles.map((file) => file.id_import_file)).toEqual([run.items[1].json.id_import_file]);
		await downloadsSettled();
	});

	it.each([
		['an unknown file type', 'inventory', '"File Type" has an unknown value "inventory" [item 1]'],
		['an empty file type', '', '"File Type" is required and cannot be empty [item 1]'],
	])('refuses %s from an expression before sending, naming the field and the item', async (_, kind, message) => {
		const run = await v2.run(
			{ operation: 'getMany', fileType: '={{ $json.kind }}', returnAll: true },
			{ items: [{ json: { kind: 'variantSuggestions' } }, { json: { kind } }] },
		);
		expect(run.error?.message).toBe(message);
		expect(v2.requests().map((request) => request.path)).toEqual(['/variant-suggestions/feed']);
	});
});
