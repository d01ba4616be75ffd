/**
 * Issue 12.3: the trigger must accept every id the spec allows (`id_order` is a string; real ones look like
 * `M8CXTB1-2`), and still refuse any `resource` that could steer the signed read to another path or host.
 * Through n8n-core's real webhook context against the sandbox, with Fetch Resource on so a wrong path shows.
 */
import { useTestbed } from '../testbed';

const bed = useTestbed(1);
const { notification } = bed;

describe('order ids the spec allows', () => {
	it('runs order_new for /orders/M8CXTB1-2/ and reads exactly that order, as GET /orders/{id_order}', async () => {
		await bed.newOrder('M8CXTB1-2');
		const host = await bed.activeHost({ options: { fetchResource: true } });
		bed.sandbox.control.clearRequests();

		const response = await bed.post(host, bed.signed(host, notification({ resource: '/orders/M8CXTB1-2/' })));

		expect(response.status).toBe(200);
		expect(host.executions[0].items[0]).toMatchObject({ id_order: 'M8CXTB1-2', data: { id_order: 'M8CXTB1-2' } });
		expect(bed.reads().map((read) => [read.rawUrl, read.signatureValid])).toEqual([['/api/v1/orders/M8CXTB1-2', true]]);
	});

	it.each([
		['/orders/M8CXTB1-2', 'M8CXTB1-2', '/orders/M8CXTB1-2'],
		['/orders/m8c_x~1/', 'm8c_x~1', '/orders/m8c_x~1'],
		['/orders/M8C.X1/', 'M8C.X1', '/orders/M8C.X1'],
		['/orders/..M8/', '..M8', '/orders/..M8'],
		['/orders/AB%20C/', 'AB C', '/orders/AB%20C'],
		['/orders/%4D8CX/', 'M8CX', '/orders/M8CX'],
		['/orders/A+B=C/', 'A+B=C', '/orders/A%2BB%3DC'],
		['/orders/B%C3%A4R/', 'BäR', '/orders/B%C3%A4R'],
	])('accepts %p as order %p and reads %p', async (resource, idOrder, read) => {
		await bed.newOrder(idOrder);
		const host = await bed.activeHost({ options: { fetchResource: true } });
		bed.sandbox.control.clearRequests();
		expect((await bed.post(host, bed.signed(host, notification({ resource })))).status).toBe(200);
		expect(host.executions[0].items[0]).toMatchObject({ id_order: idOrder, data: { id_order: idOrder } });
		expect(bed.reads().map((r) => r.rawUrl)).toEqual([`/api/v1${read}`]);
	});

	it('takes order-unit, return and unit ids as the integers the spec says they are', async () => {
		const host = await bed.activeHost({ events: ['order_unit_status_changed'] });
		expect(
			(
				await bed.post(
					host,
					bed.signed(
						host,
						notification({ event_name: 'order_unit_status_changed', resource: '/order-units/9007199254740991/' }),
					),
				)
			).status,
		).toBe(200);
		expect(host.executions[0].items[0]).toMatchObject({ id_order_unit: 9007199254740991 });
		expect(
			(
				await bed.post(
					host,
					bed.signed(
						host,
						notification({ event_name: 'order_unit_status_changed', resource: '/order-units/9007199254740992/' }),
					),
				)
			).status,
		).toBe(400);
	});

	it('the sandbox places orders with such ids too, and their events run end to end', async () => {
		const host = await bed.activeHost({ options: { fetchResource: true } });
		const ids: string[] = [];
		for (let i = 0; i < 4; i++) ids.push((await bed.sandbox.control.createOrder()).order.id_order);
		await bed.sandbox.control.flushNotifications();
		const dashed = ids.filter((id) => /^M[0-9A-Z]+-\d$/.test(id));
		expect(dashed.length).toBeGreaterThan(0);
		const orders = host.executions.map((execution) => execution.items[0]);
		for (const id of dashed)
			expect(orders).toContainEqual(
				expect.objectContaining({ id_order: id, data: expect.objectContaining({ id_order: id }) }),
			);
		expect(
			bed.sandbox.control
				.deliveries()
				.filter((delivery) => delivery.kind === 'event')
				.every((delivery) => delivery.ok),
		).toBe(true);
	});
});

describe('resources that could change the path or the host', () => {
	it.each([
		'/orders/./',
		'/orders/../',
		'/orders/.../',
		'/orders/%2e/',
		'/orders/%2E%2E/',
		'/orders/.%2e/',
		'/orders/A%2FB/',
		'/orders/A%2fB/',
		'/orders/A%5CB/',
		'/orders/A\\B/',
		'/orders//A/',
		'/orders/A//',
		'//orders/A/',
		'/orders/A@evil.example/',
		'/orders/A%40evil.example/',
		'/orders/A:B/',
		'/orders/http%3A%2F%2Fevil.example/',
		'/orders/A?x=1/',
		'/orders/A%3Fx=1/',
		'/orders/A#x/',
		'/orders/A%23x/',
		'/orders/A;x=1/',
		'/orders/A%00/',
		'/orders/A%0D%0AHost:%20evil/',
		'/orders/A%7F/',
		'/orders/A%C2%85/',
		'/orders/A%252e/',
		'/orders/%252e%252e/',
		'/orders/%EF%BC%8E%EF%BC%8E/',
		'/orders/A%EF%BC%8FB/',
		'/orders/A%ZZ/',
		'/orders/A%E0%A4/',
		'/orders/A B/',
		'/orders/AΩ/',
		`/orders/${'A'.repeat(201)}/`,
		'/order-units/0/',
		'/order-units/007/',
		'/order-units/1e5/',
		'/order-units/-1/',
		'/order-units/12a/',
		'/subscriptions/1/',
		'/orders/A/B/',
	])('refuses %p with 400 even when correctly signed, and reads nothing', async (resource) => {
		const host = await bed.activeHost({
			events: ['order_new', 'order_unit_status_changed'],
			options: { fetchResource: true },
		});
		bed.sandbox.control.clearRequests();
		const eventName = resource.startsWith('/order-units/') ? 'order_unit_status_changed' : 'order_new';
		const response = await bed.post(host, bed.signed(host, notification({ event_name: eventName, resource })));
		expect(response.status).toBe(400);
		expect(host.executions).toEqual([]);
		expect(bed.reads()).toEqual([]);
	});
});
