/**
 * Runs Manual Trigger → Seller Marketplace (→ with input items) through n8n-core's WorkflowExecute, like
 * test/harness/workflow.ts's runSellerNode and with its node types and credentials helper, but without
 * the harness's per-run secret scan: that scan walks and joins every output string, which would add
 * O(output) time and a copy of the whole output to the figures measured here. n8n's logger is a no-op,
 * as in a server at the default log level (the harness collects every line in memory).
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, IRun, IWorkflowBase, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { LoggerProxy, Workflow } from 'n8n-workflow';

import { nodeTypes, PACKAGE, TestCredentialsHelper, type SellerCredentials } from '../test/harness/workflow';

const silent = () => undefined;
LoggerProxy.init({ error: silent, warn: silent, info: silent, debug: silent, scoped: () => LoggerProxy as never } as never);

export const NODE_NAME = 'Seller Marketplace';

export interface NodeRun {
	items: INodeExecutionData[];
	/** n8n's own measure of the node's execution (runData[node][0].executionTime) */
	nodeMs: number;
	run: IRun;
}

let counter = 0;

/** Runs the Seller Marketplace node once with `parameters` on `inputItems` input items. */
export async function runNode(credentials: SellerCredentials, parameters: IDataObject, inputItems = 1): Promise<NodeRun> {
	const id = `bench-${++counter}`;
	const nodes: INode[] = [
		{ id: '1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: '2',
			name: 'Input',
			type: 'test.emitItems',
			typeVersion: 1,
			position: [200, 0],
			parameters: { items: JSON.stringify(Array.from({ length: inputItems }, () => ({ json: {} }))) },
		},
		{
			id: '3',
			name: NODE_NAME,
			type: `${PACKAGE}.sellerMarketplace`,
			typeVersion: 1,
			position: [400, 0],
			parameters: parameters as INode['parameters'],
			credentials: { sellerMarketplaceApi: { id: 'cred-1', name: 'Sandbox' } },
		},
	];
	const connections = {
		Start: { main: [[{ node: 'Input', type: 'main' as const, index: 0 }]] },
		Input: { main: [[{ node: NODE_NAME, type: 'main' as const, index: 0 }]] },
	};
	const workflowData = {
		id,
		name: id,
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: { executionOrder: 'v1' },
		nodes,
		connections,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({ id, name: id, nodes, connections, active: false, nodeTypes: nodeTypes(), settings: { executionOrder: 'v1' } });
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper({ sellerMarketplaceApi: { ...credentials } }),
		hooks: new ExecutionLifecycleHooks('manual', `exec-${id}`, workflowData),
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used here');
		},
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		variables: {},
		userId: 'bench-user',
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
	const run = await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: workflow.getNode('Start') ?? undefined });
	const error = run.data.resultData.error;
	if (error) throw new Error(`workflow failed: ${error.message}`);
	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	return { items: task?.data?.main?.[0] ?? [], nodeMs: task?.executionTime ?? NaN, run };
}
