import fs from 'fs';
import os from 'os';
import path from 'path';
import { startSandbox } from '../../../sandbox';
import { useV1Client } from '../v1/client';

describe('sandbox fault injection and control API', () => {
	const { sandbox, api } = useV1Client();
	const unitToSend = () =>
		sandbox().control.db.orderUnits.find((u) => u.status === 'need_to_be_sent' && !u._fulfilled_by_marketplace)!;

	beforeEach(() => sandbox().control.reset());

	it('answers 429 with Retry-After for the next N matching requests, before the handler', async () => {
		const unit = unitToSend();
		sandbox().control.addFault({
			kind: 'status',
			status: 429,
			retryAfter: '7',
			times: 2,
			method: 'PATCH',
			path: '/order-units/*/send/',
		});
		const body = { carrier_code: 'DHL', tracking_number: '1' };
		const first = await api().patch(`/order-units/${unit.id_order_unit}/send/`, body);
		expect(first.status).toBe(429);
		expect(first.headers['retry-after']).toBe('7');
		expect(unit.status).toBe('need_to_be_sent');
		expect((await api().get('/status/ping/')).status).toBe(200);
		expect((await api().patch(`/order-units/${unit.id_order_unit}/send/`, body)).status).toBe(429);
		expect((await api().patch(`/order-units/${unit.id_order_unit}/send/`, body)).status).toBe(204);
		const log = sandbox().control.requests();
		expect(log.map((r) => r.fault ?? null)).toEqual(['f1 status 429', null, 'f1 status 429', null]);
		expect(log.every((r) => r.signatureValid)).toBe(true);
	});

	it('serves 500/503 forever until cleared, and faults even unsigned requests', async () => {
		sandbox().control.addFault({ kind: 'status', status: 503, path: '/orders/seller/' });
		expect((await api().get('/orders/seller/')).status).toBe(503);
		expect((await api().get('/orders/seller/', { unsigned: true })).status).toBe(503);
		expect((await api().get('/orders/seller/')).status).toBe(503);
		sandbox().control.clearFaults();
		expect((await api().get('/orders/seller/')).status).toBe(200);
	});

	it('resets the connection', async () => {
		sandbox().control.addFault({ kind: 'reset', times: 1 });
		await expect(api().get('/status/ping/')).rejects.toThrow(/socket hang up|ECONNRESET/);
		expect((await api().get('/status/ping/')).status).toBe(200);
	});

	it('delays with latency and then answers normally', async () => {
		sandbox().control.addFault({ kind: 'latency', latencyMs: 150, jitterMs: 50, times: 1 });
		const started = Date.now();
		const response = await api().get('/status/ping/');
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
		expect(sandbox().control.requests()[0].fault).toMatch(/latency/);
	});

	it('applies a rate to a seeded share of requests', async () => {
		sandbox().control.addFault({ kind: 'status', status: 500, rate: 0.5 });
		const statuses: number[] = [];
		for (let i = 0; i < 40; i++) statuses.push((await api().get('/status/ping/')).status);
		const failed = statuses.filter((s) => s === 500).length;
		expect(failed).toBeGreaterThan(5);
		expect(failed).toBeLessThan(35);
	});

	it('drives the same state over the HTTP control API', async () => {
		const info = await api().control('GET', '/');
		expect(info.json).toMatchObject({ baseUrl: sandbox().baseUrl, clientKey: sandbox().clientKey });
		const fault = await api().control('POST', '/faults', { kind: 'status', status: 429, times: 1 });
		expect(fault.status).toBe(201);
		expect((await api().get('/status/ping/')).status).toBe(429);
		const log = await api().control('GET', '/requests');
		expect(log.json[0]).toMatchObject({ path: '/status/ping/', status: 429, fault: `${fault.json.id} status 429` });
		expect((await api().control('DELETE', '/requests')).status).toBe(204);
		expect(sandbox().control.requests()).toHaveLength(0);

		const created = await api().control('POST', '/orders', { units: [{ id_unit: 500001, quantity: 2 }] });
		expect(created.status).toBe(201);
		expect(created.json.orderUnits).toHaveLength(2);
		const read = await api().get(`/orders/${created.json.order.id_order}`);
		expect(read.json.order_units).toHaveLength(2);

		const unitId = created.json.orderUnits[0].id_order_unit;
		expect(
			(await api().control('POST', '/status', { collection: 'orderUnits', id: unitId, status: 'received' })).status,
		).toBe(204);
		expect((await api().get(`/order-units/${unitId}/`)).json.status).toBe('received');

		const state = await api().control('GET', '/state/subscriptions');
		expect(state.json).toEqual([]);
		expect((await api().control('GET', '/state/nothing')).status).toBe(404);
		const advanced = await api().control('POST', '/advance', { seconds: 3600 });
		expect(advanced.status).toBe(200);
		expect((await api().control('GET', '/deliveries')).json).toEqual([]);
		expect((await api().control('GET', '/outbox')).json).toEqual([]);
		expect((await api().control('POST', '/reset')).status).toBe(204);
		expect(sandbox().control.db.orders.some((o) => o.id_order === created.json.order.id_order)).toBe(false);
	});

	it('saves and loads a JSON snapshot', async () => {
		const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-')), 'state.json');
		const first = await startSandbox({ port: 0, snapshotPath: file });
		const { order } = await first.control.createOrder();
		first.control.save();
		await first.close();
		const second = await startSandbox({ port: 0, snapshotPath: file });
		try {
			expect(second.control.db.orders.some((o) => o.id_order === order.id_order)).toBe(true);
			// URLs inside the snapshot follow the new port
			expect(second.control.db.orderInvoices[0].url.startsWith(second.baseUrl)).toBe(true);
		} finally {
			await second.close();
		}
	});
});

describe('sandbox seed and size', () => {
	it('is deterministic for a seed', async () => {
		const a = await startSandbox({ port: 0, seed: 7 });
		const b = await startSandbox({ port: 0, seed: 7 });
		try {
			const strip = (s: typeof a) => JSON.stringify(s.control.db).split(s.origin).join('');
			expect(strip(a)).toBe(strip(b));
			expect(a.control.db.categories.filter((c) => c.id_parent_category === 1)).toHaveLength(13);
			expect(a.control.db.orders.filter((o) => !o._fulfilled_by_marketplace)).toHaveLength(20);
			expect(a.control.db.tickets[0].id_ticket).toBe('0013163664');
		} finally {
			await a.close();
			await b.close();
		}
	});

	// How fast it starts and pages is measured by the benchmarks (npm run bench), not asserted here.
	it('seeds 50,000 orders and pages through them', async () => {
		const big = await startSandbox({ port: 0, orders: 50000 });
		try {
			const { TestClient } = await import('../v1/client');
			const api = new TestClient(big);
			const deep = await api.get('/order-units/seller/?status=need_to_be_sent&offset=60000&limit=30');
			const orders = await api.get('/orders/seller/?offset=49980');
			expect(deep.status).toBe(200);
			expect(orders.headers['hm-collection-range']).toBe('49981-50000/50000');
		} finally {
			await big.close();
		}
	});
});
