/**
 * API v2's error answers in a seller's words. The API answers `{type, message, errors: [{field, message}]}`
 * (`ErrorResponse`; some 404s only `{message}`): the message names what was refused, by the form's label when
 * the operation gave one, and the API's own field name.
 */
import type { JsonObject } from 'n8n-workflow';

import {
	answerFailure,
	asClause,
	BASE_URL_HINT,
	commonAnswerWords,
	type OperationFailure,
	type UncertainWrite,
} from '../core/errors';
import type { ApiDialect } from '../core/types';

export interface ProblemDetail {
	field: string;
	message: string;
}

export interface Problem {
	type?: string;
	message?: string;
	errors: ProblemDetail[];
}

/** Reads the problem out of an error answer, whatever its shape (object, JSON text, bytes, HTML). */
export function parseProblem(body: unknown): Problem {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string') {
		const trimmed = body.trim();
		try {
			body = JSON.parse(trimmed);
		} catch {
			return { message: trimmed ? trimmed.slice(0, 300) : undefined, errors: [] };
		}
	}
	if (!body || typeof body !== 'object' || Array.isArray(body)) return { errors: [] };
	const raw = body as JsonObject;
	const errors = Array.isArray(raw.errors)
		? raw.errors
				.filter((entry): entry is JsonObject => !!entry && typeof entry === 'object')
				.map((entry) => ({ field: String(entry.field ?? ''), message: String(entry.message ?? '') }))
		: [];
	return {
		type: typeof raw.type === 'string' ? raw.type : undefined,
		message: typeof raw.message === 'string' ? raw.message : undefined,
		errors,
	};
}

/** `/order-units/12/send` → "order unit 12"; `/units` → "unit". For messages only. */
export function describeTarget(path: string): { label: string; id?: string } {
	const [collection = 'resource', id] = path.split('?')[0].split('/').filter(Boolean);
	const label = collection
		.replace(/-/g, ' ')
		.replace(/ies$/, 'y')
		.replace(/sses$/, 'ss')
		.replace(/([^su])s$/, '$1');
	if (id === undefined || !/^[\w.~%-]+$/.test(id) || /^[a-z-]+$/.test(id)) return { label };
	return { label, id: decodeURIComponent(id) };
}

/** "Listing Price (in Cents)" (listing_price) when the form has a label for the API's field name, else the field name. */
function fieldName(field: string, labels: Record<string, string>): string {
	const bare = field.replace(/^\[\d+\]\.?/, '').replace(/^(unit_data|data)\./, '');
	const label = labels[field] ?? labels[bare];
	return label ? `"${label}" (${field})` : field ? `"${field}"` : 'a value';
}

/** The API field names a request body sets: its keys, and for a list of changes (bulk) those of each `unit_data` too. */
export function bodyFields(body: unknown): Set<string> {
	const fields = new Set<string>();
	for (const entry of Array.isArray(body) ? body : [body]) {
		if (!entry || typeof entry !== 'object') continue;
		for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
			fields.add(key);
			if (value && typeof value === 'object' && !Array.isArray(value))
				for (const inner of Object.keys(value)) fields.add(inner);
		}
	}
	return fields;
}

/** Whether a refused field is one the request's body did not set (a value the record already had). */
function notSent(field: string, sent: ReadonlySet<string> | undefined): boolean {
	const bare = field.replace(/^\[\d+\]\.?/, '').replace(/^(unit_data|data)\./, '');
	return sent !== undefined && sent.size > 0 && bare !== '' && bare !== 'body' && !sent.has(bare);
}

/** Why the marketplace refused the keys, as the end of a headline; the clock when it named the time stamp. */
function authReason(problem: Problem): string {
	if (problem.errors.some((error) => /timestamp/i.test(error.field)))
		return 'the clock of the machine running n8n is more than 5 minutes off';
	switch (problem.type) {
		case '/problems/invalid-credentials':
			return 'the marketplace does not know the Client Key (or Partner Client Key)';
		case '/problems/corrupted-signature':
			return 'the Secret Key (or Partner Secret Key) is wrong, so the signature does not match';
		case '/problems/missing-or-invalid-request-header':
			return 'the marketplace refused a request header, most likely the time stamp (check the clock of the machine running n8n)';
		case '/problems/inactive-account':
			return 'the seller account of these keys is not active';
		default:
			return 'the marketplace did not accept the keys or the time stamp (check the Client Key, the Secret Key and the clock of the machine running n8n)';
	}
}

