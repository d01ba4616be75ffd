/**
 * Import File (node version 2): inventory feeds, inventory command files and order command files, created by
 * URL, read (optionally waiting until processed) and listed, through n8n-core against the v2 sandbox. The
 * sandbox downloads from loopback addresses only, so a small server here serves the files. Sandbox time runs
 * 50 times faster than real time, so a file is processed (50 + 50 sandbox seconds) in about two seconds: the
 * node reads it more than once while it waits.
 */
import * as enums from '../../../nodes/api/v2/enums';
import { formatTimestamp } from '../../../sandbox';
import spec from '../../../sandbox/v2/seller-api-v2.openapi.json';
import { allCommandFiles, type CommandFileType } from '../../../sandbox/v2/state/command-files';
import { useFileServer } from '../../harness/file-server';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ timeScale: 50, processingSeconds: 50 }, 'importFile');
const db = () => v2.sandbox().control.db;
const files = useFileServer();

/** A file that stays in `status`, added to the sandbox as the marketplace would keep it. */
function storedFile(
	type: CommandFileType,
	storefront: string | null,
	status = 'IMPORTED',
	createdAt = v2.sandbox().control.now(),
): number {
	const id = (db().lastIds.importFiles = (db().lastIds.importFiles ?? 0) + 1);
	const at = formatTimestamp(createdAt);
	allCommandFiles(db()).push({
		...{
			id_import_file: id,
			uri: files.url(`/f${id}.csv`),
			status,
			type,
			storefront,
			note: '',
			total_lines: 1,
			current_line: 1,
			error_count: 0,
		},
		...{
			product_feed_async_done: 0,
			ts_created: at,
			ts_updated: at,
			ts_last_row_updated: at,
			ts_completed: status === 'IMPORTED' ? at : null,
			_errors: [],
		},
	});
	return id;
}

it("offers exactly the OpenAPI's import statuses and sort orders", () => {
	expect([...enums.IMPORT_STATUSES].sort()).toEqual([...spec.components.schemas.ImportStatus.enum].sort());
	expect([...enums.IMPORT_FILES_SORTINGS].sort()).toEqual([...spec.components.schemas.ImportFilesSortBy.enum].sort());
});

