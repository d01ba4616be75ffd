/**
 * Issue 11, items 9 and 10: writes whose answer is lost.
 * - A create or a refund that may already have been applied (a 5xx, or a connection that broke after the
 *   request went out) is not repeated, and the error says so plainly and how to check, instead of
 *   "Try again later" (which would refund twice).
 * - A state change (send, cancel, close, accept...) retried after a lost answer finds the change already
 *   made (409). It reads the record back; when it is in the state asked for, the item succeeds with
 *   `alreadyApplied: true` instead of failing.
 */
import { runSellerNode, type SellerCredentials } from '../harness/workflow';
import { startFaultProxy, type FaultProxy } from './proxy';
import { useSandbox } from '../harness/sandbox';
import { budget } from '../budget';

const env = useSandbox({}, { resetEachTest: false });
let proxy: FaultProxy;
/** The sandbox's keys, with the proxy in front of it as Base URL. */
let credentials: SellerCredentials;

beforeAll(async () => {
	proxy = await startFaultProxy(env.sandbox().baseUrl);
	credentials = { ...env.credentials(), baseUrl: proxy.baseUrl };
});
afterAll(async () => await proxy.close());
beforeEach(() => {
	env.sandbox().control.reset();
	proxy.seen.splice(0);
});

const byId = (value: number | string) => ({ __rl: true, mode: 'id', value: String(value) });
const seen = () => proxy.seen.map((request) => `${request.method} ${request.path}`);
const unitsIn = (status: string) =>
	env.sandbox().control.db.orderUnits.filter((unit) => !unit._fulfilled_by_marketplace && unit.status === status);

describe('a create or refund that may have been applied says so, and how to check (item 9)', () => {
	it('a refund answered with a 503 is not repeated, and the error does not say "try again"', async () => {
		const unit = unitsIn('sent')[0];
		env.sandbox().control.addFault({
			method: 'PATCH',
			path: `/order_units/${unit.id_order_unit}/refund/`,
			kind: 'status',
			status: 503,
			times: 1,
		});
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderUnit',
				operation: 'refund',
				orderUnitId: byId(unit.id_order_unit),
				amount: 500,
				reason: 'delivery_delay',
			},
		});
		expect(seen()).toEqual([`PATCH /order_units/${unit.id_order_unit}/refund/`]);
		expect(run.error?.message).toBe(
			`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the marketplace had a server error (503)`,
		);
		expect(run.error?.description).not.toMatch(/try again/i);
		expect(run.error?.description).toContain(
			`It was sent once and not repeated, so it cannot have been applied twice.`,
		);
		expect(run.error?.description).toContain(`order unit ${unit.id_order_unit}`);
	});

	it('a refund whose answer is lost after the marketplace applied it: one refund, and an error that says it may be applied', async () => {
		const unit = unitsIn('sent')[0];
		proxy.add({ method: 'PATCH', path: `/order_units/${unit.id_order_unit}/refund/`, action: 'loseAnswer' });
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderUnit',
				operation: 'refund',
				orderUnitId: byId(unit.id_order_unit),
				amount: 500,
				reason: 'delivery_delay',
			},
		});
		expect(unit._refunds.map((refund) => refund.amount)).toEqual([500]);
		expect(seen()).toEqual([`PATCH /order_units/${unit.id_order_unit}/refund/`]);
		expect(run.error?.message).toBe(
			`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the connection was reset`,
		);
		expect(run.error?.description).toContain(`order unit ${unit.id_order_unit}`);
		expect(run.error?.description).not.toMatch(/try again later/i);
	});

	it.each([
		[
			'Unit (Offer) → Create',
			'/units/',
			() => ({
				resource: 'unit',
				operation: 'create',
				identifyBy: 'ean',
				ean: String(env.sandbox().control.db.items[3].eans[0]),
				condition: 'new',
				listingPrice: 1999,
				amount: 3,
			}),
			'Unit (Offer) → Get Many',
		],
		[
			'Ticket → Open',
			'/tickets/',
			() => ({
				resource: 'ticket',
				operation: 'open',
				orderUnitIds: String(unitsIn('sent')[0].id_order_unit),
				reason: 'product_defect',
				message: 'Please check the package',
			}),
			'Ticket → Get Many',
		],
	])('%s whose answer is lost names the operation to check with', async (_name, path, parameters, check) => {
		proxy.add({ method: 'POST', path, action: 'loseAnswer' });
		const run = await runSellerNode(credentials, { parameters: parameters() });
		expect(seen()).toEqual([`POST ${path}`]);
		expect(run.error?.message).toMatch(
			/^The request to (create a unit for EAN \d+|open a ticket) may or may not have been applied: the connection was reset$/,
		);
		expect(run.error?.description).toContain(check);
	});
});