const AUTH_HINTS: Record<string, string> = {
	'/problems/invalid-credentials':
		'The marketplace does not know the Client Key (or Partner Client Key) of these credentials.',
	'/problems/corrupted-signature':
		'The Client Key is known, but the signature does not match: the Secret Key (or Partner Secret Key) is wrong.',
	'/problems/missing-or-invalid-request-header':
		"A request header was refused, most likely the time stamp: the clock of the machine running n8n must be within 5 minutes of the marketplace's.",
	'/problems/inactive-account': 'The seller account of these keys is not active.',
};

/** Names a write that may have been applied though its answer was lost, and how to check it, when the operation did not say. */
export function describeWrite(method: string, path: string): UncertainWrite | undefined {
	const { label, id } = describeTarget(path);
	if (id !== undefined)
		return { subject: 'the request', check: `read ${label} ${id} back (its Get operation) to see its current state` };
	if (method === 'POST')
		return { subject: 'the request', check: `the ${label} list (its Get Many operation) shows whether it was created` };
	return undefined;
}

/**
 * Maps an error answer of API v2 to a failure; `fieldLabels` maps API field names to form labels. Advice
 * about retrying (429, 5xx) and about writes that may have been applied is added by the shared request path,
 * which knows what was retried; it also redacts the API's text.
 */
export function responseError(
	...[node, method, path, response, attempts, itemIndex, fieldLabels = {}, sentFields]: [
		...Parameters<ApiDialect['responseError']>,
		Record<string, string>?,
		ReadonlySet<string>?,
	]
): OperationFailure {
	const status = response.statusCode;
	const problem = parseProblem(response.body);
	const { label, id } = describeTarget(path);
	const details = problem.errors.map((error) => `${fieldName(error.field, fieldLabels)}: ${error.message}`);
	const common = commonAnswerWords(status, method, path, { label, id }, attempts, problem.message);
	let words: { summary: string; reason: string; hint?: string };
	let namesFirstField = false;
	if (status === 401 || problem.type === '/problems/inactive-account') {
		words = {
			summary: 'The marketplace did not accept the credentials',
			reason: authReason(problem),
			hint:
				(problem.type && AUTH_HINTS[problem.type]) ??
				"Check the Client Key and the Secret Key, and that this machine's clock is right: every request is signed with the current time.",
		};
	} else if ((status === 400 || status === 422) && problem.errors.length) {
		const first = problem.errors[0];
		const name = fieldName(first.field, fieldLabels);
		words = {
			summary: `The marketplace refused ${name}: ${first.message}`,
			reason: `${name}: ${first.message}`,
			hint: notSent(first.field, sentFields)
				? `This request did not set ${name}: the marketplace checked the value the ${label}${id === undefined ? '' : ` ${id}`} already has against the values sent. Set ${name} in this node too, so that the two fit (or change it in the Seller Portal).`
				: undefined,
		};
		namesFirstField = true;
	} else if (status === 404 && common) {
		words = {
			...common,
			hint:
				id === undefined
					? BASE_URL_HINT
					: 'Check the ID: it may belong to another seller account, or have been deleted.',
		};
	} else if (status === 429 && common) {
		words = {
			...common,
			hint: 'The marketplace allows 111 requests a second per seller account, across all workflows.',
		};
	} else if (common) {
		words = common;
	} else {
		const target = id === undefined ? `${method} ${path}` : `${label} ${id}`;
		words = {
			summary: `The marketplace refused ${target} (${status})${problem.message ? `: ${problem.message}` : ''}`,
			reason: problem.message ? asClause(problem.message) : `the marketplace refused it (${status})`,
		};
	}
	return answerFailure(
		node,
		status,
		{
			...words,
			apiText: problem.message,
			details: [
				details.length > (namesFirstField ? 1 : 0) ? `Refused fields: ${details.join('; ')}` : undefined,
				problem.type && problem.type !== 'about:blank' ? `Problem type: ${problem.type}` : undefined,
				words.hint,
			],
			requestId: response.headers['x-request-id'],
			response: {
				status,
				type: problem.type ?? null,
				message: problem.message ?? words.summary,
				errors: problem.errors,
				path,
			} as unknown as JsonObject,
		},
		itemIndex,
	);
}
