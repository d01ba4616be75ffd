/** Return: create, list (filters, pages, limit) and read, run through n8n-core against the sandbox. */
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	// two returns a page, so the seeded returns take more than one page
	sandbox = await startStrictSandbox({ pageLimits: { '/returns/seller/': 2 } });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const returns = () => sandbox.control.db.returns;
const publicReturn = (record: (typeof sandbox.control.db.returns)[number]) =>
	Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));

/** A new order of two received units, ready to be returned; the control call sends no API request. */
async function receivedOrderUnits(): Promise<number[]> {
	const unit = sandbox.control.db.units[0];
	const { orderUnits } = await sandbox.control.createOrder({
		units: [{ id_unit: unit.id_unit, quantity: 2 }],
		status: 'received',
	});
	sandbox.control.clearRequests();
	return orderUnits.map((orderUnit) => orderUnit.id_order_unit);
}

describe('Return → Create', () => {
	it('sends the order units, reason and note, and outputs the API answer with the new return ID', async () => {
		const ids = await receivedOrderUnits();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'return',
				operation: 'create',
				orderUnitIds: ids.join(', '),
				reason: 'wrong_size',
				note: '  Too small, needs a 44  ',
			},
		});
		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/returns',
			query: {},
			status: 201,
			signatureValid: true,
		});
		expect(requests()[0].json).toEqual({ id_order_unit: ids, reason: 'wrong_size', note: 'Too small, needs a 44' });

		const created = returns()[returns().length - 1];
		expect(
			sandbox.control.db.returnUnits
				.filter((unit) => unit.id_return === created.id_return)
				.map((unit) => unit.id_order_unit),
		).toEqual(ids);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			success: true,
			id: String(created.id_return),
			location: `/returns/${created.id_return}/`,
			id_return: created.id_return,
		});
	});

	it('takes the order unit IDs as an array from an expression', async () => {
		const ids = await receivedOrderUnits();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'return',
				operation: 'create',
				orderUnitIds: '={{ $json.units }}',
				reason: 'defect',
				note: 'Broken on arrival',
			},
			items: [{ json: { units: ids } }],
		});
		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({ method: 'POST', path: '/returns', signatureValid: true });
		expect(requests()[0].json).toEqual({ id_order_unit: ids, reason: 'defect', note: 'Broken on arrival' });
	});

	it.each([
		[
			'a note under 5 characters',
			{ orderUnitIds: '12', note: 'bad ' },
			'"Note" must be at least 5 characters long, but it has 3 [item 0]',
		],
		[
			'an empty note from an expression',
			{ orderUnitIds: '12', note: '={{ $json.note }}' },
			'"Note" is required and cannot be empty [item 0]',
		],
		[
			'a decimal order unit ID',
			{ orderUnitIds: '12, 13.5', note: 'Broken' },
			'"Order Unit IDs" must be positive whole numbers separated by commas, but "13.5" is not [item 0]',
		],
		[
			'order unit IDs that are not numbers',
			{ orderUnitIds: 'abc, 12, -4', note: 'Broken' },
			'"Order Unit IDs" must be positive whole numbers separated by commas, but "abc", "-4" are not [item 0]',
		],
		[
			'no order unit IDs',
			{ orderUnitIds: ' , ', note: 'Broken' },
			'"Order Unit IDs" is required: give at least one ID, e.g. 12345 or 12345, 12346 [item 0]',
		],
	])('%s is refused before anything is sent', async (_case, fields, message) => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'create', reason: 'defect', ...fields },
			items: [{ json: { note: '   ' } }],
		});
		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});

	it('a non-integer in an array from an expression is refused for its item only, before its request', async () => {
		const ids = await receivedOrderUnits();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'return',
				operation: 'create',
				orderUnitIds: '={{ $json.units }}',
				reason: 'defect',
				note: 'Broken',
			},
			items: [{ json: { units: [ids[0]] } }, { json: { units: [ids[1], 'x4'] } }],
		});
		expect(run.error?.message).toBe(
			'"Order Unit IDs" must be positive whole numbers separated by commas, but "x4" is not [item 1]',
		);
		expect(requests()).toHaveLength(1);
		expect(requests()[0].json).toMatchObject({ id_order_unit: [ids[0]] });
	});

	it('n8n itself refuses a note left empty in the form', async () => {
		await expect(
			runSellerNode(credentials, {
				parameters: { resource: 'return', operation: 'create', orderUnitIds: '12', reason: 'defect', note: '' },
			}),
		).rejects.toThrow('Parameter "Note" is required');
		expect(requests()).toHaveLength(0);
	});
});

