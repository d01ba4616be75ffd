import type { INodeExecutionData, INodeTypeBaseDescription, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { requestOptionsField } from '../../SellerMarketplace/v1/descriptions/requestOptions';
import { requestSettings } from '../../shared/transport/request';
import { pollOptionsField, readPollOptions } from '../shared/options';
import { pollEvent } from '../shared/poll';
import { eventProperties, v1EventSource } from './events';

/** Polling trigger version 1: reads the lists of the seller API v1 on a schedule. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplacePollTriggerV1 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = {
			...baseDescription,
			version: 1,
			polling: true,
			subtitle: '={{$parameter["event"]}}',
			defaults: { name: 'Seller Marketplace Poll Trigger' },
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'sellerMarketplaceApi', required: true }],
			properties: [
				{
					displayName:
						'Checks the marketplace on the schedule below, so n8n does not need to be reachable from the internet. Each new record starts the workflow once; the first poll after publishing starts from now.',
					name: 'notice',
					type: 'notice',
					default: '',
				},
				...eventProperties,
				pollOptionsField,
				{
					...requestOptionsField,
					options: requestOptionsField.options?.map((option) =>
						option.name === 'pageConcurrency'
							? {
									...option,
									description:
										'How many pages to read at the same time when a poll needs more than one. Lists followed by their update time are read one page after the other. Drops to one at a time as soon as the marketplace asks to slow down.',
								}
							: option,
					),
				},
			],
		};
	}

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { source, key } = v1EventSource(this);
		return await pollEvent.call(this, source, { key, ...readPollOptions(this), concurrency: requestSettings(this).concurrency });
	}
}
