import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { STOREFRONTS, type Storefront } from '../helpers/enums';
import { defaultStorefront } from '../transport';

/** The storefront the form currently shows, or the credentials' default. */
export async function formStorefront(context: ILoadOptionsFunctions): Promise<Storefront> {
	const chosen = String(context.getCurrentNodeParameter('storefront') ?? '');
	return STOREFRONTS.includes(chosen as Storefront) ? (chosen as Storefront) : await defaultStorefront(context);
}
