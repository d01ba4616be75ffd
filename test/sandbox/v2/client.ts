/**
 * A signing client for API v2, written from the spec for these tests and independent of nodes/ and of
 * the sandbox's own signature check. Every response it receives is checked against the marketplace's OpenAPI
 * (the bytes as received, re-parsed); `useV2Client` fails a test whose responses broke the contract, on the
 * client's side or the sandbox's.
 */
import { createHmac } from 'crypto';
import type { Sandbox, StartOptions } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { loadContract } from '../../../sandbox/v2/contract';
import { ApiResponse, rawRequest } from '../v1/client';

export type V2Response = ApiResponse;
export { rawRequest };

export interface V2RequestOptions {
	/** JSON-serialised unless a string is given (sent byte for byte) */
	body?: unknown;
	/** headers to add or override; `null` removes one */
	headers?: Record<string, string | null>;
	clientKey?: string;
	/** sign with another secret */
	secret?: string;
	/** Unix seconds to send and sign */
	timestamp?: number;
	/** sign this URL instead of the one requested */
	signedUrl?: string;
	/** sign this body instead of the one sent */
	signedBody?: string;
	/** add the partner pair, signed with this partner secret */
	partner?: { clientKey: string; secret: string };
	/** the status is expected to be outside the operation's list (injected faults) */
	anyStatus?: boolean;
}

/** Lower-case hex HMAC-SHA256, keyed with the secret as text, of METHOD\nURL\nBODY\nTIMESTAMP. */
export function signV2(secret: string, method: string, url: string, body: string, timestamp: string): string {
	return createHmac('sha256', Buffer.from(secret, 'utf8'))
		.update(`${method}\n${url}\n${body}\n${timestamp}`)
		.digest('hex');
}

export interface ContractBreach {
	method: string;
	path: string;
	status: number;
	problems: string[];
}

export class V2Client {
	/** responses that did not match the OpenAPI */
	breaches: ContractBreach[] = [];

	constructor(readonly sandbox: Sandbox) {}

	/** `path` is relative to the v2 base URL and sent exactly as given (query included). */
	async call(method: string, path: string, options: V2RequestOptions = {}): Promise<V2Response> {
		const url = this.sandbox.v2BaseUrl + path;
		const body =
			options.body === undefined ? '' : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
		const signedUrl = options.signedUrl ?? url;
		const signedBody = options.signedBody ?? body;
		const headers: Record<string, string> = {
			Accept: 'application/json',
			'User-Agent': 'Inhouse_development',
			'Shop-Client-Key': options.clientKey ?? this.sandbox.clientKey,
			'Shop-Timestamp': timestamp,
			'Shop-Signature': signV2(options.secret ?? this.sandbox.secretKey, method, signedUrl, signedBody, timestamp),
		};
		if (options.partner) {
			headers['Shop-Partner-Client-Key'] = options.partner.clientKey;
			headers['Shop-Partner-Signature'] = signV2(options.partner.secret, method, signedUrl, signedBody, timestamp);
		}
		if (body !== '') {
			headers['Content-Type'] = 'application/json';
			headers['Content-Length'] = String(Buffer.byteLength(body));
		}
		for (const [name, value] of Object.entries(options.headers ?? {})) {
			if (value === null) delete headers[name];
			else headers[name] = value;
		}
		const response = await rawRequest(url, method, headers, body);
		this.checkContract(method, path, response, options.anyStatus === true);
		return response;
	}

	get = (path: string, options?: V2RequestOptions) => this.call('GET', path, options);
	post = (path: string, body?: unknown, options?: V2RequestOptions) => this.call('POST', path, { ...options, body });
	patch = (path: string, body?: unknown, options?: V2RequestOptions) => this.call('PATCH', path, { ...options, body });
	delete = (path: string, options?: V2RequestOptions) => this.call('DELETE', path, options);

	/** The unsigned control API. */
	control(method: string, path: string, body?: unknown): Promise<V2Response> {
		const text = body === undefined ? '' : JSON.stringify(body);
		return rawRequest(
			this.sandbox.controlUrl + path,
			method,
			text === '' ? {} : { 'Content-Type': 'application/json' },
			text,
		);
	}

	private checkContract(method: string, path: string, response: V2Response, anyStatus: boolean): void {
		const contract = loadContract();
		const { operation } = contract.match(method, path.split('?')[0]);
		const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)]));
		// the sandbox's own refusals may come from any operation; a status from the handler must be declared
		const extra = anyStatus ? [response.status] : [400, 401, 429, 501];
		const problems = contract.checkResponse(
			operation,
			response.status,
			response.text === '' ? undefined : response.json,
			headers,
			extra,
		);
		if (response.text !== '' && response.json === undefined) problems.push('the body is not JSON');
		if (response.text !== '' && !/^application\/json\b/.test(String(response.headers['content-type']))) {
			problems.push(`Content-Type is '${response.headers['content-type']}', not application/json`);
		}
		if (problems.length > 0) this.breaches.push({ method, path, status: response.status, problems });
	}
}

/**
 * The file's sandbox (test/harness/sandbox.ts: back to its seed before every test, and after every test no response
 * may have broken the OpenAPI by its own record) with an API v2 client, whose check of what it received must find
 * nothing either.
 */
export function useV2Client(options: StartOptions = {}): { sandbox: () => Sandbox; api: () => V2Client } {
	const { sandbox } = useSandbox(options, { checkResponses: true });
	let client: V2Client | undefined;
	beforeAll(() => {
		client = new V2Client(sandbox());
	});
	beforeEach(() => {
		client!.breaches = [];
	});
	afterEach(() => expect(client!.breaches).toEqual([]));
	return { sandbox, api: () => client! };
}

/** The problem shape every v2 error has. */
export function problem(type: string, fields: string[] = []) {
	return {
		type,
		message: expect.any(String),
		errors:
			fields.length === 0 ? [] : expect.arrayContaining(fields.map((field) => expect.objectContaining({ field }))),
	};
}
