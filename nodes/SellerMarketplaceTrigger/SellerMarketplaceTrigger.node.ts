import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';

import { SellerMarketplaceTriggerV1 } from './v1/SellerMarketplaceTriggerV1.node';
import { SellerMarketplaceTriggerV2 } from './v2/SellerMarketplaceTriggerV2.node';
import { withRetiredNotice } from '../shared/descriptions/retired';
import { PUSH_TRIGGER_DESCRIPTION } from '../shared/descriptions/app';

/** One trigger, one version per API version of the marketplace: 1 receives API v1 push notifications, 2 those of API v2. */
export class SellerMarketplaceTrigger extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Seller Marketplace Trigger',
			name: 'sellerMarketplaceTrigger',
			icon: { light: 'file:../../icons/seller-marketplace.svg', dark: 'file:../../icons/seller-marketplace.dark.svg' },
			group: ['trigger'],
			// n8n's node panel shows it for the action node too (nodes/shared/descriptions/app.ts)
			description: PUSH_TRIGGER_DESCRIPTION,
			defaultVersion: 2,
		};
		const nodeVersions: IVersionedNodeType['nodeVersions'] = {
			1: withRetiredNotice(new SellerMarketplaceTriggerV1(baseDescription)),
			2: new SellerMarketplaceTriggerV2(baseDescription),
		};
		super(nodeVersions, baseDescription);
	}
}
