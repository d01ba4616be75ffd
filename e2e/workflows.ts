/**
 * Every workflow the e2e run imports (in one batch, before n8n starts), and what each test expects of it.
 */
import type { RequestLogEntry } from '../sandbox/core/types';
import type { WorkflowFile } from './lib/n8n';
import { v2Workflows } from './workflows-v2';
import {
	chain,
	CREDENTIAL_TYPE,
	EXAMPLE_CREDENTIAL,
	loadExamples,
	manualTrigger,
	type NodeJson,
	operationWorkflow,
	sellerNode,
	TRIGGER_TYPE,
	withManualStart,
} from './lib/workflows';

export const BAD_CREDENTIAL = { id: 'sellerMarketBad1', name: 'Seller Marketplace (wrong secret key)' };

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

export interface ResourceCase {
	resource: string;
	operation: string;
	workflowId: string;
	nodeName: string;
	parameters: Record<string, unknown>;
	/** the request the node must have sent */
	request: { method: string; path: string | RegExp };
	/** checks on the node's output items */
	expectItems: (items: Array<Record<string, unknown>>) => void;
}

function expectThat(condition: boolean, message: string): void {
	if (!condition) throw new Error(message);
}

const nonEmpty = (what: string) => (items: Array<Record<string, unknown>>) =>
	expectThat(items.length > 0, `expected at least one ${what}, got none`);

let caseSeq = 0;
function resourceCase(
	resource: string,
	operation: string,
	parameters: Record<string, unknown>,
	request: ResourceCase['request'],
	expectItems: ResourceCase['expectItems'],
): ResourceCase {
	caseSeq += 1;
	const workflowId = `e2eResource${String(caseSeq).padStart(5, '0')}`;
	return {
		resource,
		operation,
		workflowId,
		nodeName: `${resource} ${operation}`,
		parameters: { resource, operation, ...parameters },
		request,
		expectItems,
	};
}

