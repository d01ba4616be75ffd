import http from 'http';
import { useV1Client } from './client';

/** Serves CSV files to the import-file download. */
async function fileServer(
	files: Record<string, string>,
): Promise<{ url: (name: string) => string; close: () => Promise<void> }> {
	const server = http.createServer((req, res) => {
		const body = files[(req.url ?? '').slice(1)];
		res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/csv' });
		res.end(body ?? 'missing');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as { port: number };
	return {
		url: (name) => `http://127.0.0.1:${port}/${name}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('sandbox catalog, units, product data and import files', () => {
	const { sandbox, api } = useV1Client({ unitVisibilityDelaySeconds: 300, processingSeconds: 10 });
	const db = () => sandbox().control.db;

	beforeEach(() => sandbox().control.reset());

	describe('catalog', () => {
		it('has a root with 13 areas and leaves holding items', async () => {
			const areas = await api().get('/categories/?id_parent=1');
			expect(areas.json).toHaveLength(13);
			expect(areas.json.every((c: { level: number }) => c.level === 1)).toBe(true);
			const category = await api().get('/categories/15/?embedded=mandatory_attributes,parent');
			expect(category.json.mandatory_attributes.map((a: { name: string }) => a.name)).toEqual([
				'ean',
				'manufacturer',
				'title',
				'category',
			]);
			expect(category.json.parent.id_category).toBe(2);
			expect((await api().get('/categories/?q=kaffee')).json.map((c: { name: string }) => c.name)).toContain(
				'haushalt-kaffeemaschinen',
			);
			expect((await api().get('/attributes/1/')).json).toMatchObject({ name: 'ean', type: 'Ean' });
		});

		it('reads items with embedded category and units, by id with or without slash and by EAN', async () => {
			const unit = db().units[0];
			const item = await api().get(`/items/${unit.id_item}?embedded=category,units`);
			expect(item.json.category.id_category).toBe(item.json.id_category);
			expect(item.json.units[0]).toMatchObject({ id_unit: unit.id_unit, price: unit.listing_price });
			expect(item.json.units[0].listing_price).toBeUndefined();
			expect((await api().get(`/items/${unit.id_item}/`)).status).toBe(200);
			const byEan = await api().get(`/items/?ean=${unit.ean}`);
			expect(byEan.json.map((i: { id_item: number }) => i.id_item)).toEqual([unit.id_item]);
		});

		it('suggests at most 5 categories, best first, on both decide paths', async () => {
			const body = {
				item: { title: 'Kaffeemaschine mit Mahlwerk', description: 'Für Kaffee', manufacturer: 'Acme' },
				price: 19900,
			};
			const decided = await api().post('/categories/decide/', body);
			expect(decided.status).toBe(200);
			expect(decided.json).toHaveLength(5);
			expect(decided.json[0].name).toBe('haushalt-kaffeemaschinen');
			expect((await api().post('/category/decide/', body)).json).toEqual(decided.json);
			expect((await api().post('/categories/decide/', { item: { title: 'x' } })).status).toBe(400);
		});
	});

	describe('units', () => {
		const newItem = () => db().items.find((i) => !db().units.some((u) => u.id_item === i.id_item))!;

		it('creates a unit (201 + Location) that shows in the list only after the visibility delay', async () => {
			const item = newItem();
			const response = await api().post('/units/', {
				ean: item.eans[0],
				condition: 'new',
				listing_price: 1999,
				minimum_price: 1500,
				amount: 4,
				id_offer: 'NEW-1',
				shipping_group: 'paket',
			});
			expect(response.status).toBe(201);
			const id = Number(/^\/units\/(\d+)\/$/.exec(response.headers.location as string)![1]);
			expect((await api().get(`/units/${id}/`)).json).toMatchObject({
				id_unit: id,
				id_item: item.id_item,
				listing_price: 1999,
				amount: 4,
			});
			expect((await api().get('/units/seller/?id_offer=NEW-1')).json).toEqual([]);
			await sandbox().control.advance(301);
			expect((await api().get('/units/seller/?id_offer=NEW-1&embedded=item')).json[0].item.id_item).toBe(item.id_item);
		});

		it("updates the seller's unit for the same item instead of creating one", async () => {
			const unit = db().units[0];
			const count = db().units.length;
			const response = await api().post('/units/', { id_item: unit.id_item, listing_price: 54242, amount: 1 });
			expect(response.status).toBe(201);
			expect(response.headers.location).toBe(`/units/${unit.id_unit}/`);
			expect(db().units).toHaveLength(count);
			expect(unit).toMatchObject({ listing_price: 54242, price: 54242, amount: 1 });
			const clash = await api().post('/units/', {
				id_item: unit.id_item,
				listing_price: 4242,
				amount: 1,
				id_offer: 'OTHER',
			});
			expect(clash.status).toBe(409);
		});

		it('validates unit bodies', async () => {
			const item = newItem();
			expect((await api().post('/units/', { listing_price: 100, amount: 1 })).json.message).toBe(
				'id_item or ean is required',
			);
			expect((await api().post('/units/', { ean: '4000000000000', listing_price: 100, amount: 1 })).status).toBe(422);
			expect((await api().post('/units/', { id_item: item.id_item, listing_price: '9.99', amount: 1 })).status).toBe(
				400,
			);
			expect(
				(await api().post('/units/', { id_item: item.id_item, listing_price: 999, amount: 1, condition: 'New' }))
					.status,
			).toBe(400);
			expect(
				(
					await api().post('/units/', {
						id_item: item.id_item,
						listing_price: 999,
						amount: 1,
						shipping_group: 'express',
					})
				).status,
			).toBe(400);
			expect(
				(await api().post('/units/', { id_item: item.id_item, listing_price: 999, minimum_price: 1000, amount: 1 }))
					.status,
			).toBe(422);
			expect((await api().post('/units/', '{"id_item": ')).json).toEqual({ message: 'Can not decode body' });
		});

		it('PATCH refuses changes to id_item and id_offer, DELETE removes', async () => {
			const unit = db().units[1];
			expect((await api().patch(`/units/${unit.id_unit}/`, { id_item: unit.id_item + 1 })).status).toBe(400);
			expect((await api().patch(`/units/${unit.id_unit}/`, { id_offer: 'CHANGED' })).json.message).toMatch(
				/id_offer cannot be changed/,
			);
			expect(
				(await api().patch(`/units/${unit.id_unit}/`, { id_offer: unit.id_offer, amount: 9, note: 'Neu' })).status,
			).toBe(204);
			expect(unit).toMatchObject({ amount: 9, note: 'Neu' });
			expect((await api().delete(`/units/${unit.id_unit}/`)).status).toBe(204);
			expect((await api().get(`/units/${unit.id_unit}/`)).status).toBe(404);
		});
	});

	describe('product data', () => {
		const EAN = '4006381333931';

		it('moves PENDING → IN_PROGRESS → SUCCESS over sandbox time and creates the item', async () => {
			const put = await api().put(`/product-data/${EAN}/`, {
				title: ['Testprodukt'],
				manufacturer: ['Acme'],
				category: ['Kaffee'],
				description: ['Lecker'],
			});
			expect(put.status).toBe(201);
			expect(put.headers.location).toBe(`/product-data/${EAN}/`);
			const status = () =>
				api()
					.get(`/product-data-status/${EAN}/`)
					.then((r) => r.json);
			expect((await status()).update_status).toBe('PENDING');
			await sandbox().control.advance(10);
			expect((await status()).update_status).toBe('IN_PROGRESS');
			await sandbox().control.advance(10);
			const done = await status();
			expect(done).toMatchObject({ update_status: 'SUCCESS', item_ready: true, update_fail_reason: null });
			expect((await api().get(`/items/${done.id_item}`)).json).toMatchObject({ title: 'Testprodukt', eans: [EAN] });
			expect((await api().get(`/product-data-status/?ean=${EAN}`)).json.update_status).toBe('SUCCESS');
			// now a unit can be created for it
			expect((await api().post('/units/', { ean: EAN, listing_price: 500, amount: 2 })).status).toBe(201);
		});

		it('fails when mandatory attributes are missing; PATCH merges; DELETE removes', async () => {
			await api().put(`/product-data/${EAN}/`, { title: ['Nur Titel'] });
			await sandbox().control.advance(20);
			const failed = (await api().get(`/product-data-status/${EAN}/`)).json;
			expect(failed.update_status).toBe('FAIL');
			expect(failed.missing_attributes).toEqual(['manufacturer', 'category']);
			expect(failed.update_fail_reason).toBe('NO_CATEGORY');

			expect((await api().patch(`/product-data/${EAN}/`, { manufacturer: ['Acme'], category: ['Tee'] })).status).toBe(
				204,
			);
			expect((await api().get(`/product-data/${EAN}/`)).json).toMatchObject({
				title: ['Nur Titel'],
				manufacturer: ['Acme'],
			});
			await sandbox().control.advance(20);
			expect((await api().get(`/product-data-status/${EAN}/`)).json.update_status).toBe('SUCCESS');

			expect((await api().delete(`/product-data/${EAN}/`)).status).toBe(204);
			expect((await api().get(`/product-data/${EAN}/`)).status).toBe(404);
			expect((await api().patch(`/product-data/${EAN}/`, { title: ['x'] })).status).toBe(404);
		});

		it('refuses bad EANs and non-array values', async () => {
			expect((await api().put('/product-data/12ab/', { title: ['x'] })).status).toBe(400);
			expect((await api().put(`/product-data/${EAN}/`, { title: 'x' })).json.message).toMatch(/must be an array/);
		});
	});

	describe('import files', () => {
		it('downloads a COMMAND file from loopback and updates units asynchronously', async () => {
			const [a, b] = db().units;
			const files = await fileServer({
				'stock.csv': `id_offer;ean;amount;listing_price\n${a.id_offer};${a.ean};77;91234\n${b.id_offer};${b.ean};0;\n`,
			});
			try {
				const created = await api().post('/import-files/', { uri: files.url('stock.csv'), type: 'COMMAND' });
				expect(created.status).toBe(201);
				const location = created.headers.location as string;
				expect(location).toMatch(/^\/import-files\/\d+\/$/);
				await sandbox().control.flushNotifications();
				expect((await api().get(location)).json.status).toBe('DOWNLOADED');
				expect(a.amount).not.toBe(77);
				await sandbox().control.advance(10);
				expect((await api().get(location)).json).toMatchObject({
					status: 'DONE',
					total_lines: 2,
					error_count: 0,
					product_feed_async_done: 0,
				});
				expect(a).toMatchObject({ amount: 77, listing_price: 91234 });
				expect(b.amount).toBe(0);
			} finally {
				await files.close();
			}
		});

		// Each step is awaited on its own: the download runs in real time, and the processing steps are
		// scheduled from the moment the step before finished, so one advance(30) could stop short of the last.
		async function importFeed(csv: string): Promise<{ location: string; close: () => Promise<void> }> {
			const files = await fileServer({ 'feed.csv': csv });
			const created = await api().post('/import-files/', { uri: files.url('feed.csv'), type: 'PRODUCT_FEED' });
			expect(created.status).toBe(201);
			await sandbox().control.flushNotifications(); // the download has finished
			await sandbox().control.advance(10); // the rows are imported
			await sandbox().control.advance(20); // the product data of each row is checked
			return { location: created.headers.location as string, close: files.close };
		}

		it('imports a PRODUCT_FEED and sets product_feed_async_done', async () => {
			const feed = await importFeed('ean,title,manufacturer,category\n4006381333931,Feed Produkt,Acme,Tee\n');
			try {
				const file = (await api().get(feed.location)).json;
				expect(file).toMatchObject({ status: 'DONE', error_count: 0, product_feed_async_done: 1 });
				expect((await api().get('/product-data-status/4006381333931/')).json.update_status).toBe('SUCCESS');
				const list = await api().get('/import-files/seller/?type=PRODUCT_FEED');
				expect(list.headers['hm-collection-range']).toBe('1-1/1');
			} finally {
				await feed.close();
			}
		});

		it('leaves product_feed_async_done at 0 when a row of the feed fails', async () => {
			const feed = await importFeed(
				'ean,title,manufacturer,category\n4006381333931,Feed Produkt,Acme,Tee\nkeine-ean,Kaputt,Acme,Tee\n',
			);
			try {
				const file = (await api().get(feed.location)).json;
				expect(file).toMatchObject({ status: 'DONE', total_lines: 2, error_count: 1, product_feed_async_done: 0 });
				expect(file.note).toMatch(/'keine-ean' is not an EAN/);
				// the good row was still imported
				expect((await api().get('/product-data-status/4006381333931/')).json.update_status).toBe('SUCCESS');
			} finally {
				await feed.close();
			}
		});

		it('refuses non-loopback URIs, unknown types and the 31st product feed of a day', async () => {
			expect(
				(await api().post('/import-files/', { uri: 'https://example.com/feed.csv', type: 'PRODUCT_FEED' })).status,
			).toBe(422);
			expect((await api().post('/import-files/', { uri: 'http://127.0.0.1:9/x.csv', type: 'STOCK' })).status).toBe(400);
			for (let i = 0; i < 30; i++) {
				expect(
					(await api().post('/import-files/', { uri: `http://127.0.0.1:9/${i}.csv`, type: 'PRODUCT_FEED' })).status,
				).toBe(201);
			}
			const limited = await api().post('/import-files/', { uri: 'http://127.0.0.1:9/31.csv', type: 'PRODUCT_FEED' });
			expect(limited.status).toBe(429);
			expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
			expect((await api().post('/import-files/', { uri: 'http://127.0.0.1:9/c.csv', type: 'COMMAND' })).status).toBe(
				201,
			);
		});
	});
});
