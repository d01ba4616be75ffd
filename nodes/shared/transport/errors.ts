import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** Failures common to both API versions: a connection that broke, and the shape of an error answer. */

export interface FailedResponse {
	statusCode: number;
	body: unknown;
	headers: Record<string, unknown>;
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

/** Maps a failure to reach the API at all (reset, timeout, refused) to a NodeApiError. */
export function networkError(
	node: INode,
	method: string,
	path: string,
	code: string,
	attempts: number,
	itemIndex?: number,
): NodeApiError {
	const retried = attempts > 1 ? ` after ${attempts} attempts` : '';
	const notRetried =
		method === 'POST'
			? ' A create is not sent twice after a broken connection, because it may already have been applied: check whether the record exists before running it again.'
			: '';
	// The code stays out of the message: n8n would replace a message that names one with its own generic text.
	return new NodeApiError(node, { networkError: code, path } as JsonObject, {
		message: `Could not reach the marketplace: ${NETWORK_FAILURES[code] ?? 'the connection failed'}${retried}`,
		description: `The connection failed during ${method} ${path} (${code}).${notRetried}`,
		itemIndex,
	});
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
