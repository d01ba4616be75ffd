import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { storefrontField } from '../../api/v2/storefront';
import { TEST_EVENT_DOCS_LINK, triggerDescription, type VersionWording } from '../shared/options';
import { PushTriggerVersion } from '../triggerVersion';
import { V2 } from './dialect';
import { eventOptions } from './events';

const WORDING: VersionWording = {
	version: 2,
	dialect: V2,
	// How to cause an event while the editor listens (trigger panel).
	testEvent: `To cause one, place an order for one of your units in the storefront under 'Storefront', or mark an order unit as sent (Order Unit → Send in the Seller Marketplace node), which sends Order Unit Status Changed. ${TEST_EVENT_DOCS_LINK}.`,
	resources: 'order, order unit, return, return unit, unit, product or category',
	verification:
		'Only events signed with your Secret Key, for the storefront below, start the workflow; any other call is refused.',
	events: eventOptions,
};

/** Trigger version 2: push notifications of the seller API v2, one subscription per event for one storefront. */
export class SellerMarketplaceTriggerV2 extends PushTriggerVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const description = triggerDescription(baseDescription, WORDING, [
			{
				...storefrontField,
				description:
					'The storefront (country) whose events start the workflow. A subscription is per event and storefront.',
			},
		]);
		super(description, V2);
	}
}
