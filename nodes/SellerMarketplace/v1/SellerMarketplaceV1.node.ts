import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { operationSubtitle, tidyProperties } from '../../shared/descriptions/words';
import { resources, resourceSelector } from './actions';
import { router } from './actions/router';
import { requestOptionsField } from './descriptions/requestOptions';
import { listSearch, loadOptions } from './methods';

/** Node version 1: the seller API v1 (`/api/v1`, `HM-` signed requests). Parameters unchanged since the first release. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceV1 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		const properties = tidyProperties([resourceSelector, ...Object.values(resources).flatMap((resource) => resource.description), requestOptionsField]);
		this.description = {
			...baseDescription,
			version: 1,
			subtitle: operationSubtitle(properties),
			defaults: { name: 'Seller Marketplace' },
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'sellerMarketplaceApi', required: true }],
			properties,
		};
	}

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
