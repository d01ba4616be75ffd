/**
 * The API v2 workflows of the e2e run (node typeVersion 2, credential type sellerMarketplaceV2Api), imported
 * in the same batch as the v1 ones, and what each test expects of them.
 */
import type { RequestLogEntry } from '../sandbox/core/types';
import type { CredentialFile, WorkflowFile } from './lib/n8n';
import { ACTION_TYPE, chain, EXAMPLE_CREDENTIAL_V2, manualTrigger, NodeJson, TRIGGER_TYPE } from './lib/workflows';

export const V2_CREDENTIAL_TYPE = 'sellerMarketplaceV2Api';
/** The same credential the templates get on import (e2e/lib/workflows.ts). */
export const V2_CREDENTIAL = EXAMPLE_CREDENTIAL_V2;
export const BAD_V2_CREDENTIAL = { id: 'sellerMarketV2B1', name: 'Seller Marketplace V2 (wrong secret key)' };
export const V2_USER_AGENT = 'n8n-nodes-seller-marketplace e2e';

export function v2Credential(
	sandbox: { clientKey: string; secretKey: string; v2BaseUrl: string },
	ref: { id: string; name: string } = V2_CREDENTIAL,
): CredentialFile {
	return {
		id: ref.id,
		name: ref.name,
		type: V2_CREDENTIAL_TYPE,
		data: {
			clientKey: sandbox.clientKey,
			secretKey: sandbox.secretKey,
			storefront: 'de',
			userAgent: V2_USER_AGENT,
			baseUrl: sandbox.v2BaseUrl,
		},
	};
}

/** The good v2 credential and one with a wrong secret key. */
export function v2Credentials(sandbox: { clientKey: string; secretKey: string; v2BaseUrl: string }): CredentialFile[] {
	return [v2Credential(sandbox), v2Credential({ ...sandbox, secretKey: 'y'.repeat(64) }, BAD_V2_CREDENTIAL)];
}

