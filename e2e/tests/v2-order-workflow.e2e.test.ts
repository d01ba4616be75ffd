/**
 * The API v2 example (examples/order-new-ship-with-tracking.json, the demo's workflow) published in the real
 * n8n: the version 2 trigger subscribes order_new for the de storefront, and a new order is read and its units
 * marked sent with tracking numbers, through signed /v2 requests.
 */
import type { OrderUnit, Subscription } from '../../sandbox/core/types';
import { nodeItems } from '../lib/n8n';
import { connect } from '../setup/state';

const { n8n, sandbox } = connect();

const WORKFLOW_ID = 'exV2OrderNewShp1';
const callbackUrl = n8n.webhookUrl('5e11e400-0de4-4c1e-9a5e-00000000b002/webhook');

// The v1 example, published for the whole run, gets every order too (v1 sees all storefronts) and would ship the
// units first; it stands aside while the v2 workflow handles this order.
const V1_ORDER_WORKFLOW = 'exOrderNewShip01';

beforeAll(async () => {
	await n8n.deactivate(V1_ORDER_WORKFLOW);
});

afterAll(async () => {
	await n8n.deactivate(WORKFLOW_ID);
	await n8n.activate(V1_ORDER_WORKFLOW);
});

test('publishing subscribes order_new on the de storefront through API v2', async () => {
	await n8n.activate(WORKFLOW_ID);
	const subscriptions = (await sandbox.state<Subscription>('subscriptions')).filter(
		(s) => s.callback_url === callbackUrl,
	);
	expect(
		subscriptions.map((s) => ({ event: s.event_name, active: s.is_active, api: s._api, storefront: s._storefront })),
	).toEqual([{ event: 'order_new', active: true, api: 'v2', storefront: 'de' }]);
});

test('a new order is read and each of its units marked sent with carrier and tracking number', async () => {
	const afterId = await n8n.lastExecutionId();
	const mark = await sandbox.lastSeq();
	const { order, orderUnits } = await sandbox.createThreeUnitOrder();

	const [execution] = await n8n.waitForExecutions(WORKFLOW_ID, { afterId });
	expect(execution.status).toBe('success');
	expect(nodeItems(execution.runData, 'New order')[0]).toMatchObject({
		event_name: 'order_new',
		id_order: order.id_order,
		storefront: 'de',
	});
	expect(nodeItems(execution.runData, 'Read order')[0]).toMatchObject({ id_order: order.id_order, storefront: 'de' });
	const tracking = (id: number) => '0034' + String(id).padStart(16, '0');
	expect(
		nodeItems(execution.runData, 'Mark unit sent')
			.map((i) => [i.id_order_unit, i.tracking_numbers, i.carrier_code])
			.sort(),
	).toEqual(orderUnits.map((u) => [u.id_order_unit, tracking(u.id_order_unit), 'DHL']).sort());

	const stored = (await sandbox.state<OrderUnit>('orderUnits')).filter((u) => u.id_order === order.id_order);
	expect(
		stored.map((u) => [u.id_order_unit, u.status, u._shipment?.carrier_code, u._shipment?.tracking_number]).sort(),
	).toEqual(orderUnits.map((u) => [u.id_order_unit, 'sent', 'DHL', tracking(u.id_order_unit)]).sort());
	const requests = (await sandbox.requestsSince(mark)).filter((r) => r.api === 'v2');
	const reads = requests.filter((r) => r.method === 'GET' && r.path === `/orders/${order.id_order}`);
	expect(reads.length).toBeGreaterThanOrEqual(1);
	expect(reads.every((r) => r.signatureValid && r.status === 200)).toBe(true);
	const sends = requests.filter((r) => r.method === 'PATCH' && /^\/order-units\/\d+\/send$/.test(r.path));
	expect(sends.map((r) => [r.status, r.signatureValid, JSON.parse(r.body).carrier_code])).toEqual(
		orderUnits.map(() => [204, true, 'DHL']),
	);
});
