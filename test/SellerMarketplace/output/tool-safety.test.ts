/**
 * AI Tool Safety, through n8n-core running a workflow: an agent with a scripted model (the stand-in for n8n's AI
 * Agent 3, whose tool calls the engine runs as node executions) uses Seller Marketplace nodes as tools against the
 * sandbox. Reads run and reach the sandbox; a write the seller has not listed sends nothing and the agent reads
 * why; buyers' personal data is absent from what the agent reads unless the seller keeps it. The same guard on
 * the LangChain path (n8n-core's tool wrapper, as AI Agent 2 and the tool-calling nodes invoke a tool), and a
 * workflow that runs the node itself is unchanged.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type OrderUnit, type Sandbox } from '../../../sandbox';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import {
	nodeTypes,
	PACKAGE,
	runSellerAgent,
	runSellerNodeV2,
	runSellerTool,
	type SellerCredentials,
	type SellerCredentialsV2,
} from '../../harness/workflow';

let sandbox: Sandbox;
let v1: SellerCredentials;
let v2: SellerCredentialsV2;

beforeAll(async () => {
	sandbox = await startSandbox();
	v1 = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
	v2 = {
		clientKey: sandbox.clientKey,
		secretKey: sandbox.secretKey,
		baseUrl: sandbox.v2BaseUrl,
		storefront: 'de',
		userAgent: DEFAULT_USER_AGENT,
	};
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests().map(({ method, path }) => ({ method, path }));
const orderUnits = () => sandbox.control.db.orderUnits as OrderUnit[];
const unitToCancel = (): OrderUnit => {
	const unit = orderUnits().find(
		(candidate) => candidate.status === 'need_to_be_sent' && !candidate._fulfilled_by_marketplace,
	);
	if (!unit) throw new Error('the seed has no order unit waiting to be sent');
	return unit;
};

/** The agent fills in the order unit (`$fromAI`), as a seller's tool is set up. */
const fromAgent = (key: string, description: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ $fromAI('${key}', '${description}', 'number') }}`,
});
const getOrderUnit = (extra: IDataObject = {}) => ({
	resource: 'orderUnit',
	operation: 'get',
	orderUnitId: fromAgent('order_unit_id', 'The ID of the order unit'),
	...extra,
});
const cancelOrderUnit = (extra: IDataObject = {}) => ({
	resource: 'orderUnit',
	operation: 'cancel',
	orderUnitId: fromAgent('order_unit_id', 'The ID of the order unit'),
	reason: 'NoInventory',
	...extra,
});
const getOrder = (extra: IDataObject = {}) => ({
	resource: 'order',
	operation: 'get',
	orderId: { __rl: true, mode: 'id', value: "={{ $fromAI('order_id', 'The ID of the order', 'string') }}" },
	output: 'raw',
	...extra,
});

/** The reads of version 2 as AI Tool Safety lists them by default, plus `writes`. */
const readsAnd = (...writes: string[]) => [
	'orderUnit.get',
	'orderUnit.getMany',
	'order.get',
	'order.getMany',
	...writes,
];

/** Every value of a buyer's personal data the sandbox holds for an order unit, to look for in what the agent read. */
function personalValuesOf(unit: OrderUnit): string[] {
	const values = [unit.buyer.email];
	for (const address of [unit.billing_address, unit.shipping_address]) {
		const { first_name, last_name, street, postcode, city, phone } = address as unknown as IDataObject;
		values.push(...([first_name, last_name, street, postcode, city, phone].filter(Boolean) as string[]));
	}
	return values.filter((value) => typeof value === 'string' && value.length > 2);
}

describe('an agent with a scripted model, the tools run by the engine (AI Agent 3)', () => {
	it('a read runs and reaches the sandbox; a write not listed sends nothing, and the agent reads why', async () => {
		const unit = unitToCancel();
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { get_order_unit: getOrderUnit(), cancel_order_unit: cancelOrderUnit() },
			script: [
				[{ tool: 'get_order_unit', args: { order_unit_id: unit.id_order_unit } }],
				[{ tool: 'cancel_order_unit', args: { order_unit_id: unit.id_order_unit } }],
			],
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([{ method: 'GET', path: `/order-units/${unit.id_order_unit}` }]);
		expect(run.read.map(({ tool, node }) => ({ tool, node }))).toEqual([
			{ tool: 'get_order_unit', node: 'get_order_unit' },
			{ tool: 'cancel_order_unit', node: 'cancel_order_unit' },
		]);
		const [read, write] = run.read;
		expect(read.answer).toEqual([
			expect.objectContaining({ id_order_unit: unit.id_order_unit, status: 'need_to_be_sent' }),
		]);
		expect(write.error).toBeUndefined();
		expect(write.answer).toEqual([
			{
				refused: true,
				message:
					"Not allowed: the seller has not allowed this AI agent to use Order Unit → Cancel (this write is not in the tool's AI Tool Safety list). Tell the user that a person has to do it, or has to allow it. Nothing was sent to the marketplace.",
			},
		]);
		expect(orderUnits().find(({ id_order_unit }) => id_order_unit === unit.id_order_unit)?.status).toBe(
			'need_to_be_sent',
		);
	});

	it('a refused write alone: the sandbox receives no request at all', async () => {
		const unit = unitToCancel();
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { cancel_order_unit: cancelOrderUnit() },
			script: [[{ tool: 'cancel_order_unit', args: { order_unit_id: unit.id_order_unit } }]],
		});

		expect(run.error).toBeUndefined();
		expect(sandbox.control.requests()).toEqual([]);
		expect(run.read[0].answer).toEqual([expect.objectContaining({ refused: true })]);
	});

	it('a write the seller lists runs: the cancellation reaches the sandbox', async () => {
		const unit = unitToCancel();
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { cancel_order_unit: cancelOrderUnit({ aiToolSafety: readsAnd('orderUnit.cancel') }) },
			script: [[{ tool: 'cancel_order_unit', args: { order_unit_id: unit.id_order_unit } }]],
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([{ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/cancel` }]);
		expect(run.read[0].answer).toEqual([{ success: true, id_order_unit: unit.id_order_unit, reason: 'NoInventory' }]);
		expect(orderUnits().find(({ id_order_unit }) => id_order_unit === unit.id_order_unit)?.status).toBe('cancelled');
	});

	it('a read the seller took off the list is refused too, before anything is sent', async () => {
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { get_order_unit: getOrderUnit({ aiToolSafety: ['order.get'] }) },
			script: [[{ tool: 'get_order_unit', args: { order_unit_id: 1000001 } }]],
		});

		expect(sandbox.control.requests()).toEqual([]);
		expect(run.read[0].answer).toEqual([
			expect.objectContaining({ refused: true, message: expect.stringContaining('Order Unit → Get (this read') }),
		]);
	});

	it('AI Tool Safety written as an expression (which the agent could fill) allows no call', async () => {
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { get_order_unit: getOrderUnit({ aiToolSafety: "={{ $fromAI('allowed') }}" }) },
			script: [[{ tool: 'get_order_unit', args: { order_unit_id: 1000001, allowed: ['orderUnit.get'] } }]],
		});

		expect(sandbox.control.requests()).toEqual([]);
		expect(run.read[0].answer).toEqual([
			expect.objectContaining({ refused: true, message: expect.stringContaining('is an expression') }),
		]);
	});

	it("leaves out buyers' e-mail, names, phone and street addresses of a raw order, the buyer's ID and the country stay", async () => {
		const unit = orderUnits().find((candidate) => candidate.id_order_unit === 1000001)!;
		const personal = personalValuesOf(unit);
		expect(personal.length).toBeGreaterThanOrEqual(7);
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { get_order: getOrder() },
			script: [[{ tool: 'get_order', args: { order_id: unit.id_order } }]],
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([{ method: 'GET', path: `/orders/${unit.id_order}` }]);
		const [order] = run.read[0].answer!;
		const text = JSON.stringify(order);
		for (const value of personal) expect(text).not.toContain(value);
		for (const field of ['email', 'first_name', 'last_name', 'street', 'house_number', 'postcode', 'city', 'phone']) {
			expect(text).not.toContain(`"${field}"`);
		}
		expect(order).toMatchObject({
			id_order: unit.id_order,
			buyer: { id_buyer: unit.buyer.id_buyer },
			billing_address: { country: 'DE' },
			shipping_address: { country: 'DE' },
		});
	});

	it('the seller can keep them: switched off, the agent reads the order as the API sent it', async () => {
		const unit = orderUnits().find((candidate) => candidate.id_order_unit === 1000001)!;
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { get_order: getOrder({ leaveOutPersonalData: false }) },
			script: [[{ tool: 'get_order', args: { order_id: unit.id_order } }]],
		});

		const text = JSON.stringify(run.read[0].answer);
		for (const value of personalValuesOf(unit)) expect(text).toContain(value);
	});

	it('Shipment → Get Shipping Addresses: the address inside each address_data is left out but its type and country', async () => {
		const tool = { resource: 'shipment', operation: 'getAddresses', limit: 5 };
		const script = [[{ tool: 'get_shipping_addresses', args: {} }]];
		const kept = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { get_shipping_addresses: { ...tool, leaveOutPersonalData: false } },
			script,
		});
		const left = await runSellerAgent(v2, { typeVersion: 2.1, tools: { get_shipping_addresses: tool }, script });

		expect(requests()).toEqual([
			{ method: 'GET', path: '/shipping-addresses' },
			{ method: 'GET', path: '/shipping-addresses' },
		]);
		const asSent = kept.read[0].answer!;
		expect(asSent).toHaveLength(5);
		expect(asSent[0]).toMatchObject({ address_data: { data: { first_name: expect.any(String) } } });
		expect(left.read[0].answer).toEqual(
			asSent.map((address) => {
				const { type, data } = address.address_data as { type: string; data: IDataObject };
				const pickup = Object.fromEntries(
					Object.entries(data).filter(([key]) =>
						['country', 'pickup_location_id', 'pickup_location_name', 'dpd_pudo_id', 'dpd_parcel_shop_id'].includes(
							key,
						),
					),
				);
				return { ...address, address_data: { type, data: pickup } };
			}),
		);
	});

	it('the Simplified output loses buyer_name but keeps ship_to_country', async () => {
		const run = await runSellerAgent(v2, {
			typeVersion: 2.1,
			tools: { get_order_unit: getOrderUnit() },
			script: [[{ tool: 'get_order_unit', args: { order_unit_id: 1000001 } }]],
		});

		const [record] = run.read[0].answer!;
		expect(record).not.toHaveProperty('buyer_name');
		expect(record).toMatchObject({ id_order_unit: 1000001, ship_to_country: 'DE' });
	});
});

