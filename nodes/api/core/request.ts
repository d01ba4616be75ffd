/** The one way this package talks to either API: a signed request, or a download from an address the API handed out. */
import type { ICredentialsDecrypted, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { credentialSecrets, redactError } from './redaction';
import { exchange } from './exchange';
import { appendQuery, buildQueryString } from './signing';
import type { ApiContext, ApiDialect, ApiRequest, ApiResponse, RawResponse } from './types';

/**
 * The one way this package talks to either API: builds the URL and body once, has them signed by the
 * dialect's credentials, sends them without following redirects, and hands the answer to `exchange`.
 */
export async function sendRequest<T = unknown>(
	context: ApiContext,
	dialect: ApiDialect,
	request: ApiRequest,
): Promise<ApiResponse<T>> {
	const { method, path, itemIndex } = request;
	const pathname = path.split('?')[0];
	if (new URL(pathname, 'http://host').pathname !== pathname) {
		throw new NodeOperationError(
			context.getNode(),
			`The request path ${path} would be changed by URL parsing, so nothing was sent [item ${itemIndex ?? 0}]`,
			{ itemIndex },
		);
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
	return await withCredentialsRedacted(
		context,
		dialect,
		async () =>
			await exchange<T>(context, dialect, request, async () => {
				const credentialsDecrypted = await credentialsOfRun(context, dialect.credentialType);
				const release = await dialect.admit?.();
				try {
					return (await context.helpers.httpRequestWithAuthentication.call(
						context,
						dialect.credentialType,
						{ ...options },
						credentialsDecrypted && { credentialsDecrypted },
					)) as RawResponse;
				} finally {
					release?.();
				}
			}),
	);
}

const credentialsByRun = new WeakMap<object, Map<string, Promise<ICredentialsDecrypted | undefined>>>();

/**
 * The credentials of a run of the action node, read once (n8n gives each run its own context) and handed to each of
 * its requests for n8n to sign with. Otherwise n8n reads them again for every request (in a server: a database
 * query, a decryption and their expressions resolved), for each page of a Return All; n8n reads them for the first
 * item either way. Undefined, so that n8n reads them itself per request: in a trigger or a
 * dropdown (a poll trigger keeps one context while the workflow is active, and must see edited credentials), and
 * when they cannot be read (n8n then says why).
 */
async function credentialsOfRun(context: ApiContext, type: string): Promise<ICredentialsDecrypted | undefined> {
	if (!('getInputData' in context)) return undefined;
	let byType = credentialsByRun.get(context);
	if (!byType) credentialsByRun.set(context, (byType = new Map()));
	let credentials = byType.get(type);
	if (!credentials) {
		const named = context.getNode().credentials?.[type];
		credentials = context.getCredentials(type).then(
			(data) => ({ id: named?.id ?? '', name: named?.name ?? type, type, data }),
			() => undefined,
		);
		byType.set(type, credentials);
	}
	return await credentials;
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
		const failure =
			error instanceof NodeApiError || error instanceof NodeOperationError
				? error
				: new NodeOperationError(context.getNode(), error as Error);
		throw redactError(failure, await secretsOf(context, dialect.credentialType));
	}
}

/**
 * Downloads a file from an absolute address the API handed out. It carries its own access token, so it is
 * not signed (and a redirect to a file store is fine to follow). The address never appears in an error.
 */
export async function downloadFromAddress(
	context: IExecuteFunctions,
	dialect: ApiDialect,
	address: string,
	itemIndex: number,
): Promise<{ data: Buffer; contentType?: string }> {
	const shownAddress = address.split('?')[0];
	// The file host's error text is not the API's, and may echo the address: it stays out of the error.
	const withoutHostText: ApiDialect = {
		...dialect,
		responseError: (node, method, path, response, attempts, index) =>
			dialect.responseError(node, method, path, { ...response, body: undefined }, attempts, index),
	};
	const response = await withCredentialsRedacted(
		context,
		dialect,
		async () =>
			await exchange<Buffer>(
				context,
				withoutHostText,
				{ method: 'GET', path: shownAddress, binary: true, itemIndex },
				async () =>
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
