import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { ActionNodeVersion } from '../actions/nodeVersion';
import { CREDENTIALS_TYPE } from '../../api/v2';
import { actions } from './actions';
import { listSearch, loadOptions } from './methods';

const methods = { listSearch, loadOptions };

/** Node version 2: the seller API v2 (`/v2`, `Shop-` signed requests, storefronts); 2.1 adds Simplify. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceV2 extends ActionNodeVersion<typeof methods> {
	constructor(baseDescription: INodeTypeBaseDescription, version: 2 | 2.1 = 2) {
		super(baseDescription, version, { actions, credentials: CREDENTIALS_TYPE, methods });
	}
}
