/** Reading a notification call: its exact bytes, its headers, and the body as a notification of one API version. */
import type { IDataObject } from 'n8n-workflow';

import type { Notification, Scope } from '../dialect';
import { repeatedTopLevelName } from './bodyLimits';

/** n8n keeps the exact bytes received as `rawBody`; the signature is over those, never over re-serialised JSON. */
export function rawBodyOf(request: { rawBody?: unknown }): Buffer | undefined {
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	if (typeof request.rawBody === 'string') return Buffer.from(request.rawBody, 'utf8');
	return undefined;
}

/** A header's first value, trimmed; `name` as the API writes it (headers are matched case-insensitively). */
export function headerOf(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name.toLowerCase()];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}

/** The notification in `raw`, or why it is malformed. */
export function parseNotification(raw: Buffer, scope: Scope | undefined): Notification | string {
	let body: unknown;
	try {
		body = JSON.parse(raw.toString('utf8'));
	} catch {
		return 'the body is not JSON';
	}
	if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
	const repeated = repeatedTopLevelName(raw.toString('utf8'));
	if (repeated !== undefined) return `the body names ${JSON.stringify(repeated)} twice`;
	const { event_name, resource, id_message, payload, recovered } = body as IDataObject;
	if (typeof event_name !== 'string' || !event_name) return 'event_name is missing';
	if (typeof resource !== 'string' || !resource) return 'resource is missing';
	if (typeof id_message !== 'string' || !id_message || id_message.length > 200)
		return 'id_message is missing or too long';
	const extra = scope ? scope.parse(body as IDataObject) : {};
	if (typeof extra === 'string') return extra;
	if (recovered !== undefined && typeof recovered !== 'boolean') return 'recovered is not true or false';
	return { event_name, resource, id_message, payload, extra, recovered: recovered === true };
}