/** One workflow per resource of the action node, run with `n8n execute`. */
export const RESOURCE_CASES: ResourceCase[] = [
	resourceCase('status', 'ping', {}, { method: 'GET', path: '/status/ping/' }, (items) =>
		expectThat(items[0]?.message === 'pong', `expected {message: pong}, got ${JSON.stringify(items)}`),
	),
	resourceCase(
		'category',
		'get',
		{ categoryId: rl('21'), embedded: [] },
		{ method: 'GET', path: '/categories/21/' },
		(items) => expectThat(items[0]?.id_category === 21, `expected category 21, got ${JSON.stringify(items[0])}`),
	),
	resourceCase('attribute', 'get', { attributeId: '1' }, { method: 'GET', path: '/attributes/1/' }, (items) =>
		expectThat(items[0]?.id_attribute === 1, `expected attribute 1, got ${JSON.stringify(items[0])}`),
	),
	resourceCase('claim', 'getMany', { returnAll: true }, { method: 'GET', path: '/claims/seller/' }, (items) =>
		expectThat(items.length === 3, `expected the 3 seeded claims, got ${items.length}`),
	),
	resourceCase(
		'claimMessage',
		'send',
		{ claimId: '2', text: 'Sorry for the trouble: a replacement is on its way.', interimNotice: false },
		{ method: 'POST', path: '/claim-messages/' },
		(items) => expectThat(items[0]?.success === true, `expected success, got ${JSON.stringify(items[0])}`),
	),
	resourceCase(
		'importFile',
		'getMany',
		{ returnAll: true, filters: {}, options: {} },
		{ method: 'GET', path: '/import-files/seller/' },
		() => undefined,
	),
	resourceCase(
		'item',
		'get',
		{ itemId: '10001', embedded: [] },
		{ method: 'GET', path: /^\/items\/10001\/?$/ },
		(items) => expectThat(items[0]?.id_item === 10001, `expected item 10001, got ${JSON.stringify(items[0])}`),
	),
	resourceCase(
		'order',
		'getMany',
		{ returnAll: true, filters: {} },
		{ method: 'GET', path: '/orders/seller/' },
		(items) => expectThat(items.length >= 20, `expected the 20 seeded orders (or more), got ${items.length}`),
	),
	resourceCase('orderInvoice', 'get', { invoiceId: '1' }, { method: 'GET', path: '/order-invoices/1/' }, (items) =>
		expectThat(items[0]?.id_invoice === 1, `expected invoice 1, got ${JSON.stringify(items[0])}`),
	),
	resourceCase(
		'orderUnit',
		'get',
		{ orderUnitId: rl('1000001'), embedded: [] },
		{ method: 'GET', path: '/order-units/1000001/' },
		(items) =>
			expectThat(items[0]?.id_order_unit === 1000001, `expected order unit 1000001, got ${JSON.stringify(items[0])}`),
	),
	resourceCase(
		'productData',
		'get',
		{ ean: '4006380100015' },
		{ method: 'GET', path: '/product-data/4006380100015/' },
		nonEmpty('product data record'),
	),
	resourceCase('return', 'get', { returnId: '1', embedded: [] }, { method: 'GET', path: '/returns/1/' }, (items) =>
		expectThat(items[0]?.id_return === 1, `expected return 1, got ${JSON.stringify(items[0])}`),
	),
	resourceCase(
		'returnUnit',
		'get',
		{ returnUnitId: '1', embedded: [] },
		{ method: 'GET', path: '/return-units/1/' },
		(items) => expectThat(items[0]?.id_return_unit === 1, `expected return unit 1, got ${JSON.stringify(items[0])}`),
	),
	resourceCase(
		'shippingGroup',
		'getMany',
		{ returnAll: true },
		{ method: 'GET', path: '/shipping-groups/seller/' },
		(items) => expectThat(items.length === 3, `expected the 3 seeded shipping groups, got ${items.length}`),
	),
	resourceCase(
		'subscription',
		'getMany',
		{ returnAll: true, filters: {} },
		{ method: 'GET', path: '/subscriptions/seller/' },
		() => undefined,
	),
	resourceCase(
		'ticket',
		'open',
		{ orderUnitIds: '1000002', reason: 'contact_other', message: 'Your parcel left our warehouse today.' },
		{ method: 'POST', path: '/tickets/' },
		(items) =>
			expectThat(
				items[0]?.success === true && Boolean(items[0]?.id_ticket),
				`expected a new ticket id, got ${JSON.stringify(items[0])}`,
			),
	),
	resourceCase(
		'ticketMessage',
		'getMany',
		{ returnAll: true, filters: {} },
		{ method: 'GET', path: '/ticket-messages/seller/' },
		nonEmpty('ticket message'),
	),
	resourceCase(
		'unit',
		'update',
		{ unitId: '500003', updateFields: { amount: 42 } },
		{ method: 'PATCH', path: '/units/500003/' },
		(items) => expectThat(items[0]?.success === true, `expected success, got ${JSON.stringify(items[0])}`),
	),
	resourceCase('warehouse', 'getMany', { returnAll: true }, { method: 'GET', path: '/warehouses/seller/' }, (items) =>
		expectThat(items.length === 2, `expected the 2 seeded warehouses, got ${items.length}`),
	),
];

export function requestMatches(entry: RequestLogEntry, request: ResourceCase['request']): boolean {
	return (
		entry.method === request.method &&
		(typeof request.path === 'string' ? entry.path === request.path : request.path.test(entry.path))
	);
}

// ------------------------------------------------------------------------------------------------
// the trigger lifecycle (its own workflow, published and unpublished by the test through n8n's REST API)

export const LIFECYCLE = {
	workflowId: 'e2eTriggerLife01',
	webhookId: '7a1f0000-0000-4000-8000-00000000e2e1',
	triggerName: 'Return events',
};

