/**
 * Runs real workflows in-process with n8n-core's WorkflowExecute: the node classes from source, the real
 * credentials type (its `authenticate` signs every request) and n8n's own HTTP stack. Only the credential
 * store is a stand-in, as n8n's own NodeTestHarness does it.
 */
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { SellerMarketplaceApi } from '../../credentials/SellerMarketplaceApi.credentials';
import { SellerMarketplaceV2Api } from '../../credentials/SellerMarketplaceV2Api.credentials';
import { assertNoSecrets } from './secrets';
import {
	EmitItems,
	ManualTrigger,
	RequestProbe,
	ScriptedAgent,
	ToolCaller,
	type AgentObservation,
	type ScriptedToolCall,
} from './test-nodes';

export const PACKAGE = 'n8n-nodes-seller-marketplace';

const credentialTypes: Record<string, ICredentialType> = {
	sellerMarketplaceApi: new SellerMarketplaceApi(),
	sellerMarketplaceV2Api: new SellerMarketplaceV2Api(),
};

function loadNodeTypes(): Record<string, INodeType | IVersionedNodeType> {
	const types: Record<string, INodeType | IVersionedNodeType> = {
		'n8n-nodes-base.manualTrigger': new ManualTrigger(),
		'test.emitItems': new EmitItems(),
		'test.requestProbe': new RequestProbe(),
		'test.toolCaller': new ToolCaller(),
		'test.scriptedAgent': new ScriptedAgent(),
	};
	// Loaded lazily, and named with its extension: next to it lies the codex file SellerMarketplace.node.json,
	// which plain Node resolution (ts-node, the benchmarks) would pick first.
	const { SellerMarketplace } = require('../../nodes/SellerMarketplace/SellerMarketplace.node.ts');
	types[`${PACKAGE}.sellerMarketplace`] = new SellerMarketplace();
	const {
		SellerMarketplacePollTrigger,
	} = require('../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node.ts');
	types[`${PACKAGE}.sellerMarketplacePollTrigger`] = new SellerMarketplacePollTrigger();
	return types;
}

/**
 * A node usable as a tool, as n8n's NodeTypes hands it to an agent for the type name `<name>Tool`: the same
 * node, its description named `<name>Tool` (which makes n8n show the properties meant for tools, `@tool`),
 * with no main input and one `ai_tool` output.
 */
function asAiTool(nodeType: INodeType): INodeType {
	const { description } = nodeType;
	if (!description.usableAsTool) throw new Error(`${description.name} is not usable as a tool`);
	const toolDescription = {
		...description,
		name: `${description.name}Tool`,
		displayName: `${description.displayName} Tool`,
		inputs: [],
		outputs: ['ai_tool'],
	};
	return Object.create(nodeType, { description: { value: toolDescription } }) as INodeType;
}

