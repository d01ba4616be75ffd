/**
 * The Storefront field of every operation whose endpoint takes `storefront`. Left on its default
 * it uses the credentials' Default Storefront; lists that merely filter by storefront can also read all.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError } from '../../shared/helpers/validation';
import { STOREFRONTS, storefrontOptions, type Storefront } from './enums';
import { defaultStorefront } from './';

const FROM_CREDENTIALS = 'credentials';
const ALL = 'all';

/** For endpoints that need a storefront (units, creating subscriptions...). */
export const storefrontField: INodeProperties = {
	displayName: 'Storefront',
	name: 'storefront',
	type: 'options',
	options: [{ name: "Credentials' Default Storefront", value: FROM_CREDENTIALS }, ...storefrontOptions],
	default: FROM_CREDENTIALS,
	description: 'The storefront (country) to act in',
};

/** For lists that can be narrowed to one storefront (orders, order units, subscriptions). */
export const storefrontFilterField: INodeProperties = {
	...storefrontField,
	options: [
		{ name: 'All Storefronts', value: ALL },
		{ name: "Credentials' Default Storefront", value: FROM_CREDENTIALS },
		...storefrontOptions,
	],
	description: 'Only records of this storefront (country)',
};

/** The storefront to send: the field's choice, or the credentials' default; undefined when a filter asks for all. */
export async function storefrontOf(context: IExecuteFunctions, itemIndex: number): Promise<Storefront | undefined> {
	const chosen = String(context.getNodeParameter('storefront', itemIndex, FROM_CREDENTIALS) ?? FROM_CREDENTIALS)
		.trim()
		.toLowerCase();
	if (chosen === ALL) return undefined;
	if (chosen === FROM_CREDENTIALS || chosen === '') return await defaultStorefront(context);
	if (!STOREFRONTS.includes(chosen as Storefront)) {
		throw inputError(
			context,
			itemIndex,
			`"Storefront" must be one of ${STOREFRONTS.join(', ')}, but it is "${chosen}"`,
		);
	}
	return chosen as Storefront;
}

/** The same, for endpoints where a storefront is required. */
export async function requiredStorefront(context: IExecuteFunctions, itemIndex: number): Promise<Storefront> {
	return (await storefrontOf(context, itemIndex)) ?? (await defaultStorefront(context));
}
