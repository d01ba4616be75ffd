import type { INodeTypeBaseDescription } from 'n8n-workflow';

import { ActionNodeVersion } from '../actions/nodeVersion';
import { actions } from './actions';
import { listSearch, loadOptions } from './methods';

const methods = { listSearch, loadOptions };

/** Node version 1: the seller API v1 (`/api/v1`, `HM-` signed requests). Version 1 keeps the form of the first release; 1.1 adds Simplify. */
// Typed as INodeType where the versioned node lists it; its icon comes from the base description.
export class SellerMarketplaceV1 extends ActionNodeVersion<typeof methods> {
	constructor(baseDescription: INodeTypeBaseDescription, version: 1 | 1.1 = 1) {
		super(baseDescription, version, { actions, credentials: 'sellerMarketplaceApi', methods });
	}
}
