import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { SellerMarketplacePollTriggerV1 } from './v1/SellerMarketplacePollTriggerV1.node';

/** One polling trigger, one version per API version of the marketplace: 1 reads API v1. */
export class SellerMarketplacePollTrigger extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Seller Marketplace Poll Trigger',
			name: 'sellerMarketplacePollTrigger',
			icon: { light: 'file:../../icons/seller-marketplace.svg', dark: 'file:../../icons/seller-marketplace.dark.svg' },
			group: ['trigger'],
			description: 'Starts the workflow on new orders, order units to send, returns, tickets, offers out of stock or finished imports, by checking the marketplace on a schedule',
			defaultVersion: 1,
		};
		const nodeVersions: IVersionedNodeType['nodeVersions'] = {
			1: new SellerMarketplacePollTriggerV1(baseDescription),
		};
		super(nodeVersions, baseDescription);
	}
}
