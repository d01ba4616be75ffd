import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { findNetworkErrorCode, networkError, responseError } from './errors';
import { DEFAULT_PAGE_SIZE, parseCollectionRange, type CollectionRange } from './pagination';
import { DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, retryDelay, type RetryPolicy } from './retry';
import { appendQuery, buildQueryString, encodeComponent } from './signing';

export const CREDENTIALS_TYPE = 'sellerMarketplaceApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path relative to the base URL, built with `apiPath` so ids are encoded. */
	path: string;
	query?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** Safe to send twice? Defaults to every method but POST. Decides retries after a 5xx or a broken connection. */
	idempotent?: boolean;
	/** Return the body as a Buffer (file downloads). */
	binary?: boolean;
	timeoutMs?: number;
	retry?: Partial<RetryPolicy>;
	itemIndex?: number;
	/** Called as soon as the API answers 429, before the retry (paginated reads slow down at once). */
	onThrottled?: () => void;
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	body: T;
	headers: Record<string, unknown>;
	/** The `Location` header of a create, e.g. `/units/123/`. */
	location?: string;
	/** The id at the end of `location`. */
	createdId?: string;
	/** The number of attempts it took. */
	attempts: number;
}

/** Builds a request path with every interpolated value encoded as one path segment: apiPath`/orders/${id}/`. */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce(
		(path, part, index) => path + part + (index < values.length ? encodeComponent(String(values[index])) : ''),
		'',
	);
}

/** Parses `/units/123/` (or an absolute URL ending so) into its id. */
export function idFromLocation(location: string | undefined): string | undefined {
	if (!location) return undefined;
	const segments = location.split('?')[0].split('/').filter(Boolean);
	return segments.length ? decodeURIComponent(segments[segments.length - 1]) : undefined;
}

/** Request settings a workflow may tune in the node's "Request Options"; other contexts use the defaults. */
function requestSettings(context: ApiContext, itemIndex = 0): { retry: RetryPolicy; concurrency: number } {
	let options: IDataObject = {};
	if ('getNodeParameter' in context) {
		try {
			options = (context.getNodeParameter('requestOptions', itemIndex, {}) as IDataObject) ?? {};
		} catch {
			options = {};
		}
	}
	const maxRetries = Number(options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries);
	const concurrency = Number(options.pageConcurrency ?? 4);
	return {
		retry: { ...DEFAULT_RETRY_POLICY, maxRetries: Number.isFinite(maxRetries) ? maxRetries : 5 },
		concurrency: Number.isFinite(concurrency) && concurrency >= 1 ? Math.floor(concurrency) : 4,
	};
}

function lowerCaseHeaders(headers: unknown): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [name, value] of Object.entries((headers as IDataObject) ?? {})) result[name.toLowerCase()] = value;
	return result;
}

/** A problem with the credentials themselves (wrong key length, foreign URL), raised by the signer. */
function credentialProblem(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; current && depth < 5; depth++) {
		const candidate = current as { isCredentialProblem?: boolean; message?: string; cause?: unknown };
		if (candidate.isCredentialProblem) return candidate.message;
		current = candidate.cause;
	}
	return undefined;
}

/**
 * The one way this package talks to the API: builds the URL and body once, has them signed by the
 * credentials, sends them, retries what is safe to retry, and maps failures to errors a seller can act on.
 */
