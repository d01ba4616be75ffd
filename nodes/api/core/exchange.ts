/** The retry loop of one request: when to try again, how long to wait, and when an earlier attempt already did the work. */
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { describeNetworkFailure, findNetworkErrorCode, redirectError } from './errors';
import { redactError } from './redaction';
import {
	answerError,
	connectionFailure,
	credentialProblem,
	lowerCaseHeaders,
	successResponse,
	type Exchange,
} from './outcome';
import { isRetryable, mayHaveReachedServer, parseRetryAfter, retryDelay, type RetryPolicy } from './retry';
import { requestSettings } from './settings';
import type { ApiContext, ApiDialect, ApiRequest, ApiResponse, RawResponse } from './types';

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
export async function exchange<T>(
	context: ApiContext,
	dialect: ApiDialect,
	request: ApiRequest,
	send: () => Promise<RawResponse>,
): Promise<ApiResponse<T>> {
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
			if (!code)
				throw redactError(
					error instanceof NodeApiError ? error : new NodeApiError(node, error as never, { itemIndex }),
				);
			if (!(await waitForRetry(attempt, isRetryable({ networkErrorCode: code }, run.idempotent)))) {
				throw redactError(connectionFailure(run, code, attempt));
			}
			if (writes && mayHaveReachedServer(code)) run.earlierAttemptMayHaveApplied ??= describeNetworkFailure(code);
			continue;
		}

		const { statusCode } = response;
		const headers = lowerCaseHeaders(response.headers);
		if (statusCode >= 300 && statusCode < 400)
			throw redactError(redirectError(node, method, path, statusCode, headers.location, itemIndex));
		if (statusCode >= 200 && statusCode < 300) return successResponse<T>(run, response, headers, attempt);

		if (statusCode === 429) request.onThrottled?.();
		const retryAfterMs = parseRetryAfter(headers['retry-after']);
		if (await waitForRetry(attempt, isRetryable({ statusCode }, run.idempotent), retryAfterMs)) {
			if (writes && statusCode >= 500) run.earlierAttemptMayHaveApplied ??= `the marketplace answered ${statusCode}`;
			continue;
		}
		if (run.earlierAttemptMayHaveApplied && statusCode < 500 && statusCode !== 401 && statusCode !== 429) {
			const done =
				method === 'DELETE' && statusCode === 404 ? true : await request.confirmApplied?.().catch(() => false);
			if (done) return { statusCode, headers, attempts: attempt, body: undefined as T, alreadyApplied: true };
		}
		throw redactError(answerError(run, response, headers, attempt, retryAfterMs));
	}
}
