/**
 * The version 2 poll trigger in the real n8n, published as the editor does it (REST): it polls the API v2
 * order list at once, signed, and starts no execution for the orders that were already there. Part of the
 * smoke e2e/compat.sh runs on other n8n versions, with v2-order-workflow (the push trigger).
 */
import { PACKAGE_NAME } from '../lib/runtime';
import { connect } from '../setup/state';
import { V2_CREDENTIAL, V2_CREDENTIAL_TYPE } from '../workflows-v2';

const { n8n, sandbox } = connect();
let workflowId = '';

beforeAll(async () => {
	const created = await n8n.rest<{ id: string }>('POST', '/workflows', {
		name: 'e2e: v2 poll trigger, new orders',
		nodes: [
			{
				id: '0e2e0000-0000-4000-8000-00000000f021',
				name: 'New order (polling, v2)',
				type: `${PACKAGE_NAME}.sellerMarketplacePollTrigger`,
				typeVersion: 2,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyHour' }] }, event: 'orderNew', options: {} },
				credentials: { [V2_CREDENTIAL_TYPE]: { id: V2_CREDENTIAL.id, name: V2_CREDENTIAL.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		// n8n 1.x stores `active` as given and refuses a workflow without it
		...(n8n.isN8n1 ? { active: false } : {}),
	});
	if (created.status !== 200)
		throw new Error(`saving the workflow failed: HTTP ${created.status} ${JSON.stringify(created.raw)}`);
	workflowId = created.data.id;
});

afterAll(async () => {
	if (workflowId) await n8n.deactivate(workflowId).catch(() => undefined);
});

test('publishing polls the v2 order list at once, signed, and the orders already there start nothing', async () => {
	const mark = await sandbox.lastSeq();
	await n8n.activate(workflowId);

	const polls = (await sandbox.requestsSince(mark)).filter(
		(r) => r.api === 'v2' && r.method === 'GET' && r.path === '/orders',
	);
	expect(polls.length).toBeGreaterThanOrEqual(1);
	expect(polls.map((r) => [r.status, r.signatureValid])).toEqual(polls.map(() => [200, true]));
	expect((await n8n.executions({ workflowId })).filter((execution) => execution.mode === 'trigger')).toEqual([]);
});
