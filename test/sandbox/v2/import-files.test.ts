/**
 * The v2 sandbox's inventory feeds, inventory command files and order command files, spoken to directly: what it
 * refuses, and the life of a file in sandbox time (advanced by hand, so each state can be seen).
 */
import { useFileServer } from '../../harness/file-server';
import { problem, useV2Client } from './client';

describe('sandbox API v2: command import files', () => {
	const { sandbox, api } = useV2Client({ processingSeconds: 10 });
	const files = useFileServer();

	/** Reads the file until it leaves the download states (the download runs in real time). */
	async function downloaded(path: string): Promise<Record<string, unknown>> {
		for (let attempt = 0; attempt < 200; attempt++) {
			const { json } = await api().get(path);
			if (!['NEW', 'DOWNLOADING'].includes(json.data.status)) return json.data;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		throw new Error(`${path} was not downloaded`);
	}

	it.each([
		[
			'a storefront the seller has not set up',
			'/import-files/inventory-feed?storefront=fr',
			{ url: 'http://127.0.0.1/a.csv' },
			'/problems/storefront-not-configured',
			'storefront',
		],
		[
			'no storefront on an inventory file',
			'/import-files/inventory-command',
			{ url: 'http://127.0.0.1/a.csv' },
			'/problems/validation-error',
			'storefront',
		],
		[
			'a storefront on an order command file',
			'/import-files/order-command?storefront=de',
			{ url: 'http://127.0.0.1/a.csv' },
			'/problems/validation-error',
			'storefront',
		],
		[
			'a non-loopback address',
			'/import-files/order-command',
			{ url: 'https://files.example.com/a.csv' },
			'/problems/validation-error',
			'url',
		],
		[
			'an ftp address',
			'/import-files/inventory-feed?storefront=de',
			{ url: 'ftp://127.0.0.1/a.csv' },
			'/problems/validation-error',
			'url',
		],
		[
			'a user name and password in the address',
			'/import-files/inventory-feed?storefront=de',
			{ url: 'http://me:secret@127.0.0.1/a.csv' },
			'/problems/validation-error',
			'url',
		],
		[
			'a body field the OpenAPI does not declare',
			'/import-files/order-command',
			{ url: 'http://127.0.0.1/a.csv', type: 'ORDER_COMMAND' },
			'/problems/validation-error',
			'type',
		],
	])('refuses %s with 400 and stores nothing', async (_what, path, body, type, field) => {
		const response = await api().post(path, body);
		expect(response.status).toBe(400);
		expect(response.json).toEqual(problem(type, [field]));
		expect(response.text).not.toContain('secret');
		const list = await api().get(
			path.startsWith('/import-files/order-command')
				? '/import-files/order-command'
				: `${path.split('?')[0]}?storefront=de`,
		);
		expect(list.json.data).toEqual([]);
	});

	it('moves an inventory command file through its states and applies its rows to the storefront; the ids continue the import file sequence', async () => {
		const [offer, other] = sandbox().control.db.units.filter((unit) => unit._storefront === 'cz');
		const price = offer.listing_price;
		const deAmount = sandbox().control.db.units.find((unit) => (unit._storefront ?? 'de') === 'de')!.amount;
		files.serve(
			'/stock.csv',
			`id_offer;amount;listing_price\n${offer.id_offer};4;${price + 1}\n;2;\nNO-SUCH-OFFER;1;\n${other.id_offer};-1;\n`,
		);
		const created = await api().post('/import-files/inventory-command?storefront=cz', { url: files.url('/stock.csv') });
		expect(created.status).toBe(201);
		const file = created.json.data;
		expect(file).toEqual({
			storefront: 'cz',
			id_import_file: Math.max(0, ...sandbox().control.db.importFiles.map((f) => f.id_import_file)) + 1,
			type: 'INVENTORY_COMMAND',
			uri: files.url('/stock.csv'),
			status: 'NEW',
			note: '',
			total_lines: 0,
			current_line: 0,
			error_count: 0,
			ts_created_iso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
			ts_updated_iso: expect.stringMatching(/Z$/),
			ts_last_row_updated_iso: '1970-01-01T00:00:00Z',
			ts_completed_iso: '1970-01-01T00:00:00Z',
		});
		const path = `/import-files/inventory-command/${file.id_import_file}?storefront=cz`;
		expect(await downloaded(path)).toMatchObject({ status: 'DOWNLOADED', total_lines: 4 });
		await sandbox().control.advance(10);
		expect((await api().get(path)).json.data).toMatchObject({
			status: 'IMPORTING',
			ts_completed_iso: '1970-01-01T00:00:00Z',
		});
		await sandbox().control.advance(10);
		const done = (await api().get(path)).json.data;
		expect(done).toMatchObject({
			status: 'IMPORTED',
			current_line: 5,
			error_count: 3,
			note: [
				'line 3: the row has neither an ean nor an id_offer',
				"line 4: no offer with id_offer 'NO-SUCH-OFFER' on storefront cz",
				"line 5: amount must be a whole number (prices in cents), got '-1'",
			].join('\n'),
		});
		// the good row changed the offer of the file's storefront, and nothing else
		expect(sandbox().control.db.units.find((unit) => unit.id_unit === offer.id_unit)).toMatchObject({
			amount: 4,
			listing_price: price + 1,
		});
		expect(sandbox().control.db.units.find((unit) => (unit._storefront ?? 'de') === 'de')!.amount).toBe(deAmount);
		expect(done.ts_completed_iso).not.toBe('1970-01-01T00:00:00Z');
		expect((await api().get(`/import-files/inventory-command/${file.id_import_file}?storefront=de`)).status).toBe(404);
		expect((await api().get(`/import-files/inventory-feed/${file.id_import_file}?storefront=cz`)).status).toBe(404);
	});

	it('ends CHECKING_FAILED when no row can be used, and lists with the filters and sort orders', async () => {
		files.serve('/nothing.csv', 'title;price\nX;100\n');
		const first = (await api().post('/import-files/inventory-feed?storefront=de', { url: files.url('/nothing.csv') }))
			.json.data;
		const second = (await api().post('/import-files/inventory-feed?storefront=de', { url: files.url('/missing.csv') }))
			.json.data;
		const path = (id: number) => `/import-files/inventory-feed/${id}?storefront=de`;
		expect(await downloaded(path(second.id_import_file))).toMatchObject({
			status: 'DOWNLOADING_FAILED',
			note: 'download failed: HTTP 404',
		});
		await downloaded(path(first.id_import_file));
		await sandbox().control.advance(20);
		expect((await api().get(path(first.id_import_file))).json.data).toMatchObject({
			status: 'CHECKING_FAILED',
			error_count: 1,
			note: 'line 2: the header names neither ean nor id_offer',
		});

		const ids = async (query: string) =>
			(await api().get(`/import-files/inventory-feed?storefront=de&${query}`)).json.data.map(
				(f: { id_import_file: number }) => f.id_import_file,
			);
		expect(await ids('sort=id:asc')).toEqual([first.id_import_file, second.id_import_file]);
		expect(await ids('sort=id:desc')).toEqual([second.id_import_file, first.id_import_file]);
		expect(await ids('status=DOWNLOADING_FAILED')).toEqual([second.id_import_file]);
		expect(await ids('ts_updated_iso=2999-01-01T00:00:00Z')).toEqual([]);
		expect((await api().get('/import-files/inventory-feed?storefront=de&sort=ts_updated:desc')).status).toBe(400);
		expect((await api().get('/import-files/inventory-feed?storefront=de&limit=31')).status).toBe(400);
	});
});
