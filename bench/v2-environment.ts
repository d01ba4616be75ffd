/**
 * The one real n8n every API v2 part of the benchmark runs in: the sandbox (in this process, real time), a loopback
 * proxy in front of n8n that times every webhook answer (N8N_WEBHOOK_URL points at it), a loopback stub of GitHub's
 * hooks API, and `n8n start` (SQLite, default settings) with the package installed from its npm tarball and these
 * workflows published:
 *  - paging: a Webhook (answers when the workflow ends) → the package's Get Many order units, Return All (node v2,
 *    defaults), and the same Webhook → n8n's HTTP Request node with pagination, signed by the same credential;
 *  - push: the package's trigger (v2, order_new), n8n's Webhook node, n8n's GitHub Trigger (registered at the stub);
 *  - poll: the package's poll trigger (v2, New Order, every minute), imported but published only by its part.
 */
import type { Sandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
import { startEnvironment } from '../e2e/lib/environment';
import type { CredentialFile, N8n, WorkflowFile } from '../e2e/lib/n8n';
import { freePort, PACKAGE_NAME } from '../e2e/lib/runtime';
import { startWebhookProxy, type WebhookProxy } from '../e2e/lib/webhook-proxy';
import { ACTION_TYPE, TRIGGER_TYPE, type NodeJson } from '../e2e/lib/workflows';
import { v2Credential, V2_CREDENTIAL, V2_CREDENTIAL_TYPE } from '../e2e/workflows-v2';
import { startGithubStub, type GithubStub } from './github-stub';
import { fmt } from './measure';

/** Page size of both readers: the largest GET /order-units allows, what the node asks for. */
export const V2_PAGE_SIZE = 100;
export const STOREFRONT = 'de';

/** The nodes whose execution times add up to the reader's time; the last one's output is the order units. */
export const PAGING = {
	node: { workflowId: 'benchV2PageNode1', path: 'bench-v2-paging-node', nodeNames: ['Read order units'] },
	http: {
		workflowId: 'benchV2PageHttp1',
		path: 'bench-v2-paging-http',
		nodeNames: ['Read order units', 'One item per order unit'],
	},
} as const;

export const PUSH = {
	trigger: {
		workflowId: 'benchV2Trigger01',
		webhookId: '7a1f0000-0000-4000-8000-0000000be6c1',
		nodeName: 'Order events',
		event: 'order_new',
	},
	webhook: {
		workflowId: 'benchV2Webhook01',
		path: 'bench-v2-webhook-peer',
		nodeName: 'Webhook',
		event: 'order_unit_new',
	},
	github: {
		workflowId: 'benchV2Github001',
		webhookId: '7a1f0000-0000-4000-8000-0000000be6e1',
		nodeName: 'Github Trigger',
		event: 'issues',
	},
} as const;

export const POLL = { workflowId: 'benchV2Poll00001', nodeName: 'New order (polling)' } as const;

const GITHUB_CREDENTIAL = { id: 'benchGithubStub1', name: 'GitHub (loopback stub)' };

export interface V2Bench {
	sandbox: Sandbox;
	proxy: WebhookProxy;
	github: GithubStub;
	n8n: N8n;
	n8nVersion: string;
	setupMs: number;
	close(): Promise<void>;
}

const node = (
	id: number,
	name: string,
	type: string,
	typeVersion: number,
	parameters: Record<string, unknown>,
	extra: Partial<NodeJson> = {},
): NodeJson => ({
	id: `7a1f0000-0000-4000-8000-0000000be${String(id).padStart(3, '0')}`,
	name,
	type,
	typeVersion,
	position: [0, 0],
	parameters,
	...extra,
});

const v2Credentials = { [V2_CREDENTIAL_TYPE]: { id: V2_CREDENTIAL.id, name: V2_CREDENTIAL.name } };

/** A Webhook that answers (with no data) once the workflow has run: one POST runs the reader once. */
const startWebhook = (id: number, path: string) =>
	node(
		id,
		'Run',
		'n8n-nodes-base.webhook',
		2.1,
		{ httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'noData', options: {} },
		{ webhookId: `7a1f0000-0000-4000-8000-00000${String(id).padStart(7, '0')}` },
	);

function workflow(id: string, name: string, nodes: NodeJson[]): WorkflowFile {
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

function workflows(v2BaseUrl: string): WorkflowFile[] {
	const pagingNode = workflow(PAGING.node.workflowId, 'bench v2: Return All, the package', [
		startWebhook(601, PAGING.node.path),
		node(
			602,
			PAGING.node.nodeNames[0],
			ACTION_TYPE,
			2,
			{ resource: 'orderUnit', operation: 'getMany', returnAll: true },
			{ credentials: v2Credentials },
		),
	]);
	const pagingHttp = workflow(PAGING.http.workflowId, "bench v2: Return All, n8n's HTTP Request pagination", [
		startWebhook(611, PAGING.http.path),
		node(
			612,
			PAGING.http.nodeNames[0],
			'n8n-nodes-base.httpRequest',
			4.2,
			{
				method: 'GET',
				url: `${v2BaseUrl}/order-units`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: V2_CREDENTIAL_TYPE,
				sendQuery: true,
				queryParameters: {
					parameters: [
						{ name: 'storefront', value: STOREFRONT },
						{ name: 'limit', value: String(V2_PAGE_SIZE) },
					],
				},
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: {
								parameters: [{ type: 'qs', name: 'offset', value: `={{ $pageCount * ${V2_PAGE_SIZE} }}` }],
							},
							paginationCompleteWhen: 'other',
							completeExpression: `={{ $response.body.data.length < ${V2_PAGE_SIZE} }}`,
						},
					},
				},
			},
			{ credentials: v2Credentials },
		),
		// the HTTP Request node outputs one item per page ({data, pagination}): a user splits out the records
		node(613, PAGING.http.nodeNames[1], 'n8n-nodes-base.splitOut', 1, {
			fieldToSplitOut: 'data',
			include: 'noOtherFields',
			options: {},
		}),
	]);
	const trigger = workflow(PUSH.trigger.workflowId, 'bench v2: notifications through the trigger', [
		node(
			621,
			PUSH.trigger.nodeName,
			TRIGGER_TYPE,
			2,
			{ events: [PUSH.trigger.event], fallbackEmail: 'ops@seller.example', options: {} },
			{ webhookId: PUSH.trigger.webhookId, credentials: v2Credentials },
		),
	]);
	const webhook = workflow(PUSH.webhook.workflowId, "bench v2: notifications through n8n's Webhook node", [
		node(
			631,
			PUSH.webhook.nodeName,
			'n8n-nodes-base.webhook',
			2.1,
			{ httpMethod: 'POST', path: PUSH.webhook.path, responseMode: 'onReceived', options: {} },
			{ webhookId: '7a1f0000-0000-4000-8000-0000000be632' },
		),
	]);
	const rl = (value: string) => ({ __rl: true, mode: 'name', value });
	const github = workflow(PUSH.github.workflowId, "bench v2: events through n8n's GitHub Trigger", [
		node(
			641,
			PUSH.github.nodeName,
			'n8n-nodes-base.githubTrigger',
			1,
			{
				authentication: 'accessToken',
				owner: rl('bench'),
				repository: rl('shop'),
				events: [PUSH.github.event],
				options: {},
			},
			{
				webhookId: PUSH.github.webhookId,
				credentials: { githubApi: { id: GITHUB_CREDENTIAL.id, name: GITHUB_CREDENTIAL.name } },
			},
		),
	]);
	const poll = workflow(POLL.workflowId, 'bench v2: new orders through the poll trigger', [
		node(
			651,
			POLL.nodeName,
			`${PACKAGE_NAME}.sellerMarketplacePollTrigger`,
			2,
			{ pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'orderNew', options: {} },
			{ credentials: v2Credentials },
		),
	]);
	return [pagingNode, pagingHttp, trigger, webhook, github, poll];
}