let cachedTypes: Record<string, INodeType | IVersionedNodeType> | undefined;
const toolTypes = new Map<string, INodeType>();
export function nodeTypes(): INodeTypes {
	cachedTypes ??= loadNodeTypes();
	const types = cachedTypes;
	const byNameAndVersion = (name: string, version?: number): INodeType => {
		const toolOf = name.endsWith('Tool') && !types[name] ? name.slice(0, -'Tool'.length) : undefined;
		// As n8n does: a versioned node hands out the implementation of the version the workflow names.
		if (!toolOf) return NodeHelpers.getVersionedNodeType(types[name], version) as INodeType;
		const key = `${name}@${version}`;
		if (!toolTypes.has(key))
			toolTypes.set(key, asAiTool(NodeHelpers.getVersionedNodeType(types[toolOf], version) as INodeType));
		return toolTypes.get(key) as INodeType;
	};
	return {
		getByName: (name: string) => types[name],
		getByNameAndVersion: byNameAndVersion,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly store: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes[typeName]?.authenticate;
		if (typeof authenticate !== 'function') throw new Error(`No authenticate for ${typeName}`);
		return await authenticate(credentials, requestOptions);
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used');
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: unknown,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.store[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return { ...data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}
}

export interface SellerCredentials {
	clientKey: string;
	secretKey: string;
	baseUrl: string;
}

/** Credentials of type sellerMarketplaceV2Api (API v2). */
export interface SellerCredentialsV2 {
	clientKey: string;
	secretKey: string;
	baseUrl: string;
	storefront: string;
	userAgent: string;
	partnerClientKey?: string;
	partnerSecretKey?: string;
}

/** Decrypted credentials by credential type name, as n8n's credential store hands them out. */
export type CredentialStore = Record<string, ICredentialDataDecryptedObject>;

/** The store for v1 credentials (the original shape every v1 test passes), or a store as it is. */
function credentialStore(credentials: SellerCredentials | CredentialStore): CredentialStore {
	return 'clientKey' in credentials && typeof credentials.clientKey === 'string'
		? { sellerMarketplaceApi: { ...(credentials as SellerCredentials) } }
		: (credentials as CredentialStore);
}

/** The secret values of a store, which no output, error or log line may contain. */
function storeSecrets(store: CredentialStore): string[] {
	return Object.values(store)
		.flatMap((data) => [data.secretKey, data.partnerSecretKey])
		.filter((value): value is string => typeof value === 'string' && value.length > 0);
}

export interface WorkflowRun {
	run: IRun;
	/** Output items of a node's first run, first output. */
	output(nodeName: string): INodeExecutionData[];
	/** The error the workflow stopped with, if any. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
}

let executionCounter = 0;

/** What n8n hands a node about its surroundings: the credential store, the lifecycle hooks and the instance URLs. */
export function testAdditionalData(
	credentials: SellerCredentials | CredentialStore,
	workflowData: IWorkflowBase,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper(credentialStore(credentials)),
		hooks: new ExecutionLifecycleHooks('manual', `exec-${executionCounter}`, workflowData),
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used in these tests');
		},
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		variables: {},
		userId: 'test-user',
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/**
 * n8n-core's real context for a dropdown or list search of the Seller Marketplace node, as the editor
 * calls it while a seller fills in the form.
 */
export function loadOptionsContext(credentials: SellerCredentials, parameters: IDataObject = {}): LoadOptionsContext {
	const node: INode = {
		id: '1',
		name: 'Seller Marketplace',
		type: `${PACKAGE}.sellerMarketplace`,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: { sellerMarketplaceApi: { id: 'cred-1', name: 'Sandbox' } },
	};
	const workflowData = {
		id: 'wf-options',
		name: 'options',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: 'wf-options',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypes(),
	});
	// As n8n's load-options service does: the form's current values travel in currentNodeParameters.
	const additionalData = { ...testAdditionalData(credentials, workflowData), currentNodeParameters: parameters };
	return new LoadOptionsContext(workflow, node, additionalData as IWorkflowExecuteAdditionalData, 'parameters');
}

/** n8n-core's real context for a dropdown or list search of node version 2, with API v2 credentials. */
export function loadOptionsContextV2(
	credentials: SellerCredentialsV2,
	parameters: IDataObject = {},
): LoadOptionsContext {
	const node: INode = {
		id: '1',
		name: 'Seller Marketplace',
		type: `${PACKAGE}.sellerMarketplace`,
		typeVersion: 2,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: { sellerMarketplaceV2Api: { id: 'cred-2', name: 'Sandbox v2' } },
	};
	const workflowData = {
		id: 'wf-options-v2',
		name: 'options',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: 'wf-options-v2',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypes(),
	});
	// As n8n's load-options service does: the form's current values travel in currentNodeParameters.
	const additionalData = {
		...testAdditionalData({ sellerMarketplaceV2Api: { ...credentials } }, workflowData),
		currentNodeParameters: parameters,
	};
	return new LoadOptionsContext(workflow, node, additionalData as IWorkflowExecuteAdditionalData, 'parameters');
}

/** Runs a workflow (nodes + connections) to completion and returns its run data. */
export async function runWorkflow(
	workflowJson: Pick<IWorkflowBase, 'nodes' | 'connections'> & { staticData?: IDataObject },
	credentials: SellerCredentials | CredentialStore,
	{
		checkSecrets = true,
		timezone,
		startNode: startNodeName,
	}: { checkSecrets?: boolean; timezone?: string; startNode?: string } = {},
): Promise<WorkflowRun> {
	const settings = { executionOrder: 'v1' as const, ...(timezone ? { timezone } : {}) };
	const id = `wf-${++executionCounter}`;
	const workflowData = {
		id,
		name: id,
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings,
		...workflowJson,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id,
		name: id,
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: false,
		nodeTypes: nodeTypes(),
		staticData: workflowJson.staticData,
		settings,
	});
	const additionalData = testAdditionalData(credentials, workflowData);
	const startNode = workflowData.nodes.find((node) =>
		startNodeName ? node.name === startNodeName : node.type === 'n8n-nodes-base.manualTrigger',
	);
	const run = await new WorkflowExecute(additionalData, 'manual').run({
		workflow,
		startNode: startNode ? (workflow.getNode(startNode.name) ?? undefined) : undefined,
	});
	// Every run of every test: the secret key must not appear in any output item, error or log line.
	if (checkSecrets) assertNoSecrets(run.data, storeSecrets(credentialStore(credentials)));
	const runData = run.data.resultData.runData;
	return {
		run,
		output: (nodeName: string) => runData[nodeName]?.[0]?.data?.main?.[0] ?? [],
		error: run.data.resultData.error as WorkflowRun['error'],
	};
}

