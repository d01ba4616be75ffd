import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { SellerMarketplaceV1 } from './v1/SellerMarketplaceV1.node';
import { SellerMarketplaceV2 } from './v2/SellerMarketplaceV2.node';
import { ACTION_NODE_DESCRIPTION } from '../shared/descriptions/app';
import { withRetiredNotice } from '../shared/descriptions/retired';

/**
 * One node, one version per API version of the marketplace: 1 speaks API v1 (kept for saved workflows), 2 and 2.1
 * speak API v2, and 2.1 is what a new node gets. 1.1 and 2.1 add Simplify (on by default) to the reads of records,
 * and 2.1 puts Sort in its own collection below Options; 1 and 2 stay as saved workflows have them.
 */
export class SellerMarketplace extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Seller Marketplace',
			name: 'sellerMarketplace',
			icon: { light: 'file:../../icons/seller-marketplace.svg', dark: 'file:../../icons/seller-marketplace.dark.svg' },
			group: ['transform'],
			description: ACTION_NODE_DESCRIPTION,
			defaultVersion: 2.1,
		};
		const nodeVersions: IVersionedNodeType['nodeVersions'] = {
			1: withRetiredNotice(new SellerMarketplaceV1(baseDescription, 1)),
			1.1: withRetiredNotice(new SellerMarketplaceV1(baseDescription, 1.1)),
			2: new SellerMarketplaceV2(baseDescription, 2),
			2.1: new SellerMarketplaceV2(baseDescription, 2.1),
		};
		super(nodeVersions, baseDescription);
	}
}