let nodeSeq = 0;
export function sellerNodeV2(
	name: string,
	parameters: Record<string, unknown>,
	credential = V2_CREDENTIAL,
	extra: Partial<NodeJson> = {},
): NodeJson {
	nodeSeq += 1;
	return {
		id: `00000000-0000-4000-9000-${String(nodeSeq).padStart(12, '0')}`,
		name,
		type: ACTION_TYPE,
		typeVersion: 2,
		position: [0, 0],
		parameters,
		credentials: { [V2_CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
		...extra,
	};
}

/**
 * The version 2 push trigger on New Order of the de storefront, its subscription checked every minute (the
 * shortest *Check Subscriptions Every*), with the sandbox's credential.
 */
export function watchedOrderTrigger(name: string, id: string, webhookId: string): NodeJson {
	return {
		id,
		name,
		type: TRIGGER_TYPE,
		typeVersion: 2,
		position: [0, 0],
		webhookId,
		parameters: {
			events: ['order_new'],
			fallbackEmail: 'seller@example.com',
			storefront: 'de',
			options: { checkSubscriptionsMinutes: 1 },
		},
		credentials: { [V2_CREDENTIAL_TYPE]: { id: V2_CREDENTIAL.id, name: V2_CREDENTIAL.name } },
	};
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A request the run must have sent to /v2 (path relative to /v2), correctly signed and answered with 2xx. */
export interface V2Request {
	method: string;
	path: RegExp;
	/** the query parameters that must be present, with these values */
	query?: Record<string, string>;
	/** the JSON body the request must carry */
	json?: unknown;
}

export interface V2ResourceCase {
	title: string;
	workflowId: string;
	/** the node whose output items are checked */
	nodeName: string;
	nodes: () => NodeJson[];
	requests: V2Request[];
	/** checks of the output items, with the requests the sandbox logged (to compare ids) */
	expectItems: (items: Array<Record<string, unknown>>, requests: RequestLogEntry[]) => void;
}

function expectThat(condition: boolean, message: string): void {
	if (!condition) throw new Error(message);
}

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 500);

/** The id a request put in its path, e.g. the order read by `GET /orders/{id}`. */
export function pathId(requests: RequestLogEntry[], method: string, path: RegExp): string | undefined {
	return requests.map((r) => (r.method === method ? path.exec(r.path)?.[1] : undefined)).find(Boolean);
}

export const V2_TRACKING = 'E2E-V2-0034043416';

/** One workflow per v2 resource of the action node, each started manually and run by `n8n execute`. */
export const V2_RESOURCE_CASES: V2ResourceCase[] = [
	{
		title: 'Status: Ping',
		workflowId: 'e2eV2Status00001',
		nodeName: 'Ping',
		nodes: () => [sellerNodeV2('Ping', { resource: 'status', operation: 'ping' })],
		requests: [{ method: 'GET', path: /^\/status\/ping$/ }],
		expectItems: (items) =>
			expectThat(
				items.length === 1 && typeof items[0].message === 'string',
				`expected one {message}, got ${show(items)}`,
			),
	},
	{
		title: 'Orders: Get Many, then Get the first one',
		workflowId: 'e2eV2Orders00001',
		nodeName: 'Read order',
		nodes: () => [
			sellerNodeV2('List orders', { resource: 'order', operation: 'getMany', returnAll: false, limit: 2, filters: {} }),
			sellerNodeV2(
				'Read order',
				{ resource: 'order', operation: 'get', orderId: byId('={{ $json.id_order }}') },
				V2_CREDENTIAL,
				{ executeOnce: true },
			),
		],
		requests: [
			{ method: 'GET', path: /^\/orders$/, query: { storefront: 'de', limit: '2' } },
			{ method: 'GET', path: /^\/orders\/([^/]+)$/ },
		],
		expectItems: (items, requests) => {
			const read = pathId(requests, 'GET', /^\/orders\/([^/]+)$/);
			expectThat(items.length === 1 && items[0].id_order === read, `expected order ${read}, got ${show(items)}`);
			expectThat(
				Array.isArray(items[0].order_units) && (items[0].order_units as unknown[]).length > 0,
				`expected its order units, got ${show(items[0])}`,
			);
			expectThat(items[0].storefront === 'de', `expected storefront de, got ${show(items[0].storefront)}`);
		},
	},
	{
		title: 'Order Units: Get Many to send, then Send one with tracking',
		workflowId: 'e2eV2OrderUnit01',
		nodeName: 'Mark unit sent',
		nodes: () => [
			sellerNodeV2('Units to send', {
				resource: 'orderUnit',
				operation: 'getMany',
				returnAll: false,
				limit: 1,
				filters: { status: ['need_to_be_sent'] },
			}),
			sellerNodeV2('Mark unit sent', {
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId('={{ $json.id_order_unit }}'),
				carrierCode: 'DHL',
				trackingNumbers: V2_TRACKING,
			}),
		],
		requests: [
			{ method: 'GET', path: /^\/order-units$/, query: { status: 'need_to_be_sent', limit: '1' } },
			{
				method: 'PATCH',
				path: /^\/order-units\/(\d+)\/send$/,
				json: { carrier_code: 'DHL', tracking_numbers: V2_TRACKING },
			},
		],
		expectItems: (items, requests) => {
			const sent = Number(pathId(requests, 'PATCH', /^\/order-units\/(\d+)\/send$/));
			expectThat(
				items.length === 1 &&
					items[0].success === true &&
					items[0].id_order_unit === sent &&
					items[0].tracking_numbers === V2_TRACKING,
				`expected unit ${sent} reported sent with ${V2_TRACKING}, got ${show(items)}`,
			);
		},
	},
	{
		title: 'Units: Get Many, then Get the first one',
		workflowId: 'e2eV2Units000001',
		nodeName: 'Read unit',
		nodes: () => [
			sellerNodeV2('List units', { resource: 'unit', operation: 'getMany', returnAll: false, limit: 3, filters: {} }),
			sellerNodeV2('Read unit', { resource: 'unit', operation: 'get', unitId: '={{ $json.id_unit }}' }, V2_CREDENTIAL, {
				executeOnce: true,
			}),
		],
		requests: [
			{ method: 'GET', path: /^\/units$/, query: { storefront: 'de', limit: '3' } },
			{ method: 'GET', path: /^\/units\/(\d+)$/, query: { storefront: 'de' } },
		],
		expectItems: (items, requests) => {
			const read = Number(pathId(requests, 'GET', /^\/units\/(\d+)$/));
			expectThat(items.length === 1 && items[0].id_unit === read, `expected unit ${read}, got ${show(items)}`);
		},
	},
	{
		title: 'Carriers: Get Many',
		workflowId: 'e2eV2Carriers001',
		nodeName: 'Carriers',
		nodes: () => [sellerNodeV2('Carriers', { resource: 'carrier', operation: 'getMany' })],
		requests: [{ method: 'GET', path: /^\/carriers$/ }],
		expectItems: (items) =>
			expectThat(
				items.length > 1 && items.some((i) => i.name === 'DHL' && i.isHauler === false),
				`expected the carriers, DHL among them, got ${show(items)}`,
			),
	},
	{
		title: 'Subscriptions: Get Many',
		workflowId: 'e2eV2Subscript01',
		nodeName: 'Subscriptions',
		nodes: () => [
			sellerNodeV2('Subscriptions', { resource: 'subscription', operation: 'getMany', returnAll: true, filters: {} }),
		],
		requests: [{ method: 'GET', path: /^\/subscriptions$/ }],
		expectItems: (items) =>
			expectThat(
				items.every((i) => typeof i.id_subscription === 'number' && typeof i.event_name === 'string'),
				`expected subscriptions, got ${show(items)}`,
			),
	},
];

export function v2RequestMatches(entry: RequestLogEntry, request: V2Request): boolean {
	return entry.api === 'v2' && entry.method === request.method && request.path.test(entry.path);
}

/** A v2 ping with the wrong secret key. */
export const V2_BAD_KEY_WORKFLOW_ID = 'e2eV2BadKeyPing1';

/** The README's first workflow, step by step (README.md, "A first workflow"), with the node versions a seller adds. */
export const README_WORKFLOW_ID = 'e2eReadmeFirst01';
export const README_WEBHOOK_ID = '5e11e400-0de4-4c1e-9a5e-00000000c033';
export const README_TRACKING_PREFIX = 'README-';

function readmeFirstWorkflow(): WorkflowFile {
	const credentials = { [V2_CREDENTIAL_TYPE]: { id: V2_CREDENTIAL.id, name: V2_CREDENTIAL.name } };
	return chain(README_WORKFLOW_ID, 'e2e: the README first workflow', [
		// 1. Seller Marketplace Trigger, New Order, a storefront and a Fallback Email
		{
			id: '00000000-0000-4000-9000-00000000c331',
			name: 'Seller Marketplace Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 2,
			position: [0, 0],
			webhookId: README_WEBHOOK_ID,
			parameters: { events: ['order_new'], storefront: 'de', fallbackEmail: 'seller@example.com' },
			credentials,
		},
		// 2. Order → Get, Order {{ $json.id_order }} (Simplify on, as a new node has it)
		sellerNodeV2(
			'Seller Marketplace',
			{ resource: 'order', operation: 'get', orderId: byId('={{ $json.id_order }}') },
			V2_CREDENTIAL,
			{ typeVersion: 2.1 },
		),
		// 3. n8n's Split Out, Fields To Split Out: ids_order_units
		{
			id: '00000000-0000-4000-9000-00000000c333',
			name: 'Split Out',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [0, 0],
			parameters: { fieldToSplitOut: 'ids_order_units', options: {} },
		},
		// 4. (the carrier's HTTP Request node is optional: the tracking number is typed in) 5. Order Unit → Send
		sellerNodeV2(
			'Seller Marketplace1',
			{
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId('={{ $json.ids_order_units }}'),
				carrierCode: 'DHL',
				trackingNumbers: `=${README_TRACKING_PREFIX}{{ $json.ids_order_units }}`,
			},
			V2_CREDENTIAL,
			{ typeVersion: 2.1 },
		),
	]);
}

export function v2Workflows(): WorkflowFile[] {
	return [
		...V2_RESOURCE_CASES.map((c) => chain(c.workflowId, `e2e v2: ${c.title}`, [manualTrigger(), ...c.nodes()])),
		chain(V2_BAD_KEY_WORKFLOW_ID, 'e2e v2: ping with a wrong secret key', [
			manualTrigger(),
			sellerNodeV2('Ping', { resource: 'status', operation: 'ping' }, BAD_V2_CREDENTIAL),
		]),
		readmeFirstWorkflow(),
	];
}
