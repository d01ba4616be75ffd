import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { redactSecrets } from './redaction';

/** Failures common to both API versions: a connection that broke, answers that are no API answer (secrets are taken out of their text by redaction.ts). */

export interface FailedResponse {
	statusCode: number;
	body: unknown;
	headers: Record<string, unknown>;
}

/** What an operation attempted, as its failure's headline names it (see nodes/SellerMarketplace/actions/failure.ts). */
export interface Attempted {
	/** The resource's value, e.g. `orderUnit`. */
	resource: string;
	/** The operation's value, e.g. `send`. */
	operation: string;
	/** The operation's words for it, e.g. "mark order unit 1000064 as sent". */
	words: string;
	/** The ID of the record the words name, when they name one. */
	id?: string;
}

type NodeApiErrorOptions = NonNullable<ConstructorParameters<typeof NodeApiError>[2]>;

/**
 * A request that failed, built once by the request path: n8n's API error (status, message, description) plus the
 * parts of its headline: the reason, whether a write may have been applied, and (set by the router of the action
 * node) what was attempted. "Could not mark order unit 1000064 as sent: it is already 'sent'". Elsewhere
 * (triggers, dropdowns) the error keeps its own message.
 */
export class OperationFailure extends NodeApiError {
	/** Lower case, no full stop, e.g. "it is already 'sent'" or "the connection was reset". */
	reason: string;
	/** The write was sent once and its outcome is unknown: it may or may not have been applied. */
	mayHaveBeenApplied: boolean;
	/** What the operation attempted; set once, when the router gives the error its headline. */
	attempted?: Attempted;

	constructor(node: INode, response: JsonObject, options: NodeApiErrorOptions & { reason: string }) {
		const { reason, ...apiOptions } = options;
		super(node, response, apiOptions);
		// n8n tells its errors apart by name (e.g. when it rethrows a node's error): this is an API error to it.
		this.name = 'NodeApiError';
		this.reason = reason;
		this.mayHaveBeenApplied = false;
	}
}

/** A text from the API as the end of a sentence: its first word lower-cased when it is an ordinary capitalised word. */
export function asClause(text: string): string {
	const trimmed = text.trim().replace(/\.$/, '');
	return /^[A-Z][a-z]/.test(trimmed) ? trimmed[0].toLowerCase() + trimmed.slice(1) : trimmed;
}

const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was reset',
	EPIPE: 'the connection was reset',
	ETIMEDOUT: 'the request timed out',
	ESOCKETTIMEDOUT: 'the request timed out',
	ECONNABORTED: 'the request timed out',
	ENOTFOUND: 'the host name could not be resolved',
	EAI_AGAIN: 'the host name could not be resolved',
};

/** What a network error code means, in words: "the connection was reset". */
export function describeNetworkFailure(code: string): string {
	return NETWORK_FAILURES[code] ?? 'the connection failed';
}

/** Maps a failure to reach the API at all (reset, timeout, refused) to a NodeApiError. */
export function networkError(
	node: INode,
	method: string,
	path: string,
	code: string,
	attempts: number,
	itemIndex?: number,
): OperationFailure {
	const retried = attempts > 1 ? ` after ${attempts} attempts` : '';
	// The code stays out of the message: n8n would replace a message that names one with its own generic text.
	return new OperationFailure(node, { networkError: code, path } as JsonObject, {
		message: `Could not reach the marketplace: ${describeNetworkFailure(code)}${retried}`,
		description: `The connection failed during ${method} ${path} (${code}).`,
		itemIndex,
		reason: `${describeNetworkFailure(code)}${retried}`,
	});
}

/** A 3xx answer. It is never followed: the signed headers must not leave the Base URL of the credentials. */
export function redirectError(
	node: INode,
	method: string,
	path: string,
	statusCode: number,
	location: unknown,
	itemIndex?: number,
): OperationFailure {
	const target =
		location === undefined || location === null || location === '' ? 'no address' : redactSecrets(String(location));
	return new OperationFailure(node, { status: statusCode, path } as JsonObject, {
		message: `The marketplace answered ${method} ${path} with a redirect (${statusCode}), which was not followed`,
		description: [
			`It pointed to ${target}. Requests signed with your keys only go to the Base URL of the credentials. If the API has moved, change the Base URL.`,
			`Request: ${method} ${path}, answered ${statusCode}`,
		].join('\n'),
		httpCode: String(statusCode),
		itemIndex,
		reason: `the marketplace answered with a redirect (${statusCode}), which was not followed`,
	});
}

/** A 2xx answer whose body is not JSON: something else than the API answered (a proxy, a login page, a wrong Base URL). */
export function notJsonError(
	node: INode,
	method: string,
	path: string,
	statusCode: number,
	contentType: unknown,
	text: string,
	itemIndex?: number,
): OperationFailure {
	const start = redactSecrets(text.replace(/\s+/g, ' ').trim().slice(0, 120));
	return new OperationFailure(node, { status: statusCode, path } as JsonObject, {
		message: `The marketplace answered ${method} ${path} with something that is not JSON (${statusCode})`,
		description: [
			`Content-Type: ${contentType === undefined ? 'none' : String(contentType)}. It begins: "${start}"`,
			'Usually something other than the API answered, such as a proxy, a login page or a wrong Base URL.',
			`Request: ${method} ${path}, answered ${statusCode}`,
		].join('\n'),
		httpCode: String(statusCode),
		itemIndex,
		reason: `the marketplace answered with something that is not JSON (${statusCode})`,
	});
}

