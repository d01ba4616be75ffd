import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { operationSubtitle } from '../../shared/descriptions/words';
import { router } from '../actions/router';
import { actions } from './actions';
import { listSearch, loadOptions } from './methods';

/** Node version 1: the seller API v1 (`/api/v1`, `HM-` signed requests). Version 1 keeps the form of the first release; 1.1 adds Simplify. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceV1 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription, version: 1 | 1.1 = 1) {
		const properties = actions.properties(version);
		this.description = {
			...baseDescription,
			version,
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
		return await router.call(this, actions);
	}
}
