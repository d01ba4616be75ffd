import type { INode, JsonObject } from 'n8n-workflow';

import {
	answerFailure,
	asClause,
	BASE_URL_HINT,
	commonAnswerWords,
	type FailedResponse,
	type OperationFailure,
	type UncertainWrite,
} from '../core/errors';
import { redactSecrets } from '../core/redaction';

/** API v1's error answers in a seller's words. */

/** What to check when API v1 refuses the signature (401): the node's errors and the credential test say the same. */
export const SIGNATURE_HINT =
	"Check that the Client Key and Secret Key are copied exactly from the seller account's API settings, and that the clock of the machine running n8n is right: every request is signed with the current time.";

/** Singular names of the API's resources, by the first path segment, for messages a seller can read. */
const RESOURCE_LABELS: Record<string, string> = {
	orders: 'order',
	'order-units': 'order unit',
	order_units: 'order unit',
	'order-invoices': 'order invoice',
	categories: 'category',
	attributes: 'attribute',
	items: 'item',
	'product-data': 'product data for EAN',
	'product-data-status': 'product data status for EAN',
	'import-files': 'import file',
	units: 'unit',
	returns: 'return',
	'return-units': 'return unit',
	tickets: 'ticket',
	'ticket-messages': 'ticket message',
	claims: 'claim',
	'claim-messages': 'claim message',
	subscriptions: 'subscription',
	warehouses: 'warehouse',
};

/** The resource and id a path addresses, e.g. `/order-units/12/send/` → order unit 12. */
export function describePath(path: string): { label: string; id?: string } {
	const [resource, id] = path.split('?')[0].split('/').filter(Boolean);
	const label = RESOURCE_LABELS[resource];
	if (label === undefined) return { label: resource ?? 'resource' };
	if (id === undefined || id === 'seller' || id === 'decide') return { label };
	return { label, id: decodeURIComponent(id) };
}

/** The API's own words about an error, with anything that looks like a key, signature or token redacted. */
function apiMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object' && 'message' in body) return redactSecrets(String((body as JsonObject).message));
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string' && body.trim()) {
		try {
			return apiMessage(JSON.parse(body));
		} catch {
			return redactSecrets(body.trim().slice(0, 300));
		}
	}
	return undefined;
}

/** The form's name of each resource, and what a seller reads to see whether a create took effect. */
const CREATE_CHECKS: Record<string, string> = {
	units: 'Unit (Offer) → Get Many, filtered by EAN or Offer ID, lists the offer if it was created',
	tickets: 'Ticket → Get Many lists the ticket if it was opened',
	'ticket-messages': 'Ticket → Get with its messages shows whether the message was posted',
	'claim-messages': 'the claim in your seller account shows whether the message was posted',
	'order-invoices': 'Order Invoice → Get Many lists the invoice if it was uploaded',
	returns: 'Return → Get Many lists the return if it was opened',
	'import-files': 'Import File → Get Many lists the file if it was submitted',
	subscriptions: 'Subscription → Get Many lists the subscription if it was created',
};

/** Names a write that may have been applied though its answer was lost, and how a seller checks it. */
export function describeWrite(method: string, path: string): UncertainWrite | undefined {
	const [resource, id, action] = path.split('?')[0].split('/').filter(Boolean);
	if (action === 'refund') {
		return {
			subject: 'the refund',
			check: `API v1 cannot list refunds, so look for this refund at order unit ${id} in your seller account before refunding again`,
		};
	}
	if (method === 'POST' && CREATE_CHECKS[resource]) return { subject: 'the request', check: CREATE_CHECKS[resource] };
	const { label } = describePath(path);
	if (id !== undefined)
		return {
			subject: 'the request',
			check: `read ${label} ${decodeURIComponent(id)} back (its Get operation) to see its current state`,
		};
	return undefined;
}

/**
 * Maps an error response of the API to a failure a seller can act on. The API's text is redacted;
 * advice about retrying (429, 5xx) is added by the shared request path, which knows what was retried.
 */
export function responseError(
	node: INode,
	method: string,
	path: string,
	response: FailedResponse,
	attempts: number,
	itemIndex?: number,
): OperationFailure {
	const status = response.statusCode;
	const message = apiMessage(response.body);
	const { label, id } = describePath(path);
	const what = id === undefined ? label : `${label} ${id}`;
	// Product data is addressed by EAN, everything else by an ID.
	const common = commonAnswerWords(
		status,
		method,
		path,
		{ label, id, reference: label.endsWith('EAN') ? `"${id}"` : undefined },
		attempts,
		message,
	);
	let words: { summary: string; reason: string; hint?: string };
	if (status === 401) {
		words = {
			summary: 'The marketplace did not accept the request signature',
			reason:
				'the marketplace did not accept the signature (check the Client Key, the Secret Key and the clock of the machine running n8n)',
			hint: SIGNATURE_HINT,
		};
	} else if (status === 403 && /^(order|order unit)$/.test(label) && id !== undefined) {
		words = {
			summary: `The ${what} is fulfilled by the marketplace and cannot be read or changed through API v1`,
			reason: `${what} is fulfilled by the marketplace and cannot be read or changed through API v1`,
			hint: 'Orders fulfilled by the marketplace are only available in the newer seller API.',
		};
	} else if (status === 404 && common) {
		words = {
			...common,
			hint:
				id === undefined
					? BASE_URL_HINT
					: 'Check the ID; it may belong to another seller account or have been deleted.',
		};
	} else if (common) {
		words = common;
	} else {
		words = {
			summary: `The marketplace rejected the request to ${method} ${path} (${status})`,
			reason: message ? asClause(message) : `the marketplace refused it (${status})`,
			hint: 'Check the values sent for this item.',
		};
	}
	return answerFailure(
		node,
		status,
		{
			...words,
			apiText: message,
			details: [words.hint],
			requestId: response.headers['x-request-id'],
			response: { status, message: message ?? words.summary, path },
		},
		itemIndex,
	);
}
