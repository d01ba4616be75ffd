import type { INodeExecutionData, INodeTypeBaseDescription, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { CREDENTIALS_TYPE } from '../../api/v2';
import { readRequestSettings } from '../../api/core/settings';
import { pollTriggerDescription, readPollOptions } from '../shared/options';
import { pollEvent } from '../shared/poll';
import { eventProperties, v2EventSource } from './events';

/** Polling trigger version 2: reads the lists of the seller API v2 on a schedule, per storefront. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplacePollTriggerV2 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = pollTriggerDescription(baseDescription, { version: 2, credentials: CREDENTIALS_TYPE, eventProperties });
	}

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { source, key } = await v2EventSource(this);
		return await pollEvent.call(this, source, { key, ...readPollOptions(this), concurrency: readRequestSettings(this).concurrency });
	}
}
