import type { IAuthenticate, ICredentialTestRequest, ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

import { textField } from '../nodes/shared/descriptions/fields';
import { storefrontOptions } from '../nodes/api/v2/enums';
import { credentialTestRules } from '../nodes/api/v2/credentialTest';
import { DEFAULT_BASE_URL, DEFAULT_USER_AGENT, signRequestOptions } from '../nodes/api/v2/signing';

export class SellerMarketplaceV2Api implements ICredentialType {
	name = 'sellerMarketplaceV2Api';

	displayName = 'Seller Marketplace V2 API';

	icon: Icon = {
		light: 'file:../icons/seller-marketplace.svg',
		dark: 'file:../icons/seller-marketplace.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace/blob/main/docs/credentials/SellerMarketplaceV2Api.md';

	properties: INodeProperties[] = [
		textField('Client Key', 'clientKey', 'The 32-character client key from the API settings of the Seller Portal', {
			required: true,
			placeholder: 'e.g. 0123456789abcdef0123456789abcdef',
		}),
		textField(
			'Secret Key',
			'secretKey',
			'The 64-character secret key from the API settings of the Seller Portal. It signs every request and is never sent.',
			{
				required: true,
				typeOptions: { password: true },
			},
		),
		{
			displayName: 'Default Storefront',
			name: 'storefront',
			type: 'options',
			options: storefrontOptions,
			default: 'de',
			description:
				'The storefront (country) the node uses when an operation does not name one. Each operation that takes a storefront can override it.',
		},
		textField(
			'User-Agent',
			'userAgent',
			'API v2 requires every request to name the software that sends it. Keep the default, or name your own integration.',
			{
				required: true,
				default: DEFAULT_USER_AGENT,
			},
		),
		textField(
			'Base URL',
			'baseUrl',
			'Address of the API, ending in /v2. Change it only for the playground (https://sellerapi-playground.kaufland.com/v2) or a test server on this machine (http:// is allowed only there).',
			{ required: true, default: DEFAULT_BASE_URL },
		),
		textField(
			'Partner Client Key',
			'partnerClientKey',
			'Only for partners (software providers acting for sellers): your partner client key. Every request is then signed a second time with the partner keys.',
		),
		textField(
			'Partner Secret Key',
			'partnerSecretKey',
			'Only for partners: your partner secret key. It signs every request a second time and is never sent.',
			{
				typeOptions: { password: true },
			},
		),
	];

	authenticate: IAuthenticate = async (credentials, requestOptions) =>
		signRequestOptions(credentials, requestOptions, Math.floor(Date.now() / 1000));

	/**
	 * A signed ping. Error answers come back as the body (not as a failure) so that the rules can read the
	 * problem type and tell a wrong key from a wrong clock; anything but the ping's `data` fails the test.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/status/ping',
			method: 'GET',
			ignoreHttpStatusErrors: true,
		},
		rules: credentialTestRules,
	};
}
