/**
 * A freshly added Seller Marketplace node, Order Unit → Send: n8n asks for the Carrier list as soon as the form
 * opens, before a credential is chosen (n8n-core then refuses the API call: "Node does not have any credentials
 * set", and the editor showed an error and an empty list until the node was reopened). The list comes from n8n's
 * real load-options context for that node, without a credential, then with one.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { INode, IWorkflowBase, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { CARRIER_CODES } from '../../../nodes/api/v1/enums';
import { getCarriers } from '../../../nodes/SellerMarketplace/v2/methods/loadOptions';
import { loadOptionsContextV2, nodeTypes, PACKAGE, testAdditionalData } from '../../harness/workflow';
import { useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 5 }, 'carriers');

/** The context n8n builds for a node just added to the canvas: no credentials on the node yet. */
function freshNodeContext(): LoadOptionsContext {
	const parameters = { resource: 'orderUnit', operation: 'send' };
	const node: INode = {
		id: '1',
		name: 'Seller Marketplace',
		type: `${PACKAGE}.sellerMarketplace`,
		typeVersion: 2.1,
		position: [0, 0],
		parameters,
	};
	const workflowData = {
		id: 'wf-fresh',
		name: 'fresh',
		nodes: [node],
		connections: {},
		active: false,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: 'wf-fresh',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypes(),
	});
	const additionalData = {
		...testAdditionalData({ sellerMarketplaceV2Api: { ...v2.credentials() } }, workflowData),
		currentNodeParameters: parameters,
	};
	return new LoadOptionsContext(workflow, node, additionalData as IWorkflowExecuteAdditionalData, 'parameters');
}

it('before a credential is chosen, Carrier lists the carriers the marketplace documents, and no request is sent', async () => {
	const context = freshNodeContext();
	// what the API call would meet: n8n-core refuses credentials the node does not have
	await expect(context.getCredentials('sellerMarketplaceV2Api')).rejects.toThrow(
		'Node does not have any credentials set',
	);

	const options = await getCarriers.call(context);

	expect(v2.requests()).toEqual([]);
	expect(options.map((option) => option.value).sort()).toEqual([...CARRIER_CODES].sort());
	expect(options).toContainEqual({ name: 'DHL', value: 'DHL' });
	expect(options.map((option) => option.name)).toEqual(
		[...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b)),
	);
});

it('with a credential n8n picked that the marketplace refuses, Carrier still lists the documented carriers', async () => {
	const options = await getCarriers.call(
		loadOptionsContextV2(
			{ ...v2.credentials(), secretKey: 'x'.repeat(64) },
			{ resource: 'orderUnit', operation: 'send' },
		),
	);
	expect(v2.requests().map((request) => [request.method, request.path, request.status])).toEqual([
		['GET', '/carriers', 401],
	]);
	expect(options.map((option) => option.value).sort()).toEqual([...CARRIER_CODES].sort());
});

it("once a credential is set, Carrier lists the account's carriers from GET /carriers", async () => {
	const options = await getCarriers.call(
		loadOptionsContextV2(v2.credentials(), { resource: 'orderUnit', operation: 'send' }),
	);
	expect(v2.requests().map((request) => [request.method, request.path, request.status])).toEqual([
		['GET', '/carriers', 200],
	]);
	expect(options).toContainEqual({ name: 'Cargo International (Freight)', value: 'Cargo International' });
});
