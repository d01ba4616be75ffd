/**
 * A published trigger through n8n restarts, in a second n8n of its own (own user folder and port, same
 * sandbox): the subscription made at the first start is found again at the next one (node static data
 * and the marketplace's list), not duplicated, and events keep arriving.
 */
import { mkdirSync } from 'fs';
import { join } from 'path';

import type { Subscription } from '../../sandbox/types';
import { N8n, nodeItems } from '../lib/n8n';
import { installTarball } from '../lib/package';
import { runtimePaths } from '../lib/runtime';
import { CREDENTIAL_TYPE, EXAMPLE_CREDENTIAL, sandboxCredential, TRIGGER_TYPE } from '../lib/workflows';
import { connect } from '../setup/state';

const { state, sandbox } = connect();
const WORKFLOW_ID = 'e2eRestartTrig01';
const WEBHOOK_ID = '7a1f0000-0000-4000-8000-00000000e2e2';

const userFolder = join(state.userFolder, 'restart-instance');
const second = new N8n({ runtime: runtimePaths(state.runtimeDir), userFolder, owner: state.owner });

async function subscriptionsFor(url: string): Promise<Subscription[]> {
	return (await sandbox.state<Subscription>('subscriptions')).filter((s) => s.callback_url === url);
}

beforeAll(async () => {
	mkdirSync(userFolder, { recursive: true });
	await installTarball(userFolder, state.tarball);
	await second.importCredentials([sandboxCredential(state.sandbox)]);
	await second.importWorkflows([
		{
			id: WORKFLOW_ID,
			name: 'e2e: trigger through restarts',
			nodes: [
				{
					id: '7a1f0000-0000-4000-8000-0000000000b1',
					name: 'Category events',
					type: TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 0],
					webhookId: WEBHOOK_ID,
					parameters: { events: ['category_changed'], fallbackEmail: 'seller@example.com', options: {} },
					credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
				},
			],
			connections: {},
		},
	]);
	await second.publish(WORKFLOW_ID);
});

afterAll(async () => {
	await second.stop();
});

test('a published trigger keeps one subscription through a restart and still receives events', async () => {
	await second.start({ published: [WORKFLOW_ID] });
	const callbackUrl = second.webhookUrl(`${WEBHOOK_ID}/webhook`);
	const first = await subscriptionsFor(callbackUrl);
	expect(first.map((s) => [s.event_name, s.is_active])).toEqual([['category_changed', true]]);

	await second.stop();
	const mark = await sandbox.lastSeq();
	await second.start({ published: [WORKFLOW_ID] });
	const after = await subscriptionsFor(callbackUrl);
	expect(after.map((s) => s.id_subscription)).toEqual(first.map((s) => s.id_subscription));
	const creates = (await sandbox.requestsSince(mark)).filter((r) => r.method === 'POST' && r.path === '/subscriptions/');
	expect(creates).toEqual([]);

	const afterId = await second.lastExecutionId();
	await sandbox.emitEvent('category_changed', '/categories/21/');
	const [execution] = await second.waitForExecutions(WORKFLOW_ID, { afterId });
	expect(nodeItems(execution.runData, 'Category events')[0]).toMatchObject({ event_name: 'category_changed', id_category: 21 });

	await second.deactivate(WORKFLOW_ID);
	expect(await subscriptionsFor(callbackUrl)).toEqual([]);
});
