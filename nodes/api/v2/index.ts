/**
 * API v2 over the shared request path (nodes/api/core): the `Shop-` signed credentials, the query
 * written as PHP writes it (V2_QUERY_FORM), `{data}` and `{data, pagination}` envelopes, `ErrorResponse` problems, a storefront on
 * every call that takes one, and at most 111 requests in any second per seller at the marketplace. The action node and a v2 trigger
 * use the same functions.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { OperationFailure } from '../core/errors';
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
import { STOREFRONTS, type Storefront } from './enums';
import { bodyFields, describeWrite, responseError } from './errors';
import { mergeLists, oneValueQueries } from '../core/multiValue';
import { limiterFor, sellerKey } from './rateLimit';
import { V2_QUERY_FORM } from './signing';

export { apiPath } from '../core/path';
export type { ApiContext, ApiResponse, CollectionLimit };

export const CREDENTIALS_TYPE = 'sellerMarketplaceV2Api';

export interface V2Request extends ApiRequest {
	/** API field names → form labels, so that a refused field is named as the seller knows it. */
	fieldLabels?: Record<string, string>;
}

export interface V2CollectionRequest extends CollectionRequest {
	/** The endpoint's largest `limit`: 100 for orders, order units and units; 30 for subscriptions. */
	pageSize: number;
	/** The endpoint takes `offset` only as a multiple of `limit` (vouchers): each page is asked so and cut to size. */
	offsetMultipleOfLimit?: boolean;
	/** API field names → form labels (see V2Request). */
	fieldLabels?: Record<string, string>;
	/**
	 * The endpoint's own text says its lists go as repeated keys (vouchers: "Pass the parameter multiple times"), so a
	 * filter of several values is sent in one request; elsewhere one request per value (see multiValue.ts).
	 */
	repeatedKeysDocumented?: boolean;
}

/** The smallest `limit` from `wanted` up to `max` that `offset` is a multiple of; else the largest below `wanted` (a shorter page). */
export function alignedLimit(offset: number, wanted: number, max: number): number {
	for (let limit = wanted; limit <= max; limit++) if (offset % limit === 0) return limit;
	for (let limit = wanted - 1; limit > 1; limit--) if (offset % limit === 0) return limit;
	return 1;
}

/** What an execution needs from the credentials besides signing: the seller (for the rate limit) and the default storefront. */
export interface CredentialSettings {
	seller: string;
	storefront: Storefront;
}

const settingsByContext = new WeakMap<object, Promise<CredentialSettings>>();

async function readCredentialSettings(context: ApiContext): Promise<CredentialSettings> {
	const credentials = await context.getCredentials(CREDENTIALS_TYPE);
	const storefront = String(credentials.storefront ?? '')
		.trim()
		.toLowerCase();
	if (!STOREFRONTS.includes(storefront as Storefront)) {
		throw new NodeOperationError(
			context.getNode(),
			`The Default Storefront of the credentials is "${storefront}", which is not one of ${STOREFRONTS.join(', ')}`,
		);
	}
	return {
		seller: sellerKey(String(credentials.baseUrl ?? ''), String(credentials.clientKey ?? '')),
		storefront: storefront as Storefront,
	};
}

/** The credentials' settings, read once per node run. */
export async function credentialSettings(context: ApiContext): Promise<CredentialSettings> {
	let settings = settingsByContext.get(context);
	if (!settings) {
		settings = readCredentialSettings(context);
		settingsByContext.set(context, settings);
		settings.catch(() => settingsByContext.delete(context));
	}
	return await settings;
}

/** The storefront the credentials name as their default. */
export async function defaultStorefront(context: ApiContext): Promise<Storefront> {
	return (await credentialSettings(context)).storefront;
}

function dialectFor(request: V2Request): ApiDialect {
	return {
		credentialType: CREDENTIALS_TYPE,
		queryForm: V2_QUERY_FORM,
		responseError: (node, method, path, response, attempts, itemIndex) =>
			responseError(
				node,
				method,
				path,
				response,
				attempts,
				itemIndex,
				request.fieldLabels,
				request.body === undefined ? undefined : bodyFields(request.body),
			),
		describeWrite,
	};
}

/** Sends one request to API v2, each attempt in its turn in the seller's rate limit (see sendRequest for retries and errors). */
export async function apiRequest<T = unknown>(this: ApiContext, request: V2Request): Promise<ApiResponse<T>> {
	const limiter = limiterFor((await credentialSettings(this)).seller);
	return await sendRequest<T>(this, { ...dialectFor(request), admit: async () => await limiter.admit() }, request);
}

function envelopeError(context: ApiContext, request: V2Request, expected: string): OperationFailure {
	return unexpectedAnswer(
		context.getNode(),
		request,
		expected,
		"the marketplace's answer was not in the form API v2 answers in",
	);
}

