import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { storefrontField } from '../../api/v2/storefront';
import { eventsField, TEST_EVENT_DOCS_LINK, triggerDescription, verificationNotice, type VersionWording } from '../shared/options';
import { PushTriggerVersion } from '../triggerVersion';
import { V2 } from './dialect';
import { eventOptions } from './events';

const WORDING: VersionWording = {
	version: 2,
	dialect: V2,
	// How to cause an event while the editor listens (trigger panel).
	testEvent: `To cause one, place an order for one of your units in the storefront under 'Storefront', or mark an order unit as sent (Order Unit → Send in the Seller Marketplace node), which sends Order Unit Status Changed. ${TEST_EVENT_DOCS_LINK}.`,
	resources: 'order, order unit, return, return unit, unit, product or category',
};

/** Trigger version 2: push notifications of the seller API v2 (spec §F), one subscription per event for one storefront. */
export class SellerMarketplaceTriggerV2 extends PushTriggerVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		const description = triggerDescription(baseDescription, WORDING, [
			verificationNotice(
				'How events are trusted: the marketplace signs each notification with your Secret Key "with the function that signs requests". The node checks Shop-Signature as hex HMAC-SHA256 of POST, this webhook URL as registered, the raw body and Shop-Timestamp (at most 13 hours old, for retries, and 15 minutes ahead), and runs only events whose signature verifies and whose storefront is the one under Storefront. Any other call is refused with one answer and costs nothing: no request to the marketplace, no execution. Options → Verify Events By can add confirming by reading (off by default).',
			),
			eventsField(eventOptions),
			{
				...storefrontField,
				description: 'The storefront (country) whose events start the workflow. A subscription is per event and storefront.',
			},
		]);
		super(description, V2);
	}
}