describe('Return → Get Many', () => {
	it('Return All reads every page', async () => {
		expect(returns().length).toBeGreaterThan(2);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'getMany', returnAll: true },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.id_return).sort()).toEqual(
			returns()
				.map((record) => record.id_return)
				.sort(),
		);
		expect(run.items.map((item) => item.json)).toContainEqual(publicReturn(returns()[0]));
		expect(requests().length).toBeGreaterThan(1);
		for (const request of requests())
			expect(request).toMatchObject({ method: 'GET', path: '/returns/seller/', status: 200, signatureValid: true });
	});

	it('Limit stops after the given number of returns', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'getMany', returnAll: false, limit: 1 },
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(1);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/returns/seller/',
			query: { limit: '1', offset: '0' },
			signatureValid: true,
		});
	});

	it('sends the filters the way the API expects them', async () => {
		const target = returns()[1];
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'return',
				operation: 'getMany',
				returnAll: true,
				filters: {
					status: [target.status, 'label_deleted'],
					trackingCode: ` ${target.tracking_code} `,
					createdFrom: '2000-01-01T00:00:00',
					updatedFrom: '2000-01-02',
				},
				options: { sort: 'ts_updated:asc' },
			},
		});
		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/returns/seller/',
			query: {
				status: `${target.status},label_deleted`,
				tracking_code: target.tracking_code,
				'ts_created:from': '2000-01-01 00:00:00',
				'ts_updated:from': '2000-01-02 00:00:00',
				sort: 'ts_updated:asc',
				limit: '30',
				offset: '0',
			},
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual([publicReturn(target)]);
	});

	it('a date filter that is not a date is refused before anything is sent', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'getMany', returnAll: true, filters: { createdFrom: 'last week' } },
		});
		expect(run.error?.message).toBe(
			'"Created After" must be a date like 2026-11-20 or 2026-11-20 08:30:00, but it is "last week" [item 0]',
		);
		expect(requests()).toHaveLength(0);
	});
});

describe('Return → Get', () => {
	it('reads one return with its units and buyer', async () => {
		const target = returns()[0];
		const units = sandbox.control.db.returnUnits.filter((unit) => unit.id_return === target.id_return);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'get', returnId: String(target.id_return) },
		});
		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/returns/${target.id_return}/`,
			query: { embedded: 'units,buyer' },
			signatureValid: true,
		});
		expect(run.items).toHaveLength(1);
		const json = run.items[0].json;
		expect(json).toMatchObject(publicReturn(target));
		expect(json.buyer).toMatchObject({ id_buyer: target._id_buyer });
		expect(JSON.stringify(json.units)).toContain(`"id_return_unit":${units[0].id_return_unit}`);
	});

	it('without Include it reads the plain return', async () => {
		const target = returns()[2];
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'get', returnId: String(target.id_return), embedded: [] },
		});
		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/returns/${target.id_return}/`,
			query: {},
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual([publicReturn(target)]);
	});

	it('an unknown return is reported as not found, naming the ID', async () => {
		const unknownId = Math.max(...returns().map((record) => record.id_return)) + 1000;
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'return', operation: 'get', returnId: String(unknownId) },
		});
		expect(run.error?.message).toBe(`Could not get return ${unknownId}: it was not found`);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ path: `/returns/${unknownId}/`, status: 404, signatureValid: true });
	});
});