describe('the LangChain path (n8n-core wraps the node as a tool and invokes it)', () => {
	it.each([
		[1.1, () => v1 as SellerCredentials | SellerCredentialsV2],
		[2.1, () => v2 as SellerCredentials | SellerCredentialsV2],
	])('node version %s: a write not listed sends nothing and answers why', async (typeVersion, credentials) => {
		const unit = unitToCancel();
		const run = await runSellerTool(credentials(), {
			typeVersion,
			parameters: cancelOrderUnit(typeVersion < 2 ? { reason: 'NoInventory' } : {}),
			toolArgs: { order_unit_id: unit.id_order_unit },
		});

		expect(run.error).toBeUndefined();
		expect(sandbox.control.requests()).toEqual([]);
		expect(run.answers[0].answer).toEqual([expect.objectContaining({ refused: true })]);
		expect(run.answers[0].text).toContain('Order Unit → Cancel');
	});

	it('node version 1.1: the raw order unit without the buyer e-mail and addresses', async () => {
		const unit = orderUnits().find((candidate) => candidate.id_order_unit === 1000001)!;
		const run = await runSellerTool(v1, {
			typeVersion: 1.1,
			parameters: getOrderUnit({ output: 'raw' }),
			toolArgs: { order_unit_id: 1000001 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([{ method: 'GET', path: '/order-units/1000001/' }]);
		for (const value of personalValuesOf(unit)) expect(run.answers[0].text).not.toContain(value);
		expect(run.answers[0].answer).toEqual([
			expect.objectContaining({ id_order_unit: 1000001, shipping_address: { country: 'DE' } }),
		]);
	});
});

describe('the form', () => {
	const toolForm = (version: number) =>
		nodeTypes().getByNameAndVersion(`${PACKAGE}.sellerMarketplaceTool`, version).description.properties;

	it('version 2.1 lists every operation, each read allowed by default and no write; versions 2 and 1 have no setting', () => {
		const setting = toolForm(2.1).find((property) => property.name === 'aiToolSafety')!;
		const options = setting.options as Array<{ name: string; value: string }>;
		const writes = options.filter((option) => option.name.endsWith('(Write)')).map((option) => option.value);
		expect([...(setting.default as string[])].sort()).toEqual(
			options
				.filter((option) => !writes.includes(option.value))
				.map((option) => option.value)
				.sort(),
		);
		expect(writes).toEqual(expect.arrayContaining(['orderUnit.cancel', 'orderUnit.refund', 'ticket.sendMessage']));
		expect(setting.default).toEqual(
			expect.arrayContaining(['order.get', 'report.download', 'category.suggest', 'unit.getStatus']),
		);
		expect(setting.default).not.toEqual(expect.arrayContaining(['report.request']));
		expect(setting.displayOptions).toEqual({ show: { '@tool': [true] } });
		for (const version of [1, 2]) {
			expect(toolForm(version).map((property) => property.name)).not.toContain('aiToolSafety');
			expect(toolForm(version).map((property) => property.name)).not.toContain('leaveOutPersonalData');
		}
	});
});

describe('a tool saved with node version 2, from before AI Tool Safety', () => {
	it('runs as released: its write is sent (a new node gets 2.1, which has the setting)', async () => {
		const unit = unitToCancel();
		const run = await runSellerTool(v2, {
			typeVersion: 2,
			parameters: cancelOrderUnit(),
			toolArgs: { order_unit_id: unit.id_order_unit },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([{ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/cancel` }]);
	});
});

describe('a workflow that runs the node itself (not a tool)', () => {
	it('is unchanged: the same settings saved on it neither refuse a write nor leave out data', async () => {
		const unit = unitToCancel();
		const cancel = await runSellerNodeV2(v2, {
			typeVersion: 2.1,
			parameters: {
				resource: 'orderUnit',
				operation: 'cancel',
				orderUnitId: { __rl: true, mode: 'id', value: String(unit.id_order_unit) },
				reason: 'NoInventory',
				aiToolSafety: [],
			},
		});
		expect(cancel.error).toBeUndefined();
		expect(requests()).toEqual([{ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/cancel` }]);

		const read = await runSellerNodeV2(v2, {
			typeVersion: 2.1,
			parameters: {
				resource: 'orderUnit',
				operation: 'get',
				orderUnitId: { __rl: true, mode: 'id', value: '1000001' },
				simple: false,
				leaveOutPersonalData: true,
			},
		});
		const record = orderUnits().find((candidate) => candidate.id_order_unit === 1000001)!;
		expect(read.items[0].json).toMatchObject({ buyer: { email: record.buyer.email } });
	});
});
