/** Import File → Create Inventory Feed (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useImportCommandFileSandbox } from './commandFiles.setup';

const { v2, files, expectRefusedBeforeSending } = useImportCommandFileSandbox();

describe('Import File → Create Inventory Feed', () => {
	it('sends the URL for the default storefront, then waits for the result: lines read and the errors found', async () => {
		files.serve('/feed.csv', 'ean;condition;price;count\n4006381333931;new;1999;5\nnot-an-ean;new;999;1\n');
		const run = await v2.run({ operation: 'createInventoryFeed', url: ` ${files.url('/feed.csv')} ` });
		expect(run.error).toBeUndefined();
		const [post] = v2.requests();
		expect(post).toMatchObject({
			method: 'POST',
			path: '/import-files/inventory-feed',
			query: { storefront: 'de' },
			status: 201,
		});
		expect(JSON.parse(post.body)).toEqual({ url: files.url('/feed.csv') });
		expectSigned(post, v2.credentials());
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			storefront: 'de',
			type: 'INVENTORY_FEED',
			uri: files.url('/feed.csv'),
			status: 'NEW',
			total_lines: 0,
		});
		const id = run.items[0].json.id_import_file as number;

		const read = await v2.run({
			operation: 'getInventoryFeed',
			importFileId: String(id),
			waitForResult: true,
			maxWaitSeconds: 30,
		});
		expect(read.error).toBeUndefined();
		const gets = v2.requests().slice(1);
		expect(gets.length).toBeGreaterThan(1);
		for (const get of gets) {
			expect(get).toMatchObject({
				method: 'GET',
				path: `/import-files/inventory-feed/${id}`,
				query: { storefront: 'de' },
				status: 200,
			});
			expectSigned(get, v2.credentials());
		}
		expect(read.items).toHaveLength(1);
		expect(read.items[0].json).toMatchObject({
			id_import_file: id,
			status: 'IMPORTED',
			total_lines: 2,
			current_line: 3,
			error_count: 1,
		});
		expect(read.items[0].json.note).toBe("line 3: 'not-an-ean' is not an EAN");
		expect(read.items[0].json.ts_completed_iso).not.toBe('1970-01-01T00:00:00Z');
	});

	it('says that a create whose answer failed may have been applied, and how to check, without sending it twice', async () => {
		v2.sandbox().control.addFault({
			method: 'POST',
			path: '/v2/import-files/inventory-feed',
			kind: 'status',
			status: 500,
			times: 1,
		});
		const run = await v2.run({ operation: 'createInventoryFeed', url: files.url('/feed.csv') });
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			'The request to create an inventory feed may or may not have been applied: the marketplace had a server error (500)',
		);
		expect(run.error?.description).toContain(
			'Import File → Get Many Inventory Feeds lists it (with this URL) if it was created',
		);
	});

	it("names the form's field when the marketplace refuses the URL", async () => {
		const run = await v2.run({ operation: 'createInventoryFeed', url: 'https://files.example.com/feed.csv' });
		expect(v2.requests()[0]).toMatchObject({ method: 'POST', status: 400 });
		expect(run.error?.message).toContain('Could not create an inventory feed: "File URL" (url)');
	});
});

describe('Import File → Create Inventory Feed', () => {
	it('names the item whose URL is bad; the items before it were sent', async () => {
		files.serve('/a.csv', 'ean\n4006381333931\n');
		const run = await v2.run(
			{ operation: 'createInventoryFeed', url: '={{ $json.url }}' },
			{ items: [{ json: { url: files.url('/a.csv') } }, { json: { url: 'javascript:alert(1)' } }] },
		);
		expect(run.error?.message).toContain('"File URL" must be a full web address');
		expect(run.error?.message).toContain('[item 1]');
		expect(v2.requests()).toHaveLength(1);
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ url: files.url('/a.csv') });
	});
});

describe('bad input is refused before anything is sent', () => {
	it.each([
		['createInventoryFeed', { url: 'ftp://example.test/a.csv' }, '"File URL" must be a full web address'],
		['createInventoryFeed', { url: '  ' }, '"File URL" is required'],
	])('%s %j', expectRefusedBeforeSending);
});
