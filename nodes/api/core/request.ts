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

import { inputError, parseWholeNumber } from '../../shared/helpers/validation';
import {
	addToDescription,
	credentialSecrets,
	describeNetworkFailure,
	explainUncertainWrite,
	findNetworkErrorCode,
	networkError,
	notJsonError,
	redactError,
	redirectError,
	type FailedResponse,
	type OperationFailure,
	type UncertainWrite,
} from './errors';
import { DEFAULT_RETRY_POLICY, describeWait, isRetryable, mayHaveReachedServer, parseRetryAfter, retryDelay, type RetryPolicy } from './retry';
import { appendQuery, buildQueryString, encodeComponent, isStablePathSegment, type QueryForm } from './signing';

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
	/**
	 * For a state change (send, cancel, close...): reads the record back and tells whether it is already in
	 * the state asked for. Asked only when a retry is refused after an earlier attempt may have been applied
	 * (its answer was lost); when it says yes, the request succeeded and the response has `alreadyApplied`.
	 */
	confirmApplied?: () => Promise<boolean>;
	/** How to name this write and check it, when it may have been applied; defaults to the dialect's `describeWrite`. */
	uncertainWrite?: UncertainWrite;
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
	/** An earlier attempt had been applied though its answer was lost; a retry found the change already made. */
	alreadyApplied?: boolean;
}

/**
 * What differs between the API versions on the request path. Everything else (retries, backoff, redirects,
 * answers that are not JSON, writes whose answer was lost, network errors, paging, redaction) is shared.
 */
export interface ApiDialect {
	/** The credential type that signs the requests. */
	credentialType: string;
	/** How the query is written (arrays, escapes); the same form the credentials sign with. Default: v1's. */
	queryForm?: QueryForm;
	/**
	 * Maps an error answer of this API to an error a seller can act on: the API's own words, the resource and
	 * id, status-specific hints (401, 403, 404, 4xx). Advice about retrying (429, 5xx) is added by the shared path.
	 */
	responseError(node: INode, method: string, path: string, response: FailedResponse, attempts: number, itemIndex?: number): OperationFailure;
	/** Names a write that is not repeated (a create, a refund) and says how a seller checks whether it took effect. */
	describeWrite?(method: string, path: string): UncertainWrite | undefined;
}

/** Builds a request path with every interpolated value encoded as exactly one path segment: apiPath`/orders/${id}/`. */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, part, index) => {
		if (index >= values.length) return path + part;
		const value = String(values[index]);
		// Validators refuse these first, naming the field; this keeps any path that slipped through from moving.
		if (!isStablePathSegment(value)) throw new Error(`An ID of ${JSON.stringify(value)} would change the request path`);
		return path + part + encodeComponent(value);
	}, '');
}

/** Parses `/units/123/` (or an absolute URL ending so) into its id. */
export function idFromLocation(location: string | undefined): string | undefined {
	if (!location) return undefined;
	const segments = location.split('?')[0].split('/').filter(Boolean);
	return segments.length ? decodeURIComponent(segments[segments.length - 1]) : undefined;
}

export const DEFAULT_PAGE_CONCURRENCY = 4;

