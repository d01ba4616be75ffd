import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { SellerMarketplacePollTriggerV1 } from './v1/SellerMarketplacePollTriggerV1.node';
import { SellerMarketplacePollTriggerV2 } from './v2/SellerMarketplacePollTriggerV2.node';
import { withRetiredNotice } from '../shared/descriptions/retired';

/**
 * One polling trigger, one version per API version of the marketplace: 1 reads API v1 (kept for saved workflows), 2
 * and 2.1 read API v2, and 2.1 is what a new node gets. 2.1 adds Simplify (on by default) like the action node's
 * Get Many; 2 stays as saved workflows have it (raw records).
 */
export class SellerMarketplacePollTrigger extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Seller Marketplace Poll Trigger',
			name: 'sellerMarketplacePollTrigger',
			icon: { light: 'file:../../icons/seller-marketplace.svg', dark: 'file:../../icons/seller-marketplace.dark.svg' },
			group: ['trigger'],
			description:
				'Starts the workflow on new orders, order units to send, returns, tickets, offers out of stock or finished imports, by checking the marketplace on a schedule',
			defaultVersion: 2.1,
		};
		const nodeVersions: IVersionedNodeType['nodeVersions'] = {
			1: withRetiredNotice(new SellerMarketplacePollTriggerV1(baseDescription)),
			2: new SellerMarketplacePollTriggerV2(baseDescription, 2),
			2.1: new SellerMarketplacePollTriggerV2(baseDescription, 2.1),
		};
		super(nodeVersions, baseDescription);
	}
}