export function lifecycleWorkflow(): WorkflowFile {
	const trigger = {
		id: '7a1f0000-0000-4000-8000-0000000000a1',
		name: LIFECYCLE.triggerName,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0] as [number, number],
		webhookId: LIFECYCLE.webhookId,
		parameters: {
			events: ['return_new', 'return_status_changed'],
			fallbackEmail: 'seller@example.com',
			options: { fetchResource: true },
		},
		credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
	};
	return {
		id: LIFECYCLE.workflowId,
		name: 'e2e: trigger lifecycle',
		active: false,
		nodes: [trigger],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

// ------------------------------------------------------------------------------------------------
// the examples, as committed, plus runnable copies of those that start on a schedule

export const EXAMPLE_IDS = {
	orderNew: 'exOrderNewShip01',
	inventory: 'exInventoryCsv01',
	tickets: 'exTicketNotice01',
	productData: 'exProductData001',
	returns: 'exReturnsAccept1',
};

/** The seller templates of examples/ (node version 2, API v2). */
export const V2_EXAMPLE_IDS = {
	orderNew: 'exV2OrderNewShp1',
	pollShip: 'exV2PollShip0001',
	label: 'exV2LabelSend001',
	stockSync: 'exV2StockSync001',
	inventory: 'exV2InventoryCmd',
	reprice: 'exV2BuyboxPrice1',
	returns: 'exV2ReturnsAcc01',
	tickets: 'exV2TicketNote01',
	invoices: 'exV2InvoiceUpl01',
	report: 'exV2ReportWait01',
	reconcile: 'exV2Reconcile001',
	aiAssistant: 'exV2AiAssistant1',
	dueSoon: 'exV2DueSoonWarn1',
	/** run in queue mode (e2e/tests/queue-mode.e2e.test.ts) */
	labelOnce: 'exV2LabelOnce001',
};

/** Published at start: the order_new trigger, and the inventory workflow whose webhook serves the CSV. */
export const PUBLISHED_EXAMPLES = [EXAMPLE_IDS.orderNew, EXAMPLE_IDS.inventory];

/** Runnable copy id of each example run by `n8n execute`. */
export const RUN_COPIES: Record<string, string> = {
	[EXAMPLE_IDS.inventory]: 'e2eRunInventory1',
	[EXAMPLE_IDS.tickets]: 'e2eRunTickets001',
	[EXAMPLE_IDS.productData]: 'e2eRunProductDat',
	[EXAMPLE_IDS.returns]: 'e2eRunReturns001',
	[V2_EXAMPLE_IDS.returns]: 'e2eRunV2Return01',
	[V2_EXAMPLE_IDS.tickets]: 'e2eRunV2Ticket01',
	[V2_EXAMPLE_IDS.invoices]: 'e2eRunV2Invoic01',
	[V2_EXAMPLE_IDS.report]: 'e2eRunV2Report01',
	[V2_EXAMPLE_IDS.reconcile]: 'e2eRunV2Reconc01',
};

/**
 * Templates that n8n's server must run: `n8n execute` does not load n8n's Data Tables ("the module is disabled").
 * Their copy starts from a Webhook (POST `path`, answered on receipt) instead of the schedule; a test publishes the
 * copy, calls it, and reads the execution.
 */
export const SERVER_RUN_COPIES: Record<string, { id: string; path: string }> = {
	[V2_EXAMPLE_IDS.stockSync]: { id: 'e2eRunV2Stock001', path: 'e2e-run-stock-sync' },
	[V2_EXAMPLE_IDS.inventory]: { id: 'e2eRunV2Invent01', path: 'e2e-run-inventory-sync' },
	[V2_EXAMPLE_IDS.reprice]: { id: 'e2eRunV2Price001', path: 'e2e-run-price-buybox' },
};

/** Copy of a template whose schedule is replaced by a Webhook that starts it (see SERVER_RUN_COPIES). */
function withWebhookStart(workflow: WorkflowFile, id: string, path: string): WorkflowFile {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowFile;
	copy.id = id;
	copy.name = `${workflow.name} (run by e2e)`;
	copy.nodes = (copy.nodes as NodeJson[]).map((node) =>
		node.type === 'n8n-nodes-base.scheduleTrigger'
			? {
					id: node.id,
					name: node.name,
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: node.position,
					webhookId: `${path}-start`,
					parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
				}
			: node,
	);
	return copy;
}

/** Copies of the examples that `n8n execute` can run: schedule → manual start, waits shortened to a second. */
export function exampleRunCopies(): WorkflowFile[] {
	const copies: WorkflowFile[] = [];
	for (const { workflow } of loadExamples()) {
		const server = SERVER_RUN_COPIES[workflow.id];
		if (server) copies.push(withWebhookStart(workflow, server.id, server.path));
		const copyId = RUN_COPIES[workflow.id];
		if (!copyId) continue;
		const copy = withManualStart(workflow, copyId, ['n8n-nodes-base.scheduleTrigger']);
		for (const node of copy.nodes as Array<{ type: string; parameters: Record<string, unknown> }>) {
			if (node.type === 'n8n-nodes-base.wait') node.parameters = { ...node.parameters, amount: 1, unit: 'seconds' };
		}
		copies.push(copy);
	}
	return copies;
}

/** The bad-credential run: a ping with a wrong secret key. */
export const BAD_KEY_WORKFLOW_ID = 'e2eBadKeyPing001';

export function badKeyWorkflow(): WorkflowFile {
	return chain(BAD_KEY_WORKFLOW_ID, 'e2e: ping with a wrong secret key', [
		manualTrigger(),
		sellerNode('Ping', { resource: 'status', operation: 'ping' }, BAD_CREDENTIAL),
	]);
}

export const HTTP_REQUEST_WORKFLOW_ID = 'e2eHttpRequest01';
export const HTTP_REQUEST_FILTER = { status: 'need_to_be_sent', 'ts_created:from': '2020-01-01 00:00:00' };
export const HTTP_REQUEST_BODY = {
	id_ticket: '0013163666',
	text: 'Grüße: we ship today, ©“quoted”',
	interim_notice: true,
};

/**
 * n8n's own HTTP Request node with these credentials (Predefined Credential Type): a GET with a query that
 * needs encoding, and a POST with a JSON body, signed by the credentials' authenticate.
 */
export function httpRequestWorkflow(baseUrl: string): WorkflowFile {
	const credentials = { [CREDENTIAL_TYPE]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };
	const request = (name: string, parameters: Record<string, unknown>, node: Record<string, unknown> = {}) => ({
		...node,
		id: `http-${name.replace(/\W/g, '-')}`,
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [0, 0] as [number, number],
		parameters: {
			authentication: 'predefinedCredentialType',
			nodeCredentialType: CREDENTIAL_TYPE,
			options: {},
			...parameters,
		},
		credentials,
	});
	return chain(HTTP_REQUEST_WORKFLOW_ID, 'e2e: HTTP Request node with the seller credentials', [
		manualTrigger(),
		request('List units to send', {
			method: 'GET',
			url: `${baseUrl}/order-units/seller/`,
			sendQuery: true,
			queryParameters: { parameters: Object.entries(HTTP_REQUEST_FILTER).map(([name, value]) => ({ name, value })) },
		}),
		request(
			'Answer a ticket',
			{
				method: 'POST',
				url: `${baseUrl}/ticket-messages/`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: JSON.stringify(HTTP_REQUEST_BODY),
			},
			{ executeOnce: true },
		),
	]);
}

export function allWorkflows(sandboxBaseUrl: string): WorkflowFile[] {
	return [
		...RESOURCE_CASES.map((c) => operationWorkflow(c.workflowId, c.nodeName, c.parameters)),
		lifecycleWorkflow(),
		badKeyWorkflow(),
		httpRequestWorkflow(sandboxBaseUrl),
		...loadExamples().map((e) => e.workflow),
		...exampleRunCopies(),
		...v2Workflows(),
	];
}
