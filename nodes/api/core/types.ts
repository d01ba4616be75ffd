/** The shapes of the request path: what a caller asks, what it gets back, and what differs between the API versions. */
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { FailedResponse, OperationFailure, UncertainWrite } from './errors';
import type { RetryPolicy } from './retry';
import type { QueryForm } from './signing';

export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

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
	responseError(
		node: INode,
		method: string,
		path: string,
		response: FailedResponse,
		attempts: number,
		itemIndex?: number,
	): OperationFailure;
	/** Names a write that is not repeated (a create, a refund) and says how a seller checks whether it took effect. */
	describeWrite?(method: string, path: string): UncertainWrite | undefined;
	/**
	 * Waits for an attempt's turn in the API's rate limit (each attempt, retries too); the function it resolves to
	 * ends the turn once the answer, or the failure, is in. None for an API without a documented limit.
	 */
	admit?(): Promise<() => void>;
}

/** An answer as n8n's HTTP helper hands it over, before it is read. */
export type RawResponse = { statusCode: number; body: unknown; headers: unknown };
