import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { requestOptionsField } from '../../shared/descriptions/fields';
import { propertiesOfVersion } from '../../shared/helpers/simplify';
import { resources, resourceSelector } from './actions';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';
import { CREDENTIALS_TYPE } from './transport';

/** Node version 2: the seller API v2 (`/v2`, `Shop-` signed requests, storefronts); 2.1 adds Simplify. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceV2 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription, version: 2 | 2.1 = 2) {
		this.description = {
			...baseDescription,
			version,
			subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
			defaults: { name: 'Seller Marketplace' },
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: CREDENTIALS_TYPE, required: true }],
			properties: propertiesOfVersion([resourceSelector, ...resources.flatMap((resource) => resource.description), requestOptionsField], version >= 2.1),
		};
	}

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
