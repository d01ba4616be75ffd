import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { STOREFRONTS, type Storefront } from '../../../api/v2/enums';
import { defaultStorefront } from '../../../api/v2';

/** The storefront the form currently shows, or the credentials' default. */
export async function formStorefront(context: ILoadOptionsFunctions): Promise<Storefront> {
	const chosen = String(context.getCurrentNodeParameter('storefront') ?? '');
	return STOREFRONTS.includes(chosen as Storefront) ? (chosen as Storefront) : await defaultStorefront(context);
}
