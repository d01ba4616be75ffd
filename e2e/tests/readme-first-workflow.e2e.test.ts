/**
 * Issue 33 item 5: the README's first workflow, exactly its steps (e2e/workflows-v2.ts, readmeFirstWorkflow: the
 * trigger on New Order, Order → Get with Simplify on, n8n's Split Out on `ids_order_units`, Order Unit → Send),
 * published in the real n8n, ships every unit of an order of three units, item by item, with no Code node.
 */
import type { OrderUnit, Subscription } from '../../sandbox/core/types';
import { nodeItems } from '../lib/n8n';
import { connect } from '../setup/state';
import { README_TRACKING_PREFIX, README_WEBHOOK_ID, README_WORKFLOW_ID } from '../workflows-v2';

const { n8n, sandbox } = connect();

// The v1 example is published for the whole run and gets every order too: it stands aside, as a seller following
// the README stops the demo's template first.
const V1_ORDER_WORKFLOW = 'exOrderNewShip01';

beforeAll(async () => {
	await n8n.deactivate(V1_ORDER_WORKFLOW);
	await n8n.activate(README_WORKFLOW_ID);
});

afterAll(async () => {
	await n8n.deactivate(README_WORKFLOW_ID);
	await n8n.activate(V1_ORDER_WORKFLOW);
});

test('publishing subscribes order_new; an order of three units gets 3 of 3 units sent, one item each', async () => {
	const subscriptions = (await sandbox.state<Subscription>('subscriptions')).filter(
		(s) => s.callback_url === n8n.webhookUrl(`${README_WEBHOOK_ID}/webhook`) && s.is_active,
	);
	expect(subscriptions.map((s) => [s.event_name, s._storefront])).toEqual([['order_new', 'de']]);

	const afterId = await n8n.lastExecutionId();
	const mark = await sandbox.lastSeq();
	const { order, orderUnits } = await sandbox.createThreeUnitOrder();

	const [execution] = await n8n.waitForExecutions(README_WORKFLOW_ID, { afterId });
	expect(execution.status).toBe('success');
	const ids = orderUnits.map((u) => u.id_order_unit).sort();
	expect(nodeItems(execution.runData, 'Seller Marketplace')).toEqual([
		expect.objectContaining({ id_order: order.id_order, ids_order_units: expect.arrayContaining(ids) }),
	]);
	expect(
		nodeItems(execution.runData, 'Split Out')
			.map((item) => item.ids_order_units)
			.sort(),
	).toEqual(ids);
	expect(
		nodeItems(execution.runData, 'Seller Marketplace1')
			.map((item) => item.id_order_unit)
			.sort(),
	).toEqual(ids);

	const stored = (await sandbox.state<OrderUnit>('orderUnits')).filter((u) => u.id_order === order.id_order);
	expect(stored.map((u) => [u.id_order_unit, u.status, u._shipment?.tracking_number]).sort()).toEqual(
		ids.map((id) => [id, 'sent', `${README_TRACKING_PREFIX}${id}`]).sort(),
	);
	const sends = (await sandbox.requestsSince(mark)).filter(
		(r) => r.api === 'v2' && r.method === 'PATCH' && /^\/order-units\/\d+\/send$/.test(r.path),
	);
	expect(sends.map((r) => [r.status, r.signatureValid])).toEqual(ids.map(() => [204, true]));
});
