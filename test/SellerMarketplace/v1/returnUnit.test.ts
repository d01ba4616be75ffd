/** Return Unit: accept, reject, repair, clarify, list and read, run through n8n-core against the sandbox. */
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	// two units a page, so the seeded return units take more than one page
	sandbox = await startStrictSandbox({ pageLimits: { '/return-units/seller/': 2 } });
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const returnUnits = () => sandbox.control.db.returnUnits;
const publicUnit = (record: (typeof sandbox.control.db.returnUnits)[number]) =>
	Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith('_')));

/** A seeded return unit whose parcel has arrived, so the seller can decide on it. */
function arrivedUnit() {
	const unit = returnUnits()[0];
	sandbox.control.setStatus('returnUnits', unit.id_return_unit, 'return_arrived');
	sandbox.control.clearRequests();
	return unit;
}

describe('Return Unit → Accept, Reject, Repair, Clarify', () => {
	it.each([
		['accept', {}, undefined, 'return_accepted'],
		['repair', {}, undefined, 'return_in_repair'],
		[
			'reject',
			{ message: 'The seal is broken: opened and used.' },
			{ message: 'The seal is broken: opened and used.' },
			'return_rejected',
		],
		[
			'clarify',
			{ message: 'Which accessories were in the parcel?' },
			{ message: 'Which accessories were in the parcel?' },
			'return_in_clarification',
		],
	])(
		'%s sends PATCH /return-units/{id}/%s/ and outputs success with the unit ID',
		async (operation, fields, body, status) => {
			const unit = arrivedUnit();
			const run = await runSellerNode(credentials, {
				parameters: { resource: 'returnUnit', operation, returnUnitId: String(unit.id_return_unit), ...fields },
			});
			expect(run.error).toBeUndefined();
			expect(requests()).toHaveLength(1);
			expect(requests()[0]).toMatchObject({
				method: 'PATCH',
				path: `/return-units/${unit.id_return_unit}/${operation}/`,
				query: {},
				status: 204,
				signatureValid: true,
			});
			if (body) expect(requests()[0].json).toEqual(body);
			else expect(requests()[0].body).toBe('');
			expect(run.items.map((item) => item.json)).toEqual([{ success: true, id_return_unit: unit.id_return_unit }]);
			expect(unit.status).toBe(status);
		},
	);

	it.each([
		['reject', { message: '   ' }, '"Message" is required and cannot be empty [item 0]'],
		['reject', { message: '={{ $json.reason }}' }, '"Message" is required and cannot be empty [item 0]'],
		['clarify', { message: '={{ $json.missing }}' }, '"Message" is required and cannot be empty [item 0]'],
		['accept', { returnUnitId: '={{ $json.missing }}' }, '"Return Unit" is required and cannot be empty [item 0]'],
		['repair', { returnUnitId: '7 8' }, '"Return Unit" must be a positive whole number, but it is "7 8" [item 0]'],
	])('%s with %j is refused before anything is sent', async (operation, fields, message) => {
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'returnUnit',
				operation,
				returnUnitId: String(returnUnits()[0].id_return_unit),
				...fields,
			},
			items: [{ json: { reason: '' } }],
		});
		expect(run.error?.message).toBe(message);
		expect(requests()).toHaveLength(0);
	});

	it.each(['reject', 'clarify'])('n8n itself refuses %s with the message left empty in the form', async (operation) => {
		await expect(
			runSellerNode(credentials, {
				parameters: {
					resource: 'returnUnit',
					operation,
					returnUnitId: String(returnUnits()[0].id_return_unit),
					message: '',
				},
			}),
		).rejects.toThrow('Parameter "Message" is required');
		expect(requests()).toHaveLength(0);
	});

	it('an unknown return unit is reported as not found, naming the ID', async () => {
		const unknownId = Math.max(...returnUnits().map((unit) => unit.id_return_unit)) + 1000;
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'returnUnit', operation: 'accept', returnUnitId: String(unknownId) },
		});
		expect(run.error?.message).toBe(`Could not accept returned unit ${unknownId}: it was not found`);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/return-units/${unknownId}/accept/`,
			status: 404,
			signatureValid: true,
		});
	});
});

describe('Return Unit → Get Many', () => {
	it('Return All reads every page', async () => {
		expect(returnUnits().length).toBeGreaterThan(2);
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'returnUnit', operation: 'getMany', returnAll: true },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.id_return_unit).sort()).toEqual(
			returnUnits()
				.map((unit) => unit.id_return_unit)
				.sort(),
		);
		expect(run.items.map((item) => item.json)).toContainEqual(publicUnit(returnUnits()[0]));
		expect(requests().length).toBeGreaterThan(1);
		for (const request of requests())
			expect(request).toMatchObject({
				method: 'GET',
				path: '/return-units/seller/',
				status: 200,
				signatureValid: true,
			});
	});

	it('Limit stops after the given number of units', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'returnUnit', operation: 'getMany', returnAll: false, limit: 1 },
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(1);
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/return-units/seller/',
			query: { limit: '1', offset: '0' },
			signatureValid: true,
		});
	});

	it('sends the status, date and sort filters', async () => {
		const unit = arrivedUnit();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'returnUnit',
				operation: 'getMany',
				returnAll: true,
				filters: { status: ['return_arrived', 'return_in_repair'], createdFrom: '2001-02-03T04:05:06' },
				options: { sort: 'ts_created:asc' },
			},
		});
		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/return-units/seller/',
			query: {
				status: 'return_arrived,return_in_repair',
				'ts_created:from': '2001-02-03 04:05:06',
				sort: 'ts_created:asc',
				limit: '30',
				offset: '0',
			},
			signatureValid: true,
		});
		const expected = returnUnits().filter((record) => ['return_arrived', 'return_in_repair'].includes(record.status));
		expect(run.items.map((item) => item.json.id_return_unit).sort()).toEqual(
			expected.map((record) => record.id_return_unit).sort(),
		);
		expect(run.items.map((item) => item.json.id_return_unit)).toContain(unit.id_return_unit);
	});
});

describe('Return Unit → Get', () => {
	it('reads one unit with the related data asked for', async () => {
		const unit = returnUnits()[1];
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'returnUnit',
				operation: 'get',
				returnUnitId: String(unit.id_return_unit),
				embedded: ['return', 'order_unit'],
			},
		});
		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/return-units/${unit.id_return_unit}/`,
			query: { embedded: 'return,order_unit' },
			signatureValid: true,
		});
		const json = run.items[0].json;
		expect(json).toMatchObject(publicUnit(unit));
		expect(json.return).toMatchObject({ id_return: unit.id_return });
		expect(json.order_unit).toMatchObject({ id_order_unit: unit.id_order_unit });
	});

	it('without Include it reads the plain unit', async () => {
		const unit = returnUnits()[0];
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'returnUnit', operation: 'get', returnUnitId: String(unit.id_return_unit) },
		});
		expect(run.error).toBeUndefined();
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/return-units/${unit.id_return_unit}/`,
			query: {},
			signatureValid: true,
		});
		expect(run.items.map((item) => item.json)).toEqual([publicUnit(unit)]);
	});

	it('an unknown return unit is reported as not found', async () => {
		const unknownId = Math.max(...returnUnits().map((unit) => unit.id_return_unit)) + 1000;
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'returnUnit', operation: 'get', returnUnitId: String(unknownId) },
		});
		expect(run.error?.message).toBe(`Could not get returned unit ${unknownId}: it was not found`);
		expect(requests()[0]).toMatchObject({ path: `/return-units/${unknownId}/`, status: 404 });
	});
});
