/**
 * The credential test of n8n's editor ("Test" on a credential), in-process: n8n runs a credential's declarative
 * `test` request through n8n-core's RoutingNode inside a throw-away node that holds only that request, then
 * judges the outcome (n8n's CredentialsTester, packages/cli): a thrown request error is a failure with the
 * error's text, unless a `responseCode` rule names its status; after an answer, `responseSuccessBody` rules are checked in order, and the first whose key holds
 * its value fails the test with its message. That judging step is restated here, since the n8n package is not
 * installed for the unit tests; the request itself takes n8n-core's real path.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeType,
	INodeTypes,
	IWorkflowBase,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { testAdditionalData } from './workflow';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

function valueAt(json: unknown, path: string): unknown {
	return path
		.replace(/\[(\d+)\]/g, '.$1')
		.split('.')
		.filter(Boolean)
		.reduce<unknown>(
			(value, key) => (value && typeof value === 'object' ? (value as IDataObject)[key] : undefined),
			json,
		);
}

export async function runCredentialTest(
	credentialType: ICredentialType,
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const test = credentialType.test!;
	const nodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } },
			],
		},
	} as unknown as INodeType;
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [credentialType.name]: { id: 'cred-test', name: 'Under test' } },
	};
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const workflowData = {
		id: 'wf-credential-test',
		name: 'credential test',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const additionalData = testAdditionalData({ [credentialType.name]: { ...data } }, workflowData);
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		{ resultData: { runData: {} } } as never,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routing = new RoutingNode(context, nodeType, {
		id: 'cred-test',
		name: 'Under test',
		type: credentialType.name,
		data,
	});

	let response: Awaited<ReturnType<RoutingNode['runNode']>>;
	try {
		response = await routing.runNode();
	} catch (error) {
		const cause = (error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }).cause;
		if (cause?.response) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === cause.response.status)
					return { status: 'Error', message: rule.properties.message };
			}
			return {
				status: 'Error',
				message: cause.response.statusText || `Received HTTP status code: ${cause.response.status}`,
			};
		}
		if (cause?.code) return { status: 'Error', message: cause.code };
		return { status: 'Error', message: String((error as Error).message) };
	}
	const json = response?.[0]?.[0]?.json;
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && valueAt(json, rule.properties.key) === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
