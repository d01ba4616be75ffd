import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isRecord, unexpectedAnswer } from '../core/outcome';
import {
	answerTime,
	readCollection,
	type CollectionLimit,
	type CollectionRequest,
	type PageReader,
} from '../core/paging';
import { downloadFromAddress, sendRequest } from '../core/request';
import type { ApiContext, ApiDialect, ApiRequest, ApiResponse } from '../core/types';
import { describeWrite, responseError } from './errors';
import { DEFAULT_PAGE_SIZE, parseCollectionRange } from './pagination';

export { apiPath, idFromLocation } from '../core/path';
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
 * Sends one request whose answer is one record (a Get) and returns it. Any other answer (a list, text, null,
 * an empty body) fails here with a clear error, so that no operation outputs it as if it were the record.
 */
export async function apiRequestRecord(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const { body } = await apiRequest.call(this, request);
	if (!isRecord(body))
		throw unexpectedAnswer(this.getNode(), request, 'a record', "the marketplace's answer was not a record");
	return body;
}

/** Sends one request whose answer is a list without paging (the category suggestions) and returns its records. */
export async function apiRequestList(this: ApiContext, request: ApiRequest): Promise<IDataObject[]> {
	const { body } = await apiRequest.call(this, request);
	if (!Array.isArray(body)) throw listExpected(this, request);
	return body as IDataObject[];
}

/** The error for an answer that should have been a list (a page, the category suggestions). */
function listExpected(context: ApiContext, request: ApiRequest) {
	return unexpectedAnswer(
		context.getNode(),
		request,
		'a list',
		"the marketplace's answer was not the list it should be",
	);
}

/**
 * The paging engine's adapter for API v1 (nodes/api/core/paging.ts): one page of a list, a bare JSON
 * array, and its total from `HM-Collection-Range` (a page without the header says nothing about the total).
 */
export function v1PageReader(
	context: ApiContext,
	path: string,
	query: IDataObject = {},
	itemIndex?: number,
): PageReader {
	return async (offset, limit, onThrottled) => {
		const request: ApiRequest = { method: 'GET', path, query: { ...query, limit, offset }, itemIndex, onThrottled };
		const response = await apiRequest.call(context, request);
		if (!Array.isArray(response.body)) throw listExpected(context, request);
		return {
			records: response.body as IDataObject[],
			total: parseCollectionRange(response.headers['hm-collection-range'])?.total,
			time: answerTime(response.headers),
		};
	};
}

/** Return All / Limit of a collection of API v1 (see readCollection). */
export async function apiRequestAllItems(
	this: ApiContext,
	request: CollectionRequest,
	limit: CollectionLimit,
): Promise<IDataObject[]> {
	return await readCollection(
		this,
		request,
		limit,
		v1PageReader(this, request.path, request.query, request.itemIndex),
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