/** What an API version says about one of its error answers; answerFailure builds the error from it. */
export interface AnswerWords {
	/** The error's message where no router names the operation, e.g. "No order with ID "12" was found". */
	summary: string;
	/** The end of the headline the router builds, e.g. "order 12 was not found". */
	reason: string;
	/** The API's own words about the error, shown first. */
	apiText?: string;
	/** Further lines of the description, in order: refused fields, the problem type, what to check. */
	details?: Array<string | undefined>;
	requestId?: unknown;
	/** What n8n keeps as the error's response. */
	response: JsonObject;
}

/** The one builder of an error answer's failure, for both API versions: its description is the API's text, the details and the request ID. */
export function answerFailure(node: INode, status: number, words: AnswerWords, itemIndex?: number): OperationFailure {
	const requestId =
		words.requestId === undefined || words.requestId === null || words.requestId === ''
			? undefined
			: redactSecrets(String(words.requestId));
	const description = [
		words.apiText ? `The API said: ${words.apiText}` : undefined,
		...(words.details ?? []),
		requestId ? `Request ID: ${requestId}` : undefined,
	]
		.filter(Boolean)
		.join('\n');
	return new OperationFailure(
		node,
		{ ...words.response, requestId: requestId ?? null },
		{
			message: words.summary,
			description,
			httpCode: String(status),
			itemIndex,
			reason: words.reason,
		},
	);
}

/**
 * The words of the answers both API versions mean alike: the rate limit (429), a server error (5xx) and nothing
 * found (404; `reference` names the record, e.g. `with ID "12"`). Undefined for the others.
 */
export function commonAnswerWords(
	status: number,
	method: string,
	path: string,
	target: { label: string; id?: string; reference?: string },
	attempts: number,
	apiText?: string,
): { summary: string; reason: string } | undefined {
	const retried = attempts > 1 ? ` (after ${attempts} attempts)` : '';
	if (status === 429)
		return {
			summary: `The marketplace's rate limit was reached${retried}`,
			reason: `the marketplace's rate limit was reached${retried}`,
		};
	if (status >= 500) {
		return {
			summary: `The marketplace had a server error (${status})${retried}`,
			reason: `the marketplace had a server error (${status}${attempts > 1 ? `, after ${attempts} attempts` : ''})`,
		};
	}
	if (status !== 404) return undefined;
	const { label, id } = target;
	if (id === undefined)
		return {
			summary: `Not found: ${method} ${path}`,
			reason: asClause(apiText ?? 'the marketplace found nothing at this address'),
		};
	return {
		summary: `No ${label} ${target.reference ?? `with ID "${id}"`} was found`,
		reason: `${label} ${id} was not found`,
	};
}

/** What to check when nothing at all was found at an address: the Base URL. */
export const BASE_URL_HINT = "If nothing at all can be found, the Base URL of the credentials may not be the API's.";

/** How a write whose outcome is unknown is named in its error, and how a seller checks whether it took effect. */
export interface UncertainWrite {
	/** E.g. "the refund"; "the request" when nothing better is known. */
	subject: string;
	/** E.g. "Ticket → Get Many lists the ticket if it was opened". */
	check: string;
}

/**
 * Turns the error of a write that was not repeated because it may already have been applied into one that
 * says so, and how to check, instead of advising to try again (which could apply it twice).
 */
export function explainUncertainWrite(error: OperationFailure, cause: string, write: UncertainWrite): OperationFailure {
	error.message = `${error.message}; ${write.subject} may already have been applied`;
	error.mayHaveBeenApplied = true;
	error.description = [
		`${cause}, so it may or may not have been applied. It was sent once and not repeated, so it cannot have been applied twice.`,
		`Before running it again, check: ${write.check}.`,
		error.description,
	]
		.filter(Boolean)
		.join('\n');
	return error;
}

/** Adds a line to an error's description. */
export function addToDescription<T extends NodeApiError>(error: T, line: string): T {
	error.description = error.description ? `${error.description}\n${line}` : line;
	return error;
}

/** Finds a Node.js network error code (ECONNRESET, ETIMEDOUT, ...) in an error or its causes. */
export function findNetworkErrorCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; current && depth < 5; depth++) {
		const candidate = current as { code?: unknown; cause?: unknown; message?: unknown };
		if (typeof candidate.code === 'string' && /^E[A-Z_]+$/.test(candidate.code)) return candidate.code;
		if (typeof candidate.message === 'string' && /socket hang up/i.test(candidate.message)) return 'ECONNRESET';
		current = candidate.cause;
	}
	return undefined;
}
