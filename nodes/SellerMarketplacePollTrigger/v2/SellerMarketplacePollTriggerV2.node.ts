import type { INodeExecutionData, INodeTypeBaseDescription, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { CREDENTIALS_TYPE } from '../../api/v2';
import { readRequestSettings } from '../../api/core/settings';
import { simplifiedRecord } from '../../shared/helpers/simplify';
import { pollTriggerDescription, readPollOptions } from '../shared/options';
import { pollEvent } from '../shared/poll';
import { eventProperties, simplifyProperties, v2EventSource } from './events';

/** Polling trigger version 2: reads the lists of the seller API v2 on a schedule, per storefront; 2.1 adds Simplify. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplacePollTriggerV2 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription, version: 2 | 2.1 = 2) {
		// 2.1: Simplify, on by default (n8n saves no defaults, so a saved 2 keeps its raw records).
		const properties = version >= 2.1 ? [...eventProperties, ...simplifyProperties] : eventProperties;
		this.description = pollTriggerDescription(baseDescription, {
			version,
			credentials: CREDENTIALS_TYPE,
			eventProperties: properties,
		});
	}

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { source, key, shape } = await v2EventSource(this);
		// Read before polling, so that a bad value fails before any request; version 2 has no Simplify (raw).
		const simplify = shape !== undefined && this.getNodeParameter('simple', false) === true;
		const output = await pollEvent.call(this, source, {
			key,
			...readPollOptions(this),
			concurrency: readRequestSettings(this).concurrency,
		});
		if (!simplify || !output) return output;
		return output.map((items) => items.map((item) => ({ ...item, json: simplifiedRecord(item.json, shape) })));
	}
}
