/**
 * What one exchange ends with: the response of a 2xx answer, or the error a seller reads, composed once from
 * the dialect's words, what the retries did and whether a write may have been applied.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import {
	addToDescription,
	describeNetworkFailure,
	explainUncertainWrite,
	networkError,
	notJsonError,
	OperationFailure,
	type UncertainWrite,
} from './errors';
import { idFromLocation } from './path';
import { redactError } from './redaction';
import { describeWait, mayHaveReachedServer } from './retry';
import type { ApiDialect, ApiRequest, ApiResponse, RawResponse } from './types';

export function lowerCaseHeaders(headers: unknown): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [name, value] of Object.entries((headers as IDataObject) ?? {})) result[name.toLowerCase()] = value;
	return result;
}

/** A problem with the credentials themselves (wrong key length, foreign URL), raised by the signer. */
export function credentialProblem(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; current && depth < 5; depth++) {
		const candidate = current as { isCredentialProblem?: boolean; message?: string; cause?: unknown };
		if (candidate.isCredentialProblem) return candidate.message;
		current = candidate.cause;
	}
	return undefined;
}

/** A body as the API sent it: undefined when empty, parsed JSON when it is JSON, the text otherwise. */
export function readBody(raw: unknown): { json: boolean; value: unknown; text: string } {
	const text = Buffer.isBuffer(raw)
		? raw.toString('utf8')
		: raw instanceof ArrayBuffer
			? Buffer.from(raw).toString('utf8')
			: typeof raw === 'string'
				? raw
				: '';
	if (!text.trim()) return { json: true, value: undefined, text };
	try {
		return { json: true, value: JSON.parse(text), text };
	} catch {
		return { json: false, value: text, text };
	}
}

/** What `exchange` knows about one request while it runs, for the errors it builds. */
export interface Exchange {
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
		dialect.describeWrite?.(method, path) ?? {
			subject: 'the request',
			check: `read the record back before sending ${method} ${path} again`,
		}
	);
}

/** The error for a connection that failed on the last attempt. */
export function connectionFailure(run: Exchange, code: string, attempts: number): OperationFailure {
	const { method, path, itemIndex } = run.request;
	const failure = networkError(run.node, method, path, code, attempts, itemIndex);
	if (mayHaveReachedServer(code) && !run.idempotent) {
		return explainUncertainWrite(
			failure,
			`The connection broke after ${method} ${path} was sent (${describeNetworkFailure(code)})`,
			uncertainWrite(run),
		);
	}
	return addToDescription(failure, 'Try again later.');
}

/** A 2xx answer as the response: the body parsed as JSON (or the bytes of a download); anything else is an error. */
export function successResponse<T>(
	run: Exchange,
	response: RawResponse,
	headers: Record<string, unknown>,
	attempts: number,
): ApiResponse<T> {
	const { method, path, itemIndex, binary } = run.request;
	const location = headers.location === undefined ? undefined : String(headers.location);
	const success = { statusCode: response.statusCode, headers, location, createdId: idFromLocation(location), attempts };
	if (binary) {
		const raw = response.body;
		return { ...success, body: (Buffer.isBuffer(raw) ? raw : Buffer.from((raw ?? []) as ArrayBuffer)) as T };
	}
	const body = readBody(response.body);
	if (body.json) return { ...success, body: body.value as T };
	const failure = notJsonError(
		run.node,
		method,
		path,
		response.statusCode,
		headers['content-type'],
		body.text,
		itemIndex,
	);
	if (!run.idempotent) {
		explainUncertainWrite(
			failure,
			`The marketplace answered ${method} ${path} with ${response.statusCode}, but not with JSON`,
			uncertainWrite(run),
		);
	}
	throw redactError(failure);
}

/** The error for an error answer on the last attempt: the dialect's words, plus what the retries and earlier attempts mean. */
export function answerError(
	run: Exchange,
	response: RawResponse,
	headers: Record<string, unknown>,
	attempts: number,
	retryAfterMs?: number,
): OperationFailure {
	const { method, path, itemIndex } = run.request;
	const { statusCode } = response;
	const failure = run.dialect.responseError(
		run.node,
		method,
		path,
		{ statusCode, body: readBody(response.body).value, headers },
		attempts,
		itemIndex,
	);
	addToDescription(failure, `Request: ${method} ${path}, answered ${statusCode}`);
	if (statusCode >= 500 && !run.idempotent) {
		explainUncertainWrite(
			failure,
			`The marketplace received ${method} ${path} but failed while handling it (${statusCode})`,
			uncertainWrite(run),
		);
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
	if (retryAfterMs !== undefined)
		addToDescription(failure, `The marketplace asked to wait ${describeWait(retryAfterMs)} before the next request.`);
	return failure;
}

/** Whether an answer's body is a record: a JSON object, not a list, text, null or nothing. */
export function isRecord(body: unknown): body is IDataObject {
	return typeof body === 'object' && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body);
}

/**
 * The error for a 2xx answer that is not in the form the operation reads (a record, a list, an API's envelope),
 * e.g. the page of a proxy or of another service at the Base URL. `expected` names that form ("a list"), `reason`
 * ends the headline. Both API versions build it here, so the words stay the same.
 */
export function unexpectedAnswer(
	node: INode,
	{ method, path, itemIndex }: Pick<ApiRequest, 'method' | 'path' | 'itemIndex'>,
	expected: string,
	reason: string,
): OperationFailure {
	return new OperationFailure(
		node,
		{ path },
		{
			message: `Expected ${expected} from ${method} ${path}, but the API returned something else`,
			description: `Request: ${method} ${path}, answered without ${expected}. Check that the Base URL of the credentials is the API's.`,
			itemIndex,
			reason,
		},
	);
}