export const PUBLISHED = [
	PAGING.node.workflowId,
	PAGING.http.workflowId,
	PUSH.trigger.workflowId,
	PUSH.webhook.workflowId,
	PUSH.github.workflowId,
];

/** n8n.activate, asking again for the status when a request met a kept-alive socket n8n had just closed. */
async function publish(n8n: N8n, id: string, log: (line: string) => void): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		try {
			return attempt === 1 ? await n8n.activate(id) : await n8n.waitForPublication(id, 'published');
		} catch (error) {
			const message = (error as Error).message;
			if (attempt >= 3 || !message.includes('fetch failed')) throw error;
			log(`publishing ${id}: ${message}; asking again`);
		}
	}
}

/** Seeds enough orders for `orderUnits` merchant units in storefront de (about 1.4 per order). */
export async function startV2Bench({
	orderUnits,
	n8nEnv = {},
	log,
}: {
	orderUnits: number;
	n8nEnv?: Record<string, string>;
	log: (line: string) => void;
}): Promise<V2Bench> {
	const started = Date.now();
	const sandbox = await startSandbox({
		host: '127.0.0.1',
		port: 0,
		timeScale: 1,
		orders: Math.ceil(orderUnits / 1.3) + 100,
	});
	const port = await freePort();
	const proxy = await startWebhookProxy({ upstreams: [`http://127.0.0.1:${port}`] });
	const github = await startGithubStub();
	let n8n: N8n | undefined;
	try {
		const credentials: CredentialFile[] = [
			v2Credential(sandbox),
			{
				id: GITHUB_CREDENTIAL.id,
				name: GITHUB_CREDENTIAL.name,
				type: 'githubApi',
				data: { server: github.origin, user: 'bench', accessToken: 'bench-token' },
			},
		];
		const environment = await startEnvironment({
			name: 'bench-v2',
			port,
			credentials,
			workflows: workflows(sandbox.v2BaseUrl),
			extraEnv: { N8N_WEBHOOK_URL: `${proxy.origin}/`, ...n8nEnv },
			// published through the running server's REST API, as the editor does: one CLI start of n8n per workflow takes minutes here
			publish: [],
			progress: (step) => log(step),
			keepRuns: 1,
		});
		n8n = environment.n8n;
		for (const id of PUBLISHED) {
			log(`Publishing workflow ${id}`);
			await publish(environment.n8n, id, log);
		}
		const setupMs = Date.now() - started;
		log(`n8n ${environment.runtime.n8nVersion} ready (set-up ${fmt(setupMs / 1000, 1)} s)`);
		return {
			sandbox,
			proxy,
			github,
			n8n: environment.n8n,
			n8nVersion: environment.runtime.n8nVersion,
			setupMs,
			close: async () => {
				await environment.n8n.stop();
				log(`n8n stopped; its user folder and log stay in ${environment.n8n.userFolder}`);
				await Promise.all([proxy.close(), github.close(), sandbox.close()]);
			},
		};
	} catch (error) {
		await n8n?.stop();
		await Promise.all([proxy.close(), github.close(), sandbox.close()]);
		throw error;
	}
}

/** Keeps exactly `n` order units that GET /order-units lists for the storefront by default (merchant-fulfilled, de). */
export function keepOrderUnits(sandbox: Sandbox, n: number): void {
	const all = sandbox.control.db.orderUnits;
	const listed = all.filter((unit) => !unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === STOREFRONT);
	if (listed.length < n)
		throw new Error(`the sandbox holds only ${listed.length} order units in storefront ${STOREFRONT}, ${n} wanted`);
	const kept = listed.slice(listed.length - n);
	all.length = 0;
	for (const unit of kept) all.push(unit);
}