/** A whole number from the Request Options, within its range; absent is the default, anything else an error naming the field. */
function requestOption(context: ApiContext, itemIndex: number, value: unknown, label: string, [min, max]: [number, number], fallback: number): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = parseWholeNumber(value);
	if (number === undefined || number < min || number > max) {
		throw inputError(context, itemIndex, `"${label}" must be a whole number from ${min} to ${max}, but it is ${JSON.stringify(value)}`);
	}
	return number;
}

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
	return {
		retry: {
			...DEFAULT_RETRY_POLICY,
			maxRetries: requestOption(context, itemIndex, options.maxRetries, 'Max Retries', [0, 10], DEFAULT_RETRY_POLICY.maxRetries),
		},
		concurrency: requestOption(context, itemIndex, options.pageConcurrency, 'Page Concurrency', [1, 8], DEFAULT_PAGE_CONCURRENCY),
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

/** A body as the API sent it: undefined when empty, parsed JSON when it is JSON, the text otherwise. */
function readBody(raw: unknown): { json: boolean; value: unknown; text: string } {
	const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw instanceof ArrayBuffer ? Buffer.from(raw).toString('utf8') : typeof raw === 'string' ? raw : '';
	if (!text.trim()) return { json: true, value: undefined, text };
	try {
		return { json: true, value: JSON.parse(text), text };
	} catch {
		return { json: false, value: text, text };
	}
}

type RawResponse = { statusCode: number; body: unknown; headers: unknown };

/**
 * The one way this package talks to either API: builds the URL and body once, has them signed by the
 * dialect's credentials, sends them without following redirects, and hands the answer to `exchange`.
 */
export async function sendRequest<T = unknown>(context: ApiContext, dialect: ApiDialect, request: ApiRequest): Promise<ApiResponse<T>> {
	const { method, path, itemIndex } = request;
	const pathname = path.split('?')[0];
	if (new URL(pathname, 'http://host').pathname !== pathname) {
		throw new NodeOperationError(context.getNode(), `The request path ${path} would be changed by URL parsing, so nothing was sent [item ${itemIndex ?? 0}]`, { itemIndex });
	}
	const url = appendQuery(path, buildQueryString(request.query, dialect.queryForm));
	const body = request.body === undefined ? undefined : JSON.stringify(request.body);
	const options: IHttpRequestOptions = {
		method,
		url,
		body,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// The signed headers must never go anywhere but the Base URL; a 3xx becomes an error instead.
		disableFollowRedirect: true,
		// The raw bytes: a body that is not JSON must be seen as such, not silently handed on as text.
		encoding: 'arraybuffer',
		json: !request.binary,
		timeout: request.timeoutMs ?? 60_000,
	};
	return await withCredentialsRedacted(context, dialect, async () =>
		await exchange<T>(context, dialect, request, async () =>
			(await context.helpers.httpRequestWithAuthentication.call(context, dialect.credentialType, { ...options })) as RawResponse,
		),
	);
}

/** The literal values of the credentials' keys and of the Base URL's user information (none when they cannot be read). */
async function secretsOf(context: ApiContext, credentialType: string): Promise<string[]> {
	try {
		return credentialSecrets((await context.getCredentials(credentialType)) as Record<string, unknown>);
	} catch {
		return [];
	}
}

/**
 * Runs a request; any error it ends with leaves without the literal values of the credentials, wherever the text
 * came from (an API echoing the key, a Base URL with `user:password@` in a network error or a credential problem).
 */
async function withCredentialsRedacted<T>(context: ApiContext, dialect: ApiDialect, run: () => Promise<T>): Promise<T> {
	try {
		return await run();
	} catch (error) {
		const failure = error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(context.getNode(), error as Error);
		throw redactError(failure, await secretsOf(context, dialect.credentialType));
	}
}

/**
 * Downloads a file from an absolute address the API handed out. It carries its own access token, so it is
 * not signed (and a redirect to a file store is fine to follow). The address never appears in an error.
 */
export async function downloadFromAddress(context: IExecuteFunctions, dialect: ApiDialect, address: string, itemIndex: number): Promise<{ data: Buffer; contentType?: string }> {
	const shownAddress = address.split('?')[0];
	// The file host's error text is not the API's, and may echo the address: it stays out of the error.
	const withoutHostText: ApiDialect = {
		...dialect,
		responseError: (node, method, path, response, attempts, index) => dialect.responseError(node, method, path, { ...response, body: undefined }, attempts, index),
	};
	const response = await withCredentialsRedacted(context, dialect, async () =>
		await exchange<Buffer>(context, withoutHostText, { method: 'GET', path: shownAddress, binary: true, itemIndex }, async () =>
			(await context.helpers.httpRequest({
				method: 'GET',
				url: address,
				encoding: 'arraybuffer',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 60_000,
			})) as RawResponse,
		),
	);
	const contentType = response.headers['content-type'];
	return { data: response.body, contentType: contentType === undefined ? undefined : String(contentType) };
}

/** What `exchange` knows about one request while it runs, for the errors it builds. */
interface Exchange {
	node: INode;
	request: ApiRequest;
	dialect: ApiDialect;
	idempotent: boolean;
	/** Why an earlier attempt may have been applied although it failed, e.g. "the connection was reset". */
	earlierAttemptMayHaveApplied?: string;
}

function uncertainWrite({ request, dialect }: Exchange): UncertainWrite {
	const { method, path } = request;
	return (
		request.uncertainWrite ??
		dialect.describeWrite?.(method, path) ?? { subject: 'the request', check: `read the record back before sending ${method} ${path} again` }
	);
}

/** The error for a connection that failed on the last attempt. */
function connectionFailure(run: Exchange, code: string, attempts: number): OperationFailure {
	const { method, path, itemIndex } = run.request;
	const failure = networkError(run.node, method, path, code, attempts, itemIndex);
	if (mayHaveReachedServer(code) && !run.idempotent) {
		return explainUncertainWrite(failure, `The connection broke after ${method} ${path} was sent (${describeNetworkFailure(code)})`, uncertainWrite(run));
	}
	return addToDescription(failure, 'Try again later.');
}

/** A 2xx answer as the response: the body parsed as JSON (or the bytes of a download); anything else is an error. */
function successResponse<T>(run: Exchange, response: RawResponse, headers: Record<string, unknown>, attempts: number): ApiResponse<T> {
	const { method, path, itemIndex, binary } = run.request;
	const location = headers.location === undefined ? undefined : String(headers.location);
	const success = { statusCode: response.statusCode, headers, location, createdId: idFromLocation(location), attempts };
	if (binary) {
		const raw = response.body;
		return { ...success, body: (Buffer.isBuffer(raw) ? raw : Buffer.from((raw ?? []) as ArrayBuffer)) as T };
	}
	const body = readBody(response.body);
	if (body.json) return { ...success, body: body.value as T };
	const failure = notJsonError(run.node, method, path, response.statusCode, headers['content-type'], body.text, itemIndex);
	if (!run.idempotent) {
		explainUncertainWrite(failure, `The marketplace answered ${method} ${path} with ${response.statusCode}, but not with JSON`, uncertainWrite(run));
	}
	throw redactError(failure);
}

/** The error for an error answer on the last attempt: the dialect's words, plus what the retries and earlier attempts mean. */
function answerFailure(run: Exchange, response: RawResponse, headers: Record<string, unknown>, attempts: number, retryAfterMs?: number): OperationFailure {
	const { method, path, itemIndex } = run.request;
	const { statusCode } = response;
	const failure = run.dialect.responseError(run.node, method, path, { statusCode, body: readBody(response.body).value, headers }, attempts, itemIndex);
	addToDescription(failure, `Request: ${method} ${path}, answered ${statusCode}`);
	if (statusCode >= 500 && !run.idempotent) {
		explainUncertainWrite(failure, `The marketplace received ${method} ${path} but failed while handling it (${statusCode})`, uncertainWrite(run));
	} else if (statusCode === 429) {
		addToDescription(failure, 'Too many requests in a short time. Try again later, or lower "Page Concurrency".');
	} else if (statusCode >= 500) {
		addToDescription(failure, 'This is usually temporary. Try again later.');
	} else if (run.earlierAttemptMayHaveApplied) {
		addToDescription(
			failure,
			`An earlier attempt of this request failed after it was sent (${run.earlierAttemptMayHaveApplied}), so this refusal may mean that it was applied. Check: ${uncertainWrite(run).check}.`,
		);
	}
	if (retryAfterMs !== undefined) addToDescription(failure, `The marketplace asked to wait ${describeWait(retryAfterMs)} before the next request.`);
	return failure;
}

/**
 * Sends one request with retries and turns every answer into a response or an error a seller can act on:
 * - 429 is retried (always: nothing was done); 5xx and broken connections only when the request is safe to
 *   repeat. A Retry-After is honoured in full within the retry budget; beyond it the run fails at once and
 *   says how long the marketplace asked to wait.
 * - A write that is not repeated although it may have been applied says so and how to check it.
 * - A retry refused (4xx) after an earlier attempt may have been applied asks `confirmApplied`; a DELETE
 *   that finds nothing (404) then is done.
 * - A redirect is never followed; a success whose body is not JSON is an error.
 * - Every error is redacted of anything that looks like a key, signature or token.
 */
async function exchange<T>(context: ApiContext, dialect: ApiDialect, request: ApiRequest, send: () => Promise<RawResponse>): Promise<ApiResponse<T>> {
	const { method, path, itemIndex } = request;
	const node = context.getNode();
	const policy: RetryPolicy = { ...requestSettings(context, itemIndex).retry, ...request.retry };
	const run: Exchange = { node, request, dialect, idempotent: request.idempotent ?? method !== 'POST' };
	/** A read changes nothing, so a failed attempt of it cannot have applied anything. */
	const writes = method !== 'GET' && method !== 'HEAD';
	let waited = 0;

	/** Waits before the next attempt when it is allowed and fits the budget; false means: give up now. */
	const waitForRetry = async (attempt: number, retryable: boolean, retryAfterMs?: number): Promise<boolean> => {
		if (!retryable || attempt > policy.maxRetries) return false;
		const delay = retryDelay(attempt - 1, policy, retryAfterMs);
		if (waited + delay > policy.maxTotalWaitMs) return false;
		waited += delay;
		await sleep(delay);
		return true;
	};

	for (let attempt = 1; ; attempt++) {
		let response: RawResponse;
		try {
			response = await send();
		} catch (error) {
			const problem = credentialProblem(error);
			if (problem) throw new NodeOperationError(node, problem, { itemIndex });
			const code = findNetworkErrorCode(error);
			if (!code) throw redactError(error instanceof NodeApiError ? error : new NodeApiError(node, error as never, { itemIndex }));
			if (!(await waitForRetry(attempt, isRetryable({ networkErrorCode: code }, run.idempotent)))) {
				throw redactError(connectionFailure(run, code, attempt));
			}
			if (writes && mayHaveReachedServer(code)) run.earlierAttemptMayHaveApplied ??= describeNetworkFailure(code);
			continue;
		}

		const { statusCode } = response;
		const headers = lowerCaseHeaders(response.headers);
		if (statusCode >= 300 && statusCode < 400) throw redactError(redirectError(node, method, path, statusCode, headers.location, itemIndex));
		if (statusCode >= 200 && statusCode < 300) return successResponse<T>(run, response, headers, attempt);

		if (statusCode === 429) request.onThrottled?.();
		const retryAfterMs = parseRetryAfter(headers['retry-after']);
		if (await waitForRetry(attempt, isRetryable({ statusCode }, run.idempotent), retryAfterMs)) {
			if (writes && statusCode >= 500) run.earlierAttemptMayHaveApplied ??= `the marketplace answered ${statusCode}`;
			continue;
		}
		if (run.earlierAttemptMayHaveApplied && statusCode < 500 && statusCode !== 401 && statusCode !== 429) {
			const done = method === 'DELETE' && statusCode === 404 ? true : await request.confirmApplied?.().catch(() => false);
			if (done) return { statusCode, headers, attempts: attempt, body: undefined as T, alreadyApplied: true };
		}
		throw redactError(answerFailure(run, response, headers, attempt, retryAfterMs));
	}
}