export async function apiRequest<T = unknown>(this: ApiContext, request: ApiRequest): Promise<ApiResponse<T>> {
	const { method, path, itemIndex } = request;
	const settings = requestSettings(this, itemIndex);
	const policy: RetryPolicy = { ...settings.retry, ...request.retry };
	const idempotent = request.idempotent ?? method !== 'POST';
	const url = appendQuery(path, buildQueryString(request.query));
	const body = request.body === undefined ? undefined : JSON.stringify(request.body);

	let waited = 0;
	for (let attempt = 1; ; attempt++) {
		const options: IHttpRequestOptions = {
			method,
			url,
			body,
			headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			json: !request.binary,
			timeout: request.timeoutMs ?? 60_000,
		};
		if (request.binary) options.encoding = 'arraybuffer';

		let statusCode: number;
		let response: { statusCode: number; body: unknown; headers: unknown };
		try {
			response = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIALS_TYPE, options);
			statusCode = response.statusCode;
		} catch (error) {
			const problem = credentialProblem(error);
			if (problem) throw new NodeOperationError(this.getNode(), problem, { itemIndex });
			const code = findNetworkErrorCode(error);
			if (!code) throw error instanceof NodeApiError ? error : new NodeApiError(this.getNode(), error as never, { itemIndex });
			if (attempt <= policy.maxRetries && isRetryable({ networkErrorCode: code }, idempotent)) {
				const delay = retryDelay(attempt - 1, policy);
				if (waited + delay <= policy.maxTotalWaitMs) {
					waited += delay;
					await sleep(delay);
					continue;
				}
			}
			throw networkError(this.getNode(), method, path, code, attempt, itemIndex);
		}

		const headers = lowerCaseHeaders(response.headers);
		if (statusCode >= 200 && statusCode < 300) {
			const location = headers.location === undefined ? undefined : String(headers.location);
			let responseBody = response.body;
			if (request.binary && !Buffer.isBuffer(responseBody)) responseBody = Buffer.from(responseBody as ArrayBuffer);
			return {
				statusCode,
				body: responseBody as T,
				headers,
				location,
				createdId: idFromLocation(location),
				attempts: attempt,
			};
		}

		if (statusCode === 429) request.onThrottled?.();
		if (attempt <= policy.maxRetries && isRetryable({ statusCode }, idempotent)) {
			const delay = retryDelay(attempt - 1, policy, parseRetryAfter(headers['retry-after']));
			if (waited + delay <= policy.maxTotalWaitMs) {
				waited += delay;
				await sleep(delay);
				continue;
			}
		}
		throw responseError(this.getNode(), method, path, { statusCode, body: response.body, headers }, attempt, itemIndex);
	}
}

export interface CollectionRequest {
	path: string;
	query?: IDataObject;
	/** Largest `limit` the endpoint takes: 30 by default, 1000 for categories. */
	pageSize?: number;
	/** Field that identifies a record, to drop records repeated across pages when offsets shift. */
	idField?: string;
	itemIndex?: number;
}

export interface CollectionLimit {
	returnAll: boolean;
	/** Used when returnAll is false. */
	limit?: number;
}

interface Page {
	offset: number;
	requested: number;
	records: IDataObject[];
	range: CollectionRange;
}

/**
 * Reads a collection page by page, driven by `HM-Collection-Range`.
 * The first page tells the total; after it, up to "Page Concurrency" requests stay in flight (a sliding
 * window, not batches, so one slow page does not hold the others up). Pages are kept in offset order. It
 * advances by what the server actually returned (a server may clamp `limit`), follows a total that grows
 * while it runs, stops at the total, on an empty page or at the limit, and drops records repeated across
 * pages when new records shift the offsets.
 */
