import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { requestOptionsField } from '../../shared/descriptions/fields';
import { operationSubtitle, tidyProperties } from '../../shared/descriptions/words';
import { propertiesOfVersion } from '../../shared/helpers/simplify';
import { resources, resourceSelector } from './actions';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';
import { CREDENTIALS_TYPE } from '../../api/v2';

/** Node version 2: the seller API v2 (`/v2`, `Shop-` signed requests, storefronts); 2.1 adds Simplify. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceV2 {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription, version: 2 | 2.1 = 2) {
		const properties = propertiesOfVersion(
			tidyProperties([resourceSelector, ...resources.flatMap((resource) => resource.description), requestOptionsField]),
			version >= 2.1,
		);
		this.description = {
			...baseDescription,
			// 2.1: Simplify on the reads of records, and Sort as its own collection below Options; 2 stays as saved workflows have it.
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
		return await router.call(this);
	}
}
