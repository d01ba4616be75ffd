import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	USER_AGENT,
	buildQueryString,
	computeSignature,
	describeCredentialProblem,
	signRequestOptions,
	type SignableRequest,
} from '../../../nodes/api/v1/signing';

const credentials = {
	clientKey: 'c'.repeat(32),
	secretKey: 's'.repeat(64),
	baseUrl: 'http://sandbox.test:8787/api/v1',
};

describe('signature', () => {
	it("matches the public SDK's test vector", () => {
		expect(computeSignature('client_secret', 'PUT', 'http://localhost/', '{}', 1441955581)).toBe(
			'a2f5a5d56660a648f1c8f3b5f92c746a014cd02e82b28a9891e8c4d4f7998b32',
		);
	});

	it('signs spaces, colons, commas and non-ASCII in the query and a non-ASCII body exactly as sent', () => {
		const request: SignableRequest = {
			method: 'post',
			url: '/items/',
			qs: { q: 'Kaffee Mühle', 'ts_created:from': '2026-11-20 08:00:00', status: ['sent', 'received'] },
			body: { title: 'Größe – “L”' },
		};
		const signed = signRequestOptions(credentials, request, 1700000000);
		const url =
			'http://sandbox.test:8787/api/v1/items/?q=Kaffee%20M%C3%BChle&ts_created%3Afrom=2026-11-20%2008%3A00%3A00&status=sent%2Creceived';
		expect(signed.url).toBe(url);
		expect(Buffer.isBuffer(signed.body)).toBe(true);
		expect((signed.body as Buffer).toString('utf8')).toBe('{"title":"Größe – “L”"}');
		// Independently computed with: printf 'POST\n<url>\n<body>\n1700000000' | openssl dgst -sha256 -hmac sss...
		expect(signed.headers).toMatchObject({
			'HM-Client': credentials.clientKey,
			'HM-Timestamp': '1700000000',
			'HM-Signature': computeSignature(credentials.secretKey, 'POST', url, '{"title":"Größe – “L”"}', 1700000000),
			Accept: 'application/json',
			'Content-Type': 'application/json',
			'User-Agent': USER_AGENT,
		});
		expect(signed.headers!['HM-Signature']).toBe('e2653bc854b81759a254b36a9d6f10e22cee1b2997f358bee7484db2658a3611');
		expect(signed.qs).toBeUndefined();
		expect(signed.baseURL).toBeUndefined();
	});

	it('encodes the characters URL parsing would otherwise change', () => {
		expect(buildQueryString({ q: "it's (new)!*" })).toBe('q=it%27s%20%28new%29%21%2A');
		expect(buildQueryString({ a: undefined, b: '', c: [], d: 0, e: false })).toBe('d=0&e=false');
	});

	it('refuses to sign for any host but the configured base URL', () => {
		expect(() =>
			signRequestOptions(credentials, { method: 'GET', url: 'http://evil.test/api/v1/orders/seller/' }, 1),
		).toThrow('only sign requests to http://sandbox.test:8787/api/v1/');
		expect(() =>
			signRequestOptions(credentials, { method: 'GET', url: 'http://sandbox.test:8787/api/v1/../v2/x' }, 1),
		).toThrow();
	});

	it('names what is wrong with the keys without showing them', () => {
		expect(describeCredentialProblem({ ...credentials, clientKey: 'abc' })).toMatch(
			/Client Key must be 32 characters long, but it has 3/,
		);
		const message = describeCredentialProblem({ ...credentials, secretKey: 'x'.repeat(63) });
		expect(message).toMatch(/Secret Key must be 64 characters long, but it has 63/);
		expect(message).not.toContain('x'.repeat(63));
		expect(describeCredentialProblem({ ...credentials, baseUrl: 'https://example.com/api/v2' })).toMatch(
			/ending in \/v1/,
		);
		expect(describeCredentialProblem(credentials)).toBeUndefined();
	});

	it('sends a User-Agent naming this package and its version', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
			name: string;
			version: string;
		};
		expect(USER_AGENT).toBe(`${pkg.name}/${pkg.version}`);
	});
});
