import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { withFailureWords } from '../../../shared/transport/errors';
import { readAllPages, type CollectionLimit, type CollectionRequest } from '../../../shared/transport/collection';
import {
	downloadFromAddress,
	sendRequest,
	type ApiContext,
	type ApiDialect,
	type ApiRequest,
	type ApiResponse,
} from '../../../shared/transport/request';
import { describeWrite, responseError } from './errors';
import { DEFAULT_PAGE_SIZE, parseCollectionRange } from './pagination';

export { apiPath, idFromLocation } from '../../../shared/transport/request';
export type { ApiContext, ApiRequest, ApiResponse, CollectionLimit, CollectionRequest };

export const CREDENTIALS_TYPE = 'sellerMarketplaceApi';

/** API v1: `HM-` signed by the v1 credentials, bare JSON bodies, `HM-Collection-Range` paging. */
const V1_DIALECT: ApiDialect = { credentialType: CREDENTIALS_TYPE, responseError, describeWrite };

/** The time zone of API v1's `YYYY-MM-DD HH:MM:SS` timestamps (not documented; see README, "Dates and time zones"). */
export const API_TIME_ZONE = 'UTC';

/** Sends one request to API v1 (see sendRequest for retries and errors). */
export async function apiRequest<T = unknown>(this: ApiContext, request: ApiRequest): Promise<ApiResponse<T>> {
	return await sendRequest<T>(this, V1_DIALECT, request);
}

/**
 * Reads a collection of API v1, driven by `HM-Collection-Range` (see readAllPages for the sliding window).
 * A page without the header is taken as the last one if short, and as possibly followed by more if full.
 */
export async function apiRequestAllItems(
	this: ApiContext,
	request: CollectionRequest,
	limit: CollectionLimit,
): Promise<IDataObject[]> {
	return await readAllPages(
		this,
		request,
		limit,
		async (offset, pageLimit, onThrottled) => {
			const response = await apiRequest.call(this, {
				method: 'GET',
				path: request.path,
				query: { ...request.query, limit: pageLimit, offset },
				itemIndex: request.itemIndex,
				onThrottled,
			});
			if (!Array.isArray(response.body)) {
				const error = new NodeApiError(this.getNode(), { path: request.path } as never, {
					message: `Expected a list from GET ${request.path}, but the API returned something else`,
					description: `Request: GET ${request.path}, answered without a list. Check that the Base URL of the credentials is the API's.`,
					itemIndex: request.itemIndex,
				});
				throw withFailureWords(error, { reason: "the marketplace's answer was not the list it should be" });
			}
			const records = response.body as IDataObject[];
			const range = parseCollectionRange(response.headers['hm-collection-range']);
			const total = range?.total ?? (records.length < pageLimit ? offset + records.length : offset + records.length + 1);
			return { records, total };
		},
		DEFAULT_PAGE_SIZE,
	);
}

/** Downloads a file from an absolute address the API handed out (it carries its own access token, so it is not signed). */
export async function downloadFile(
	this: IExecuteFunctions,
	address: string,
	itemIndex: number,
): Promise<{ data: Buffer; contentType?: string }> {
	return await downloadFromAddress(this, V1_DIALECT, address, itemIndex);
}
