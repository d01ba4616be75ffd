import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { SellerMarketplaceTriggerV1 } from './v1/SellerMarketplaceTriggerV1.node';
import { SellerMarketplaceTriggerV2 } from './v2/SellerMarketplaceTriggerV2.node';

/** One trigger, one version per API version of the marketplace: 1 receives API v1 push notifications, 2 those of API v2. */
export class SellerMarketplaceTrigger extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Seller Marketplace Trigger',
			name: 'sellerMarketplaceTrigger',
			icon: { light: 'file:../../icons/seller-marketplace.svg', dark: 'file:../../icons/seller-marketplace.dark.svg' },
			group: ['trigger'],
			description: 'Starts the workflow when the marketplace sends a push notification (orders, order units, returns, offers, …)',
			defaultVersion: 2,
		};
		const nodeVersions: IVersionedNodeType['nodeVersions'] = {
			1: new SellerMarketplaceTriggerV1(baseDescription),
			2: new SellerMarketplaceTriggerV2(baseDescription),
		};
		super(nodeVersions, baseDescription);
	}
}
