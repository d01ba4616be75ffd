import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { findNetworkErrorCode, networkError, type FailedResponse } from './errors';
import { DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, retryDelay, type RetryPolicy } from './retry';
import { appendQuery, buildQueryString, encodeComponent } from './signing';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

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

/**
 * What differs between the API versions on the request path. Everything else (retries, backoff,
 * network errors, paging) is shared.
 */
export interface ApiDialect {
	/** The credential type that signs the requests. */
	credentialType: string;
	/** How arrays go into the query: `a=1,2` (v1) or `a=1&a=2` (v2). */
	repeatArrayQuery?: boolean;
	/** Maps an error answer of this API to an error a seller can act on. */
	responseError(node: INode, method: string, path: string, response: FailedResponse, attempts: number, itemIndex?: number): NodeApiError;
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

export const DEFAULT_PAGE_CONCURRENCY = 4;

/** Request settings a workflow may tune in the node's "Request Options"; other contexts use the defaults. */
export function requestSettings(context: ApiContext, itemIndex = 0): { retry: RetryPolicy; concurrency: number } {
	let options: IDataObject = {};
	if ('getNodeParameter' in context) {
		try {
			options = (context.getNodeParameter('requestOptions', itemIndex, {}) as IDataObject) ?? {};
		} catch {
			options = {};
		}
	}
	const maxRetries = Number(options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries);
	const concurrency = Number(options.pageConcurrency ?? DEFAULT_PAGE_CONCURRENCY);
	return {
		retry: { ...DEFAULT_RETRY_POLICY, maxRetries: Number.isFinite(maxRetries) ? maxRetries : DEFAULT_RETRY_POLICY.maxRetries },
		concurrency: Number.isFinite(concurrency) && concurrency >= 1 ? Math.floor(concurrency) : DEFAULT_PAGE_CONCURRENCY,
	};
}

export function lowerCaseHeaders(headers: unknown): Record<string, unknown> {
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
 * The one way this package talks to either API: builds the URL and body once, has them signed by the
 * dialect's credentials, sends them, retries what is safe to retry, and maps failures to errors a seller can
 * act on.
 */
export async function sendRequest<T = unknown>(context: ApiContext, dialect: ApiDialect, request: ApiRequest): Promise<ApiResponse<T>> {
	const { method, path, itemIndex } = request;
	const settings = requestSettings(context, itemIndex);
	const policy: RetryPolicy = { ...settings.retry, ...request.retry };
	const idempotent = request.idempotent ?? method !== 'POST';
	const url = appendQuery(path, buildQueryString(request.query, { repeatArrays: dialect.repeatArrayQuery }));
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
			response = await context.helpers.httpRequestWithAuthentication.call(context, dialect.credentialType, options);
			statusCode = response.statusCode;
		} catch (error) {
			const problem = credentialProblem(error);
			if (problem) throw new NodeOperationError(context.getNode(), problem, { itemIndex });
			const code = findNetworkErrorCode(error);
			if (!code) throw error instanceof NodeApiError ? error : new NodeApiError(context.getNode(), error as never, { itemIndex });
			if (attempt <= policy.maxRetries && isRetryable({ networkErrorCode: code }, idempotent)) {
				const delay = retryDelay(attempt - 1, policy);
				if (waited + delay <= policy.maxTotalWaitMs) {
					waited += delay;
					await sleep(delay);
					continue;
				}
			}
			throw networkError(context.getNode(), method, path, code, attempt, itemIndex);
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
		throw dialect.responseError(context.getNode(), method, path, { statusCode, body: response.body, headers }, attempt, itemIndex);
	}
}
