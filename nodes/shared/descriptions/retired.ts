import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

/**
 * Shown first on every API v1 form (the action node's and the triggers' version 1, the v1 credential): the
 * marketplace has retired API v1, so these forms stay only for workflows saved with them.
 */
export const RETIRED_API_V1 =
	'Retired: the marketplace has switched off API v1, so this cannot reach a live seller account. ' +
	'Use node version 2 (add the node again) with Seller Marketplace V2 API credentials.';

export const retiredApiV1Notice: INodeProperties = {
	displayName: RETIRED_API_V1,
	name: 'retiredApiV1',
	type: 'notice',
	default: '',
};

/** The API v1 version of a node, with the notice above its form. */
export function withRetiredNotice<T extends { description: INodeTypeDescription }>(node: T): T {
	node.description.properties = [retiredApiV1Notice, ...node.description.properties];
	return node;
}
