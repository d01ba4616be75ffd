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
import { CREDENTIALS_TYPE } from '../../api/v2';

/** Node version 2: the seller API v2 (`/v2`, `Shop-` signed requests, storefronts); 2.1 adds Simplify. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceV2 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription, version: 2 | 2.1 = 2) {
		const properties = actions.properties(version);
		this.description = {
			...baseDescription,
			version,
			subtitle: operationSubtitle(properties),
			defaults: { name: 'Seller Marketplace' },
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: CREDENTIALS_TYPE, required: true }],
			properties,
		};
	}

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this, actions);
	}
}
