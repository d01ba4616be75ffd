import fc from 'fast-check';
import { useV2Client } from './client';

describe('sandbox API v2: pagination', () => {
	const { sandbox, api } = useV2Client({ orders: 60 });

	const ids = (rows: Array<Record<string, unknown>>, key: string) => rows.map((row) => row[key]);

	it('answers {data, pagination} with the default limit 30 and offset 0', async () => {
		const response = await api().get('/order-units');
		const total = sandbox().control.db.orderUnits.filter((u) => !u._fulfilled_by_marketplace).length;
		expect(total).toBeGreaterThan(100);
		expect(Object.keys(response.json)).toEqual(['data', 'pagination']);
		expect(response.json.pagination).toEqual({ offset: 0, limit: 30, total });
		expect(response.json.data).toHaveLength(30);
	});

	it.each([
		['/orders', 100, 1],
		['/order-units', 100, 1],
		['/units?storefront=de', 100, 0],
		['/subscriptions', 30, 0],
	])('%s takes limit %i at most and %i at least', async (path, max, min) => {
		const join = path.includes('?') ? '&' : '?';
		expect((await api().get(`${path}${join}limit=${max}`)).json.pagination.limit).toBe(max);
		const above = await api().get(`${path}${join}limit=${max + 1}`);
		expect(above.status).toBe(400);
		expect(above.json.errors).toEqual([{ field: 'limit', message: `must be <= ${max}` }]);
		expect((await api().get(`${path}${join}limit=${min}`)).status).toBe(200);
		if (min > 0)
			expect((await api().get(`${path}${join}limit=${min - 1}`)).json.errors).toEqual([
				{ field: 'limit', message: `must be >= ${min}` },
			]);
	});

	it('any limit and offset give the matching slice of the whole list and echo both', async () => {
		const whole: unknown[] = [];
		for (let offset = 0; ; offset += 100) {
			const page = await api().get(`/order-units?limit=100&offset=${offset}`);
			whole.push(...ids(page.json.data, 'id_order_unit'));
			if (page.json.data.length < 100) break;
		}
		expect(new Set(whole).size).toBe(whole.length);
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 1, max: 100 }),
				fc.integer({ min: 0, max: whole.length + 5 }),
				async (limit, offset) => {
					const page = await api().get(`/order-units?limit=${limit}&offset=${offset}`);
					expect(page.json.pagination).toEqual({ offset, limit, total: whole.length });
					expect(ids(page.json.data, 'id_order_unit')).toEqual(whole.slice(offset, offset + limit));
				},
			),
			{ numRuns: 30 },
		);
	});

	it('walking the pages returns every record once, and an offset past the end returns none but the total', async () => {
		const seen: unknown[] = [];
		let total = 0;
		for (let offset = 0; offset === 0 || offset < total; offset += 7) {
			const page = await api().get(`/orders?limit=7&offset=${offset}`);
			total = page.json.pagination.total;
			seen.push(...ids(page.json.data, 'id_order'));
		}
		expect(seen.sort()).toEqual(
			sandbox()
				.control.db.orders.filter((o) => !o._fulfilled_by_marketplace)
				.map((o) => o.id_order)
				.sort(),
		);
		const past = await api().get(`/orders?offset=${total + 10}`);
		expect(past.json).toEqual({ data: [], pagination: { offset: total + 10, limit: 30, total } });
	});

	it('counts the filtered rows, not all of them', async () => {
		const sent = sandbox().control.db.orderUnits.filter((u) => !u._fulfilled_by_marketplace && u.status === 'sent');
		const page = await api().get('/order-units?status=sent&limit=5&offset=3');
		expect(page.json.pagination).toEqual({ offset: 3, limit: 5, total: sent.length });
	});
});