/** Sends one request and returns the `data` of its `{data}` envelope (undefined for an answer without body, e.g. 204). */
async function requestEnvelope(context: ApiContext, request: V2Request): Promise<unknown> {
	const body = (await apiRequest.call(context, request)).body as unknown;
	if (body === undefined || body === null || body === '') return undefined;
	if (typeof body !== 'object' || Array.isArray(body) || !('data' in body))
		throw envelopeError(context, request, 'a {"data": …} answer');
	return (body as { data: unknown }).data;
}

/**
 * The `data` of a `{"data": …}` answer whatever it holds, for operations whose OpenAPI leaves it free-form
 * (`ApiResponse`: PUT and PATCH /product-data): a record, a list, text or null are all a success.
 */
export async function apiRequestAnyData(this: ApiContext, request: V2Request): Promise<unknown> {
	return await requestEnvelope(this, request);
}

/** One record: the object in `{"data": {…}}`. */
export async function apiRequestData(this: ApiContext, request: V2Request): Promise<IDataObject> {
	const data = await requestEnvelope(this, request);
	if (!isRecord(data)) throw envelopeError(this, request, 'a record in {"data": {…}}');
	return data;
}

/** Several results without paging: the list in `{"data": […]}` (e.g. POST /units/status, POST /units/bulk). */
export async function apiRequestDataList(this: ApiContext, request: V2Request): Promise<IDataObject[]> {
	const data = await requestEnvelope(this, request);
	if (!Array.isArray(data)) throw envelopeError(this, request, 'a list in {"data": […]}');
	return data as IDataObject[];
}

/** The part of a list request that stays the same from page to page. */
export interface V2ListRequest {
	path: string;
	query?: IDataObject;
	itemIndex?: number;
	/** The endpoint's largest `limit`, and whether `offset` must be a multiple of `limit` (see V2CollectionRequest). */
	pageSize?: number;
	offsetMultipleOfLimit?: boolean;
	fieldLabels?: Record<string, string>;
}

/**
 * The paging engine's adapter for API v2 (nodes/api/core/paging.ts): one page of a list, read from the
 * `{data, pagination}` envelope. `pagination` is optional in every list answer of the OpenAPI, so a page
 * without a usable total says nothing about the total.
 */
export function v2PageReader(context: ApiContext, request: V2ListRequest): PageReader {
	return async (offset, limit, onThrottled) => {
		const asked = request.offsetMultipleOfLimit ? alignedLimit(offset, limit, request.pageSize ?? limit) : limit;
		const query = { ...request.query, limit: asked, offset };
		const pageRequest: V2Request = {
			method: 'GET',
			path: request.path,
			query,
			itemIndex: request.itemIndex,
			onThrottled,
			fieldLabels: request.fieldLabels,
		};
		const response = await apiRequest.call(context, pageRequest);
		const body = response.body as { data?: unknown; pagination?: { total?: unknown } | null } | undefined;
		if (!body || typeof body !== 'object' || !Array.isArray(body.data))
			throw envelopeError(context, pageRequest, 'a {"data": […], "pagination": …} list');
		const total = body.pagination?.total;
		const known = typeof total === 'number' && Number.isSafeInteger(total) && total >= 0;
		return {
			records: (body.data as IDataObject[]).slice(0, asked),
			total: known ? total : undefined,
			asked,
			time: answerTime(response.headers),
		};
	};
}

/**
 * Return All / Limit of a collection of API v2 (see readCollection). A filter of several values is read one value
 * at a time and the lists merged (see multiValue.ts: no value is lost, however the server reads the query).
 */
export async function apiRequestAllItems(
	this: ApiContext,
	request: V2CollectionRequest,
	limit: CollectionLimit,
): Promise<IDataObject[]> {
	const queries = request.repeatedKeysDocumented ? [request.query] : oneValueQueries(request.query);
	const lists: IDataObject[][] = [];
	for (const query of queries) {
		const one = { ...request, query };
		lists.push(await readCollection(this, one, limit, v2PageReader(this, one), request.pageSize));
	}
	if (lists.length === 1) return lists[0];
	return mergeLists(lists, {
		sort: request.query?.sort,
		idField: request.idField,
		max: limit.returnAll ? undefined : Math.max(0, Math.floor(limit.limit ?? 50)),
	});
}

/** Downloads a file from an address the API handed out (a report's `url`): not signed, it carries its own access token. */
export async function downloadFile(
	this: IExecuteFunctions,
	address: string,
	itemIndex: number,
): Promise<{ data: Buffer; contentType?: string }> {
	return await downloadFromAddress(this, dialectFor({ method: 'GET', path: address }), address, itemIndex);
}

/**
 * For a DELETE whose answer may have been lost: the retry's refusal means it was applied when the record is
 * gone (404 on reading it back). Any other failure leaves the original refusal standing.
 */
export function confirmGone(context: ApiContext, path: string, itemIndex: number): () => Promise<boolean> {
	return async () => {
		try {
			await apiRequest.call(context, { method: 'GET', path, itemIndex });
			return false;
		} catch (error) {
			return error instanceof NodeApiError && error.httpCode === '404';
		}
	};
}
