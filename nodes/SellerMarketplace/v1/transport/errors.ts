import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { FailedResponse } from '../../../shared/transport/errors';

/** API v1's error answers in a seller's words. */

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

function apiMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object' && 'message' in body) return String((body as JsonObject).message);
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string' && body.trim()) {
		try {
			return apiMessage(JSON.parse(body));
		} catch {
			return body.trim().slice(0, 300);
		}
	}
	return undefined;
}

/** Maps an error response of the API to a NodeApiError a seller can act on. Never includes keys or tokens. */
export function responseError(
	node: INode,
	method: string,
	path: string,
	response: FailedResponse,
	attempts: number,
	itemIndex?: number,
): NodeApiError {
	const status = response.statusCode;
	const message = apiMessage(response.body);
	const requestId = response.headers['x-request-id'];
	const { label, id } = describePath(path);
	const what = id === undefined ? label : `${label} ${id}`;
	const retried = attempts > 1 ? ` (after ${attempts} attempts)` : '';
	let summary: string;
	let hint: string;
	if (status === 401) {
		summary = 'The marketplace did not accept the request signature';
		hint =
			"Check that the Client Key and Secret Key are copied exactly from the seller account's API settings, and that this machine's clock is correct: every request is signed with the current time.";
	} else if (status === 403 && /^(order|order unit)$/.test(label) && id !== undefined) {
		summary = `The ${what} is fulfilled by the marketplace and cannot be read or changed through API v1`;
		hint = 'Orders fulfilled by the marketplace are only available in the newer seller API.';
	} else if (status === 404) {
		// Product data is addressed by EAN, everything else by an ID.
		const reference = label.endsWith('EAN') ? `"${id}"` : `with ID "${id}"`;
		summary = id === undefined ? `Not found: ${method} ${path}` : `No ${label} ${reference} was found`;
		hint = 'Check the ID; it may belong to another seller account or have been deleted.';
	} else if (status === 429) {
		summary = `The marketplace's rate limit was reached${retried}`;
		hint = 'Too many requests in a short time. Try again later, or lower "Page Concurrency".';
	} else if (status >= 500) {
		summary = `The marketplace had a server error (${status})${retried}`;
		hint = 'This is usually temporary. Try again later.';
	} else {
		summary = `The marketplace rejected the request to ${method} ${path} (${status})`;
		hint = 'Check the values sent for this item.';
	}
	const description = [message ? `The API said: ${message}` : undefined, hint, requestId ? `Request ID: ${String(requestId)}` : undefined]
		.filter(Boolean)
		.join('\n');
	return new NodeApiError(
		node,
		{ status, message: message ?? summary, requestId: requestId ? String(requestId) : null, path } as JsonObject,
		{ message: summary, description, httpCode: String(status), itemIndex },
	);
}
