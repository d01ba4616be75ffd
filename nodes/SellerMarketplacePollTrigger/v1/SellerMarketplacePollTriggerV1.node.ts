import type { INodeExecutionData, INodeTypeBaseDescription, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { readRequestSettings } from '../../api/core/settings';
import { pollTriggerDescription, readPollOptions } from '../shared/options';
import { pollEvent } from '../shared/poll';
import { eventProperties, v1EventSource } from './events';

/** Polling trigger version 1: reads the lists of the seller API v1 on a schedule. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplacePollTriggerV1 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = pollTriggerDescription(baseDescription, {
			version: 1,
			credentials: 'sellerMarketplaceApi',
			eventProperties,
		});
	}

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { source, key } = v1EventSource(this);
		return await pollEvent.call(this, source, {
			key,
			...readPollOptions(this),
			concurrency: readRequestSettings(this).concurrency,
		});
	}
}
