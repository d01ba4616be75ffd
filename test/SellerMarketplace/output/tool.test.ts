/**
 * The Seller Marketplace node used by an AI agent as a tool (n8n-core turns it into a LangChain tool and runs it
 * when the agent calls it), node versions 1.1 and 2.1 against the sandbox: Output decides what the agent reads,
 * Simplified by default; Selected Fields that name no field are refused before anything is sent. Buyers' personal
 * data is left out by default (tool-safety.test.ts); the tests of the full records keep it.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { runSellerTool, type SellerCredentials, type SellerCredentialsV2 } from '../../harness/workflow';
import { ORDER_UNIT_1000001 } from './seed';

let sandbox: Sandbox;
let credentials: { 1.1: SellerCredentials; 2.1: SellerCredentialsV2 };

beforeAll(async () => {
	sandbox = await startSandbox();
	credentials = {
		1.1: { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl },
		2.1: {
			clientKey: sandbox.clientKey,
			secretKey: sandbox.secretKey,
			baseUrl: sandbox.v2BaseUrl,
			storefront: 'de',
			userAgent: DEFAULT_USER_AGENT,
		},
	};
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

/** The agent fills in the order unit (`$fromAI`), as a seller's tool would be set up. */
const orderUnitFromAgent = {
	__rl: true,
	mode: 'id',
	value: "={{ $fromAI('order_unit_id', 'The ID of the order unit', 'number') }}",
};
const readOrderUnit = (extra: IDataObject = {}) => ({
	resource: 'orderUnit',
	operation: 'get',
	orderUnitId: orderUnitFromAgent,
	...extra,
});
const toolArgs = { order_unit_id: 1000001 };
const requests = () => sandbox.control.requests();

describe.each([1.1, 2.1] as const)('node version %s as a tool', (typeVersion) => {
	const ordersPath = typeVersion === 1.1 ? '/order-units/1000001/' : '/order-units/1000001';

	it("gives the agent the simplified order unit by default: 10 flat fields (the buyer's name left out), the price with its currency", async () => {
		const run = await runSellerTool(credentials[typeVersion], { typeVersion, parameters: readOrderUnit(), toolArgs });

		expect(run.error).toBeUndefined();
		expect(requests().map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'GET', path: ordersPath }]);
		expect(run.answers).toHaveLength(1);
		const { buyer_name: _left, ...withoutBuyer } = ORDER_UNIT_1000001;
		expect(run.answers[0].answer).toEqual([withoutBuyer]);
		expect(run.answers[0].text).not.toContain('shipping_address');
	});

	it('Raw gives the agent the whole record, addresses and all, where the seller keeps personal data', async () => {
		const run = await runSellerTool(credentials[typeVersion], {
			typeVersion,
			parameters: readOrderUnit({ output: 'raw', leaveOutPersonalData: false }),
			toolArgs,
		});

		expect(run.error).toBeUndefined();
		const [record] = run.answers[0].answer as IDataObject[];
		expect(record).toMatchObject({
			id_order_unit: 1000001,
			price: 10199,
			shipping_address: { last_name: 'Weber', city: 'Stuttgart', country: 'DE' },
		});
	});

	it('Selected Fields gives only the fields picked, including ones Simplified leaves out', async () => {
		const run = await runSellerTool(credentials[typeVersion], {
			typeVersion,
			parameters: readOrderUnit({
				output: 'selected',
				outputFields: ['ship_by', 'id_order_unit', 'ship_to_city'],
				leaveOutPersonalData: false,
			}),
			toolArgs,
		});

		expect(run.error).toBeUndefined();
		expect(run.answers[0].answer).toEqual([
			{ id_order_unit: 1000001, ship_by: '2024-01-06T10:35:39Z', ship_to_city: 'Stuttgart' },
		]);
	});

	it('Selected Fields naming a field the order unit does not have is refused before anything is sent, naming Fields and the item', async () => {
		const run = await runSellerTool(credentials[typeVersion], {
			typeVersion,
			parameters: readOrderUnit({ output: 'selected', outputFields: '={{ ["id_order_unit", "prodct_title"] }}' }),
			toolArgs,
		});

		expect(run.error?.message).toMatch(/"Fields".*"prodct_title".*\[item 0\]/);
		expect(requests()).toEqual([]);
	});

	it('Selected Fields with no field at all is refused before anything is sent, naming Fields and the item', async () => {
		const run = await runSellerTool(credentials[typeVersion], {
			typeVersion,
			parameters: readOrderUnit({ output: 'selected', outputFields: [] }),
			toolArgs,
		});

		expect(run.error?.message).toMatch(/"Fields" needs the name of at least one field of the order unit \[item 0\]/);
		expect(requests()).toEqual([]);
	});
});

it("Get Many as a tool: the agent gets each order unit simplified (without the buyer's name), as many as the limit asks", async () => {
	const run = await runSellerTool(credentials[2.1], {
		typeVersion: 2.1,
		parameters: { resource: 'orderUnit', operation: 'getMany', limit: 3 },
	});

	expect(run.error).toBeUndefined();
	const units = run.answers[0].answer as IDataObject[];
	expect(units).toHaveLength(3);
	for (const unit of units) {
		expect(Object.keys(unit).sort()).toEqual([
			'cancel_reason',
			'created_at',
			'ean',
			'id_offer',
			'id_order',
			'id_order_unit',
			'price',
			'product_title',
			'ship_to_country',
			'status',
		]);
	}
});