export interface NodeRunOptions {
	/** Parameters of the Seller Marketplace node. */
	parameters: IDataObject;
	/** Items fed into the node (default: one empty item). */
	items?: Array<{ json: IDataObject; binary?: Record<string, { text: string; fileName?: string; mimeType?: string }> }>;
	continueOnFail?: boolean;
	/** Settings → On Error → Continue (using error output): the failed items on the node's second output. */
	errorOutput?: boolean;
	/** The benchmarks switch the per-run secret scan off: it would add a copy of the whole output to their figures. */
	checkSecrets?: boolean;
	/** The node's typeVersion, e.g. 1.1 or 2.1 (default: 1 for runSellerNode, 2 for runSellerNodeV2). */
	typeVersion?: number;
}

/** Manual Trigger → Emit Items → Seller Marketplace, with the given node version and its credential type. */
function sellerNodeWorkflow(
	typeVersion: number,
	credentialType: string,
	{ parameters, items = [{ json: {} }], continueOnFail = false, errorOutput = false }: NodeRunOptions,
): Pick<IWorkflowBase, 'nodes' | 'connections'> {
	const nodes: INode[] = [
		{ id: '1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: '2',
			name: 'Input',
			type: 'test.emitItems',
			typeVersion: 1,
			position: [200, 0],
			parameters: { items: JSON.stringify(items) },
		},
		{
			id: '3',
			name: 'Seller Marketplace',
			type: `${PACKAGE}.sellerMarketplace`,
			typeVersion,
			position: [400, 0],
			parameters: parameters as INode['parameters'],
			credentials: { [credentialType]: { id: `cred-${typeVersion}`, name: 'Sandbox' } },
			...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			...(errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
		},
	];
	const connections = {
		Start: { main: [[{ node: 'Input', type: 'main' as const, index: 0 }]] },
		Input: { main: [[{ node: 'Seller Marketplace', type: 'main' as const, index: 0 }]] },
	};
	return { nodes, connections };
}

/** Runs Manual Trigger → Emit Items → Seller Marketplace and returns the marketplace node's output. */
export async function runSellerNode(
	credentials: SellerCredentials,
	options: NodeRunOptions,
): Promise<WorkflowRun & { items: INodeExecutionData[] }> {
	const result = await runWorkflow(
		sellerNodeWorkflow(options.typeVersion ?? 1, 'sellerMarketplaceApi', options),
		credentials,
		{ checkSecrets: options.checkSecrets ?? true },
	);
	return { ...result, items: result.output('Seller Marketplace') };
}

/** Runs Manual Trigger → Request Probe with the given request options. */
export async function runRequestProbe(
	credentials: SellerCredentials,
	request: IDataObject,
): Promise<WorkflowRun & { json?: IDataObject }> {
	const nodes: INode[] = [
		{ id: '1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: '2',
			name: 'Probe',
			type: 'test.requestProbe',
			typeVersion: 1,
			position: [200, 0],
			parameters: { request: JSON.stringify(request) },
			credentials: { sellerMarketplaceApi: { id: 'cred-1', name: 'Sandbox' } },
		},
	];
	const connections = { Start: { main: [[{ node: 'Probe', type: 'main' as const, index: 0 }]] } };
	const result = await runWorkflow({ nodes, connections }, credentials);
	return { ...result, json: result.output('Probe')[0]?.json };
}

export interface NodeRunOptionsV2 extends NodeRunOptions {
	/** 2.1 (the default, what a new node gets) or 2 (as saved before Sort had its own collection). */
	typeVersion?: 2 | 2.1;
	/** The workflow's time zone (n8n's default is America/New_York). */
	timezone?: string;
}

/**
 * Runs Manual Trigger → Emit Items → Seller Marketplace (API v2 credentials) and returns the node's output. Without a
 * `typeVersion` the node is what a new node gets (2.1), with Simplify off unless the test sets it: most tests check
 * whole records as the API sends them (test/SellerMarketplace/output checks Simplify itself).
 */
export async function runSellerNodeV2(
	credentials: SellerCredentialsV2,
	options: NodeRunOptionsV2,
): Promise<WorkflowRun & { items: INodeExecutionData[] }> {
	const parameters = options.typeVersion === undefined ? { simple: false, ...options.parameters } : options.parameters;
	const workflow = sellerNodeWorkflow(options.typeVersion ?? 2.1, 'sellerMarketplaceV2Api', { ...options, parameters });
	const { checkSecrets = true, timezone } = options;
	const result = await runWorkflow(
		workflow,
		{ sellerMarketplaceV2Api: { ...credentials } },
		{ checkSecrets, timezone },
	);
	return { ...result, items: result.output('Seller Marketplace') };
}

export interface ToolRunOptions {
	/** 1.1 (API v1) or 2.1 (API v2). */
	typeVersion: number;
	/** Parameters of the Seller Marketplace node (Tool). */
	parameters: IDataObject;
	/** What the agent passes when it calls the tool (the values of `$fromAI()` in the parameters). */
	toolArgs?: IDataObject;
}

/**
 * Runs Manual Trigger → Tool Caller, with the Seller Marketplace node connected to it as an AI tool, the way an
 * AI Agent node uses it; `answers` are what the tool answered, as the agent reads them.
 */
export async function runSellerTool(
	credentials: SellerCredentials | SellerCredentialsV2,
	{ typeVersion, parameters, toolArgs = {} }: ToolRunOptions,
): Promise<WorkflowRun & { answers: Array<{ text: string; answer: unknown }> }> {
	const credentialType = typeVersion >= 2 ? 'sellerMarketplaceV2Api' : 'sellerMarketplaceApi';
	const nodes: INode[] = [
		{ id: '1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: '2',
			name: 'Agent',
			type: 'test.toolCaller',
			typeVersion: 1,
			position: [200, 0],
			parameters: { toolArgs: JSON.stringify(toolArgs) },
		},
		{
			id: '3',
			name: 'Seller Marketplace',
			type: `${PACKAGE}.sellerMarketplaceTool`,
			typeVersion,
			position: [200, 200],
			parameters: parameters as INode['parameters'],
			credentials: { [credentialType]: { id: `cred-${typeVersion}`, name: 'Sandbox' } },
		},
	];
	const connections = {
		Start: { main: [[{ node: 'Agent', type: 'main' as const, index: 0 }]] },
		'Seller Marketplace': { ai_tool: [[{ node: 'Agent', type: 'ai_tool' as const, index: 0 }]] },
	};
	const result = await runWorkflow({ nodes, connections }, { [credentialType]: { ...credentials } });
	const answers = result.output('Agent').map((item) => ({ text: item.json.text as string, answer: item.json.answer }));
	return { ...result, answers };
}

export interface AgentRunOptions {
	/** The node version of every tool, e.g. 2.1. */
	typeVersion: number;
	/** The Seller Marketplace nodes the agent uses as tools, by name (the name is the tool's name, e.g. `get_order`). */
	tools: Record<string, IDataObject>;
	/** What the model calls, turn by turn (the calls of a turn run together). */
	script: ScriptedToolCall[][];
}

/**
 * Manual Trigger → an agent with a scripted model (n8n's AI Agent 3 stand-in: the engine runs each tool call),
 * and the Seller Marketplace nodes as its tools. Returns what the agent read back from each call.
 */
export async function runSellerAgent(
	credentials: SellerCredentials | SellerCredentialsV2,
	{ typeVersion, tools, script }: AgentRunOptions,
): Promise<WorkflowRun & { read: AgentObservation[] }> {
	const credentialType = typeVersion >= 2 ? 'sellerMarketplaceV2Api' : 'sellerMarketplaceApi';
	const toolNodes: INode[] = Object.entries(tools).map(([name, parameters], index) => ({
		id: `tool-${index}`,
		name,
		type: `${PACKAGE}.sellerMarketplaceTool`,
		typeVersion,
		position: [200 + 200 * index, 200],
		parameters: parameters as INode['parameters'],
		credentials: { [credentialType]: { id: `cred-${typeVersion}`, name: 'Sandbox' } },
	}));
	const nodes: INode[] = [
		{ id: '1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: '2',
			name: 'Agent',
			type: 'test.scriptedAgent',
			typeVersion: 1,
			position: [200, 0],
			parameters: { script: JSON.stringify(script) },
		},
		...toolNodes,
	];
	const connections = {
		Start: { main: [[{ node: 'Agent', type: 'main' as const, index: 0 }]] },
		...Object.fromEntries(
			toolNodes.map(({ name }) => [name, { ai_tool: [[{ node: 'Agent', type: 'ai_tool' as const, index: 0 }]] }]),
		),
	};
	const result = await runWorkflow({ nodes, connections }, { [credentialType]: { ...credentials } });
	const agentRuns = result.run.data.resultData.runData.Agent ?? [];
	const last = agentRuns.at(-1)?.data?.main?.[0] ?? [];
	return { ...result, read: last.map((item) => item.json as unknown as AgentObservation) };
}