describe('a state change retried after a lost answer that finds it done succeeds (item 10)', () => {
	it('Order Unit → Send: the unit was sent, the item succeeds with alreadyApplied', async () => {
		const unit = unitsIn('need_to_be_sent')[0];
		const path = `/order-units/${unit.id_order_unit}/send/`;
		proxy.add({ method: 'PATCH', path, action: 'loseAnswer' });
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId(unit.id_order_unit),
				carrierCode: 'DHL',
				trackingNumber: '00340434161094042557',
			},
		});
		expect(run.error).toBeUndefined();
		expect(unit.status).toBe('sent');
		expect(seen()).toEqual([`PATCH ${path}`, `PATCH ${path}`, `GET /order-units/${unit.id_order_unit}/`]);
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				alreadyApplied: true,
				id_order_unit: unit.id_order_unit,
				carrier_code: 'DHL',
				tracking_number: '00340434161094042557',
			},
		]);
	});

	it(
		'120 units sent while every fourth answer is lost: all 120 reported sent, none failed',
		async () => {
			const units = [];
			for (let i = 0; i < 30; i++)
				units.push(
					...(
						await env
							.sandbox()
							.control.createOrder({ units: [{ id_unit: env.sandbox().control.db.units[i % 5].id_unit, quantity: 4 }] })
					).orderUnits,
				);
			units.forEach((unit, index) => {
				if (index % 4 === 0)
					proxy.add({ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/send/`, action: 'loseAnswer' });
			});
			const run = await runSellerNode(credentials, {
				parameters: {
					resource: 'orderUnit',
					operation: 'send',
					orderUnitId: byId('={{ $json.id }}'),
					carrierCode: 'DHL',
					trackingNumber: '={{ "T" + $json.id }}',
				},
				items: units.map((unit) => ({ json: { id: unit.id_order_unit } })),
				continueOnFail: true,
			});
			expect(run.items.filter((item) => item.json.error)).toEqual([]);
			expect(run.items.filter((item) => item.json.success === true)).toHaveLength(120);
			expect(run.items.filter((item) => item.json.alreadyApplied === true)).toHaveLength(30);
			const sent = new Set(unitsIn('sent').map((unit) => unit.id_order_unit));
			expect(units.filter((unit) => !sent.has(unit.id_order_unit))).toEqual([]);
		},
		budget(60_000),
	);

	it.each([
		[
			'Order Unit → Cancel',
			() => unitsIn('need_to_be_sent')[0],
			(id: number) => ({ resource: 'orderUnit', operation: 'cancel', orderUnitId: byId(id), reason: 'NoInventory' }),
			(id: number) => `/order-units/${id}/cancel/`,
			(id: number) => `/order-units/${id}/`,
		],
	])('%s', async (_name, pick, parameters, path, readBack) => {
		const { id_order_unit: id } = pick();
		proxy.add({ method: 'PATCH', path: path(id), action: 'loseAnswer' });
		const run = await runSellerNode(credentials, { parameters: parameters(id) });
		expect(run.error).toBeUndefined();
		expect(seen()).toEqual([`PATCH ${path(id)}`, `PATCH ${path(id)}`, `GET ${readBack(id)}`]);
		expect(run.items[0].json).toMatchObject({ success: true, alreadyApplied: true });
	});

	it('Ticket → Close and Return Unit → Accept', async () => {
		const ticket = env.sandbox().control.db.tickets.find((candidate) => candidate.status === 'opened')!;
		proxy.add({ method: 'PATCH', path: `/tickets/${ticket.id_ticket}/close/`, action: 'loseAnswer' });
		const closed = await runSellerNode(credentials, {
			parameters: { resource: 'ticket', operation: 'close', ticketId: byId(ticket.id_ticket) },
		});
		expect(closed.error).toBeUndefined();
		expect(closed.items[0].json).toMatchObject({ success: true, alreadyApplied: true, id_ticket: ticket.id_ticket });

		const returnUnit = env.sandbox().control.db.returnUnits[0];
		env.sandbox().control.setStatus('returnUnits', returnUnit.id_return_unit, 'return_arrived');
		proxy.add({ method: 'PATCH', path: `/return-units/${returnUnit.id_return_unit}/accept/`, action: 'loseAnswer' });
		const accepted = await runSellerNode(credentials, {
			parameters: { resource: 'returnUnit', operation: 'accept', returnUnitId: String(returnUnit.id_return_unit) },
		});
		expect(accepted.error).toBeUndefined();
		expect(accepted.items[0].json).toMatchObject({
			success: true,
			alreadyApplied: true,
			id_return_unit: returnUnit.id_return_unit,
		});
		expect(returnUnit.status).toBe('return_accepted');
	});

	it('Unit (Offer) → Delete: a retry that finds the offer gone (404) succeeds', async () => {
		const unit = env.sandbox().control.db.units[0];
		const path = `/units/${unit.id_unit}/`;
		proxy.add({ method: 'DELETE', path, action: 'loseAnswer' });
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'unit', operation: 'delete', unitId: String(unit.id_unit) },
		});
		expect(run.error).toBeUndefined();
		expect(seen()).toEqual([`DELETE ${path}`, `DELETE ${path}`]);
		expect(run.items[0].json).toEqual({ deleted: true, alreadyApplied: true });
		expect(env.sandbox().control.db.units.some((candidate) => candidate.id_unit === unit.id_unit)).toBe(false);
	});

	it('a retry that finds the record in another state is still an error, and says an earlier attempt may have reached the marketplace', async () => {
		const unit = unitsIn('need_to_be_sent')[0];
		const path = `/order-units/${unit.id_order_unit}/send/`;
		// The first answer is lost, and meanwhile the unit was cancelled: the retry's 409 is a real refusal.
		proxy.add({
			method: 'PATCH',
			path,
			action: (_request, response) => {
				env.sandbox().control.setStatus('orderUnits', unit.id_order_unit, 'cancelled');
				response.socket?.destroy();
			},
		});
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId(unit.id_order_unit),
				carrierCode: 'DHL',
				trackingNumber: '1',
			},
		});
		expect(run.error?.httpCode).toBe('409');
		expect(run.error?.description).toContain(
			'An earlier attempt of this request failed after it was sent (the connection was reset)',
		);
		expect(seen()).toEqual([`PATCH ${path}`, `PATCH ${path}`, `GET /order-units/${unit.id_order_unit}/`]);
	});

	it('a read retried after a lost answer that finds nothing is a plain "not found" (a read applies nothing)', async () => {
		const path = '/order-units/999999/';
		proxy.add({ method: 'GET', path, action: 'loseAnswer' });
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'orderUnit', operation: 'get', orderUnitId: byId(999999) },
		});
		expect(seen()).toEqual([`GET ${path}`, `GET ${path}`]);
		expect(run.error?.message).toBe('Could not get order unit 999999: it was not found');
		expect(run.error?.description).not.toMatch(/earlier attempt/);
	});

	it('a unit already sent before the run (409 on the first attempt) is still reported, not taken as done', async () => {
		const unit = unitsIn('sent')[0];
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId(unit.id_order_unit),
				carrierCode: 'DHL',
				trackingNumber: '1',
			},
		});
		expect(run.error?.httpCode).toBe('409');
		expect(seen()).toEqual([`PATCH /order-units/${unit.id_order_unit}/send/`]);
	});
});
