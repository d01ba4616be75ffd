import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { eventNameOptions } from '../../api/v1/enums';
import { TEST_EVENT_DOCS_LINK, triggerDescription, type VersionWording } from '../shared/options';
import { PushTriggerVersion } from '../triggerVersion';
import { V1 } from './dialect';

const WORDING: VersionWording = {
	version: 1,
	dialect: V1,
	// How to cause an event while the editor listens (trigger panel).
	testEvent: `To cause one, place an order for one of your offers, or mark an order unit as sent (Order Unit → Send in the Seller Marketplace node), which sends Order Unit Status Changed. ${TEST_EVENT_DOCS_LINK}.`,
	resources: 'order, order unit, return, item, unit or category',
	verification:
		'API v1 does not document its signature: an event runs if its signature matches or reading what it names confirms it.',
	events: eventNameOptions,
};

/**
 * Trigger version 1: push notifications of the seller API v1. Options added since the first release have
 * defaults, and the two it replaced (Verify Signature, Ignore Repeated Deliveries as a count) are dropped
 * by n8n when an old workflow loads, so saved workflows stay valid and get the safe defaults.
 */
export class SellerMarketplaceTriggerV1 extends PushTriggerVersion {
	constructor(baseDescription: INodeTypeBaseDescription) {
		super(triggerDescription(baseDescription, WORDING), V1);
	}
}
