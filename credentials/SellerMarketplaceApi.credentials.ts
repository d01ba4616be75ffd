import type {
	IAuthenticate,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { signRequestOptions } from '../nodes/SellerMarketplace/v1/transport/signing';

export class SellerMarketplaceApi implements ICredentialType {
	name = 'sellerMarketplaceApi';

	displayName = 'Seller Marketplace API';

	icon: Icon = {
		light: 'file:../icons/seller-marketplace.svg',
		dark: 'file:../icons/seller-marketplace.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Client Key',
			name: 'clientKey',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 0123456789abcdef0123456789abcdef',
			description: 'The 32-character client key from the API settings of your seller account',
		},
		{
			displayName: 'Secret Key',
			name: 'secretKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The 64-character secret key from the API settings of your seller account. It signs every request and is never sent.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://www.kaufland.de/api/v1',
			required: true,
			description:
				'Address of the API, ending in /v1. Change it only to use the local sandbox (npm run sandbox prints its address).',
		},
	];

	authenticate: IAuthenticate = async (credentials, requestOptions) =>
		signRequestOptions(credentials, requestOptions, Math.floor(Date.now() / 1000));

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/status/ping/',
			method: 'GET',
		},
	};
}