describe('Import File → Create Inventory Feed and Get Inventory Feed', () => {
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

	it('without waiting outputs the file as it is now, in one request', async () => {
		const id = storedFile('INVENTORY_FEED', 'de', 'IMPORTING');
		const read = await v2.run({ operation: 'getInventoryFeed', importFileId: String(id) });
		expect(v2.requests()).toHaveLength(1);
		expect(read.items[0].json).toMatchObject({
			id_import_file: id,
			status: 'IMPORTING',
			ts_completed_iso: '1970-01-01T00:00:00Z',
		});
	});

	it('a file still in progress when the wait ends fails the item and says how to read it later', async () => {
		const id = storedFile('INVENTORY_FEED', 'de', 'IMPORTING');
		const read = await v2.run({
			operation: 'getInventoryFeed',
			importFileId: String(id),
			waitForResult: true,
			maxWaitSeconds: 1,
		});
		expect(read.error?.message).toBe(`The inventory feed ${id} is still "IMPORTING" after 1 seconds [item 0]`);
		expect(read.error?.description).toContain('Import File → Get Inventory Feed');
		expect(v2.requests().length).toBeGreaterThanOrEqual(2);
		expect(v2.requests().every((request) => request.path === `/import-files/inventory-feed/${id}`)).toBe(true);
	});

	it('a failed download is a result: the wait ends with the reason', async () => {
		const run = await v2.run({ operation: 'createInventoryFeed', storefront: 'at', url: files.url('/nowhere.csv') });
		const id = run.items[0].json.id_import_file as number;
		const read = await v2.run({
			operation: 'getInventoryFeed',
			storefront: 'at',
			importFileId: String(id),
			waitForResult: true,
		});
		expect(read.error).toBeUndefined();
		expect(read.items[0].json).toMatchObject({
			storefront: 'at',
			status: 'DOWNLOADING_FAILED',
			note: 'download failed: HTTP 404',
		});
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

describe('Inventory command files: per storefront', () => {
	it('creates on the chosen storefront; the file is not found on another; Get Many sends the filters and the sort', async () => {
		const offer = v2.sandbox().control.db.units.find((unit) => unit._storefront === 'cz')!;
		files.serve('/command.csv', `command;id_offer;amount\nUPDATE;${offer.id_offer};3\n`);
		const run = await v2.run({
			operation: 'createInventoryCommandFile',
			storefront: 'cz',
			url: files.url('/command.csv'),
		});
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/import-files/inventory-command',
			query: { storefront: 'cz' },
			status: 201,
		});
		expect(run.items[0].json).toMatchObject({ storefront: 'cz', type: 'INVENTORY_COMMAND', status: 'NEW' });
		const id = run.items[0].json.id_import_file as number;

		const elsewhere = await v2.run({
			operation: 'getInventoryCommandFile',
			storefront: 'de',
			importFileId: String(id),
		});
		expect(v2.requests()[1]).toMatchObject({
			path: `/import-files/inventory-command/${id}`,
			query: { storefront: 'de' },
			status: 404,
		});
		expect(elsewhere.error?.message).toContain(String(id));

		const done = await v2.run({
			operation: 'getInventoryCommandFile',
			storefront: 'cz',
			importFileId: String(id),
			waitForResult: true,
		});
		expect(done.items[0].json).toMatchObject({ status: 'IMPORTED', total_lines: 1, error_count: 0, note: '' });
		expect(v2.sandbox().control.db.units.find((unit) => unit.id_unit === offer.id_unit)?.amount).toBe(3);

		const older = storedFile('INVENTORY_COMMAND', 'cz', 'IMPORTED', v2.sandbox().control.now() - 3600_000);
		storedFile('INVENTORY_COMMAND', 'de');
		v2.sandbox().control.clearRequests();
		const list = await v2.run({
			operation: 'getManyInventoryCommandFiles',
			storefront: 'cz',
			returnAll: true,
			filters: { status: 'IMPORTED', createdSince: '2020-01-01T00:00:00Z' },
			sort: { sortBy: 'id:asc' },
		});
		expect(list.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/import-files/inventory-command', status: 200 });
		expect(v2.requests()[0].query).toEqual({
			storefront: 'cz',
			status: 'IMPORTED',
			ts_created_iso: '2020-01-01T00:00:00Z',
			sort: 'id:asc',
			limit: '30',
			offset: '0',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(list.items.map((item) => item.json.id_import_file)).toEqual([id, older].sort((a, b) => a - b));
	});
});

describe('Order command files', () => {
	it('marks the units of the file sent and cancelled; the line the marketplace cannot apply is counted and named', async () => {
		const [toSend, toCancel] = db().orderUnits.filter(
			(unit) => unit.status === 'need_to_be_sent' && !unit._fulfilled_by_marketplace,
		);
		files.serve(
			'/orders.csv',
			`MARK_UNIT_SENT;${toSend.id_order_unit};DHL;00340434161094042557\nMARK_UNIT_CANCELLED;${toCancel.id_order_unit};NoInventory\n\nMARK_UNIT_SENT;${toSend.id_order_unit};DHL;1\n`,
		);

		const run = await v2.run({ operation: 'createOrderCommandFile', url: files.url('/orders.csv') });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/import-files/order-command',
			query: {},
			status: 201,
		});
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ url: files.url('/orders.csv') });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).not.toHaveProperty('storefront');
		expect(run.items[0].json).toMatchObject({ type: 'ORDER_COMMAND', status: 'NEW' });

		const id = run.items[0].json.id_import_file as number;
		const read = await v2.run({ operation: 'getOrderCommandFile', importFileId: String(id), waitForResult: true });
		expect(v2.requests().at(-1)).toMatchObject({
			method: 'GET',
			path: `/import-files/order-command/${id}`,
			query: {},
			status: 200,
		});
		expect(read.items[0].json).toMatchObject({ status: 'IMPORTED', total_lines: 3, current_line: 4, error_count: 1 });
		expect(read.items[0].json.note).toBe(
			`line 4: order unit ${toSend.id_order_unit} is 'sent'; only need_to_be_sent units can become 'sent'`,
		);
		expect(toSend.status).toBe('sent');
		expect(toSend._shipment).toMatchObject({ carrier_code: 'DHL', tracking_number: '00340434161094042557' });
		expect(toCancel).toMatchObject({ status: 'cancelled', cancel_reason: 'NoInventory' });
	});

	it('Get Many reads every page of 30', async () => {
		const ids = Array.from({ length: 31 }, (_, n) =>
			storedFile('ORDER_COMMAND', null, 'IMPORTED', v2.sandbox().control.now() - n * 60_000),
		);
		const list = await v2.run({ operation: 'getManyOrderCommandFiles', returnAll: true });
		expect(list.error).toBeUndefined();
		expect(v2.requests().map((request) => request.query)).toEqual([
			{ limit: '30', offset: '0' },
			{ limit: '1', offset: '30' },
		]);
		expect(list.items.map((item) => item.json.id_import_file)).toEqual(ids);
	});
});

describe('Import files: bad input is refused before anything is sent', () => {
	it.each([
		['createInventoryFeed', { url: 'ftp://example.test/a.csv' }, '"File URL" must be a full web address'],
		['createInventoryFeed', { url: '  ' }, '"File URL" is required'],
		[
			'createOrderCommandFile',
			{ url: 'https://seller:secret@files.example.com/a.csv' },
			'"File URL" must not contain a user name or password',
		],
		[
			'createInventoryCommandFile',
			{ storefront: 'xx', url: 'https://files.example.com/a.csv' },
			'"Storefront" has an unknown value "xx"',
		],
		['getInventoryFeed', { importFileId: '12/../3' }, '"Import File" must be a positive whole number'],
		['getOrderCommandFile', { importFileId: '0' }, '"Import File" must be a positive whole number'],
		[
			'getOrderCommandFile',
			{ importFileId: '7', waitForResult: true, maxWaitSeconds: 601 },
			'"Max Wait (Seconds)" must be at most 600',
		],
		['getManyInventoryFeeds', { returnAll: true, filters: { status: 'DONE' } }, '"Status" has an unknown value "DONE"'],
		[
			'getManyOrderCommandFiles',
			{ returnAll: true, sort: { sortBy: 'ts_updated:desc' } },
			'"Sort By" has an unknown value "ts_updated:desc"',
		],
		['getManyInventoryCommandFiles', { returnAll: true, filters: { updatedSince: 'yesterday' } }, '"Updated Since"'],
	])('%s %j', async (operation, parameters, message) => {
		const run = await v2.run({ operation, ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

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
