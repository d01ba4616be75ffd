/**
 * Every node version's description as n8n receives it (the versioned node's description for that version), checked
 * in as a snapshot: a change to a field, a default, a label or a display rule shows in review as a diff of
 * `__snapshots__/descriptions.test.ts.snap`. After a deliberate change: `npx jest test/descriptions -u`.
 */
import type { IVersionedNodeType } from 'n8n-workflow';

import { SellerMarketplace } from '../../nodes/SellerMarketplace/SellerMarketplace.node';
import { SellerMarketplacePollTrigger } from '../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node';
import { SellerMarketplaceTrigger } from '../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node';

const nodes: IVersionedNodeType[] = [
	new SellerMarketplace(),
	new SellerMarketplaceTrigger(),
	new SellerMarketplacePollTrigger(),
];

const versions = nodes.flatMap((node) =>
	Object.keys(node.nodeVersions)
		.map(Number)
		.sort((a, b) => a - b)
		.map((version) => ({ node, version, name: `${node.description.name} ${version}` })),
);

describe('the description of every node version, as n8n receives it', () => {
	it('covers every version of the three nodes', () => {
		expect(versions.map(({ name }) => name)).toEqual(
			expect.arrayContaining(['sellerMarketplace 1', 'sellerMarketplace 2.1', 'sellerMarketplaceTrigger 2']),
		);
	});

	it.each(versions)('$name', ({ node, version }) => {
		expect(node.getNodeType(version).description).toMatchSnapshot();
	});
});
