import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resources, resourceSelector } from './actions';
import { router } from './actions/router';
import { requestOptionsField } from './descriptions/requestOptions';
import { listSearch, loadOptions } from './methods';

export class SellerMarketplace implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Seller Marketplace',
		name: 'sellerMarketplace',
		icon: { light: 'file:../../icons/seller-marketplace.svg', dark: 'file:../../icons/seller-marketplace.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage orders, shipping, offers, product data, returns and tickets of a marketplace seller account (API v1)',
		defaults: { name: 'Seller Marketplace' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'sellerMarketplaceApi', required: true }],
		properties: [
			resourceSelector,
			...Object.values(resources).flatMap((resource) => resource.description),
			requestOptionsField,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
