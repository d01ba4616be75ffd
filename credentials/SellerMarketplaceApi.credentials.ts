import type { IAuthenticate, ICredentialTestRequest, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

import { retiredApiV1Notice } from '../nodes/shared/descriptions/retired';
import { SIGNATURE_HINT } from '../nodes/api/v1/errors';
import { authenticateRequest } from '../nodes/api/v1/signing';

export class SellerMarketplaceApi implements ICredentialType {
	name = 'sellerMarketplaceApi';

	// Not "Seller Marketplace API": n8n lists credential types by display name, and the retired type must come
	// after "Seller Marketplace V2 API", which is the one to pick ("V2" sorts before "Version").
	displayName = 'Seller Marketplace Version 1 (Retired) API';

	icon: Icon = {
		light: 'file:../icons/seller-marketplace.svg',
		dark: 'file:../icons/seller-marketplace.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace/blob/main/docs/credentials/SellerMarketplaceApi.md';

	properties: INodeProperties[] = [
		retiredApiV1Notice,
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
			placeholder: 'https://…/api/v1',
			// empty: the address API v1 had no longer answers
			default: '',
			required: true,
			description: 'The API v1 address, ending in /v1, with https:// (http:// only for an address on this machine)',
		},
	];

	authenticate: IAuthenticate = async (credentials, requestOptions) =>
		authenticateRequest(credentials, requestOptions, Math.floor(Date.now() / 1000));

	/** A signed ping. API v1 does not say whether the key or the clock was wrong, so a 401 names both, as the node does. */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/status/ping/',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: `The marketplace did not accept the request signature. ${SIGNATURE_HINT}` },
			},
		],
	};
}