export async function apiRequestAllItems(
	this: ApiContext,
	request: CollectionRequest,
	{ returnAll, limit }: CollectionLimit,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, Math.floor(limit ?? 50));
	const records: IDataObject[] = [];
	if (wanted === 0) return records;
	let concurrency = requestSettings(this, request.itemIndex).concurrency;
	let pageSize = Math.min(request.pageSize ?? DEFAULT_PAGE_SIZE, wanted);
	const seen = new Set<string>();
	let total = Infinity;
	/** Positions [0, covered) of the collection have been read and kept. */
	let covered = 0;

	const fetchPage = async (offset: number, pageLimit: number): Promise<Page> => {
		const response = await apiRequest.call<ApiContext, [ApiRequest], Promise<ApiResponse<unknown>>>(this, {
			method: 'GET',
			path: request.path,
			query: { ...request.query, limit: pageLimit, offset },
			itemIndex: request.itemIndex,
			onThrottled: () => (concurrency = 1),
		});
		if (!Array.isArray(response.body)) {
			throw new NodeApiError(this.getNode(), { path: request.path } as never, {
				message: `Expected a list from GET ${request.path}, but the API returned something else`,
				itemIndex: request.itemIndex,
			});
		}
		const pageRecords = response.body as IDataObject[];
		// Without the header, a short page is the last one and a full page may have more behind it.
		const range = parseCollectionRange(response.headers['hm-collection-range']) ?? {
			start: pageRecords.length ? offset + 1 : 0,
			end: offset + pageRecords.length,
			total: pageRecords.length < pageLimit ? offset + pageRecords.length : offset + pageRecords.length + 1,
		};
		return { offset, requested: pageLimit, records: pageRecords, range };
	};

	/** Takes a page that starts exactly at `covered`; returns whether it came back shorter than asked. */
	const keep = (page: Page): boolean => {
		total = page.range.total;
		if (page.records.length === 0) {
			total = Math.min(total, page.offset); // the collection shrank: nothing more to read
			return false;
		}
		for (const record of page.records) {
			if (records.length >= wanted) break;
			const key = request.idField && record[request.idField] !== undefined ? String(record[request.idField]) : JSON.stringify(record);
			if (seen.has(key)) continue;
			seen.add(key);
			records.push(record);
		}
		covered += page.records.length;
		return page.records.length < page.requested;
	};

	try {
		// The first page alone: it tells the total, and whether the server clamps `limit` below what we ask.
		const first = await fetchPage(0, pageSize);
		const short = keep(first);
		if (short && covered < total) pageSize = first.records.length;

		const done = new Map<number, Page>();
		const requested = new Set<number>([0]);
		let nextOffset = covered;
		let inFlight = 0;
		let failure: unknown;
		// In Limit mode, read only as far as the records still missing reach.
		const horizon = () => Math.min(total, covered + (wanted - records.length));

		await new Promise<void>((resolve) => {
			const pump = () => {
				while (!failure && inFlight < concurrency && records.length < wanted && nextOffset < horizon()) {
					const offset = nextOffset;
					const pageLimit = Math.min(pageSize, horizon() - offset);
					nextOffset += pageLimit;
					if (requested.has(offset)) continue;
					requested.add(offset);
					inFlight++;
					fetchPage(offset, pageLimit)
						.then((page) => {
							done.set(page.offset, page);
							for (let next = done.get(covered); next; next = done.get(covered)) {
								done.delete(next.offset);
								// A short page leaves a gap before the pages already asked for: read on from it.
								if (keep(next) && covered < total) nextOffset = covered;
							}
						})
						.catch((error: unknown) => {
							failure ??= error;
						})
						.finally(() => {
							inFlight--;
							pump();
						});
				}
				if (inFlight === 0) resolve();
			};
			pump();
		});
		if (failure) throw failure;
	} catch (error) {
		const progress = `Read ${records.length} record(s) of ${Number.isFinite(total) ? total : 'an unknown number'} from GET ${request.path} before this failure; nothing was output, so re-running reads everything again.`;
		// Both constructors hand back an error that is already of their class, so it keeps its message and status.
		const failure =
			error instanceof NodeApiError
				? new NodeApiError(this.getNode(), error as unknown as JsonObject)
				: new NodeOperationError(this.getNode(), error as Error, { itemIndex: request.itemIndex });
		failure.description = failure.description ? `${failure.description}\n${progress}` : progress;
		throw failure;
	}
	return records;
}

/** Downloads a file from an absolute address the API handed out (it carries its own access token, so it is not signed). */
export async function downloadFile(
	this: IExecuteFunctions,
	address: string,
	itemIndex: number,
): Promise<{ data: Buffer; contentType?: string }> {
	const policy = requestSettings(this, itemIndex).retry;
	const safeAddress = address.split('?')[0]; // the query holds the access token: never show it
	for (let attempt = 1; ; attempt++) {
		let response: { statusCode: number; body: unknown; headers: unknown };
		try {
			response = await this.helpers.httpRequest({
				method: 'GET',
				url: address,
				encoding: 'arraybuffer',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 60_000,
			});
		} catch (error) {
			const code = findNetworkErrorCode(error) ?? 'ERROR';
			if (attempt <= policy.maxRetries && isRetryable({ networkErrorCode: code }, true)) {
				await sleep(retryDelay(attempt - 1, policy));
				continue;
			}
			throw networkError(this.getNode(), 'GET', safeAddress, code, attempt, itemIndex);
		}
		const headers = lowerCaseHeaders(response.headers);
		if (response.statusCode >= 200 && response.statusCode < 300) {
			const body = response.body;
			return {
				data: Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer),
				contentType: headers['content-type'] === undefined ? undefined : String(headers['content-type']),
			};
		}
		if (attempt <= policy.maxRetries && isRetryable({ statusCode: response.statusCode }, true)) {
			await sleep(retryDelay(attempt - 1, policy, parseRetryAfter(headers['retry-after'])));
			continue;
		}
		throw responseError(this.getNode(), 'GET', safeAddress, { statusCode: response.statusCode, body: '', headers }, attempt, itemIndex);
	}
}
