/**
 * API v2 signing, unit-tested: the expected signatures were computed independently with openssl, e.g.
 *   printf 'POST\nhttps://sellerapi.kaufland.com/v2/units/\n\n1411055926' | openssl dgst -sha256 -hmac a7d0cb1d…
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	DEFAULT_BASE_URL,
	DEFAULT_USER_AGENT,
	computeSignature,
	describeCredentialProblem,
	parseBaseUrl,
	signRequestOptions,
	V2_QUERY_FORM,
	type SignableRequest,
} from '../../../nodes/api/v2/signing';
import { documentedExceptions, loadContract } from '../../../sandbox/v2/contract';

const credentials = {
	clientKey: 'c'.repeat(32),
	secretKey: 's'.repeat(64),
	baseUrl: DEFAULT_BASE_URL,
	userAgent: DEFAULT_USER_AGENT,
	storefront: 'de',
};

const patchUnit: SignableRequest = {
	method: 'PATCH',
	url: '/units/123',
	qs: { storefront: 'de', embedded: ['eco_participation', 'battery_participation'] },
	body: { listing_price: 1999, note: 'Größe L' },
};
const patchUrl =
	'https://sellerapi.kaufland.com/v2/units/123?storefront=de&embedded=eco_participation%2Cbattery_participation';

describe('API v2 signature', () => {
	it("matches the documentation's example", () => {
		const secret = 'a7d0cb1da1ddbc86c96ee5fedd341b7d8ebfbb2f5c83cfe0909f4e57f05dd403';
		expect(computeSignature(secret, 'POST', 'https://sellerapi.kaufland.com/v2/units/', '', 1411055926)).toBe(
			'da0b65f51c0716c1d3fa658b7eaf710583630a762a98c9af8e9b392bd9df2e2a',
		);
	});

	it('signs the absolute URL with `embedded` as one comma list and the JSON body exactly as sent, with the Shop- headers', () => {
		const signed = signRequestOptions(credentials, patchUnit, 1700000000);
		expect(signed.url).toBe(patchUrl);
		expect((signed.body as Buffer).toString('utf8')).toBe('{"listing_price":1999,"note":"Größe L"}');
		expect(signed.headers).toEqual({
			Accept: 'application/json',
			'Content-Type': 'application/json',
			'User-Agent': DEFAULT_USER_AGENT,
			'Shop-Client-Key': credentials.clientKey,
			'Shop-Timestamp': '1700000000',
			'Shop-Signature': '9cef995a511cb227a72f24178561083db9627b12951711c2c8364be5b0de1e18',
		});
		expect(signed.qs).toBeUndefined();
		expect(signed.baseURL).toBeUndefined();
	});

	it("writes the query as PHP's http_build_query does (space as +, ~ as %7E), repeats other list keys, and signs those bytes", () => {
		// http_build_query(['search_term' => "Größe L ~ it's (new)!*", 'status' => …]) in PHP, the form the marketplace's examples use;
		// the voucher filters are documented as repeated keys (?status=active&status=new).
		const search: SignableRequest = {
			method: 'GET',
			url: '/vouchers',
			qs: { search_term: "Größe L ~ it's (new)!*", status: ['active', 'new'], sort: 'redemptions:desc' },
		};
		const signed = signRequestOptions(credentials, search, 1700000000);
		const url =
			'https://sellerapi.kaufland.com/v2/vouchers?search_term=Gr%C3%B6%C3%9Fe+L+%7E+it%27s+%28new%29%21%2A&status=active&status=new&sort=redemptions%3Adesc';
		expect(signed.url).toBe(url);
		expect(signed.headers!['Shop-Signature']).toBe(computeSignature(credentials.secretKey, 'GET', url, '', 1700000000));
	});

	it('writes every array query parameter of the OpenAPI in its documented form: one comma list where documented-exceptions.json says so, else repeated keys', () => {
		const commaLists = new Set(documentedExceptions().map((e) => `${e.method} ${e.path} ${e.parameter}`));
		const contract = loadContract();
		const forms = contract.operations.flatMap((operation) =>
			operation.parameters
				.filter(
					(parameter) =>
						parameter.in === 'query' &&
						(parameter.schema.type === 'array' ||
							contract.document.components.schemas[
								String(parameter.schema.$ref ?? '')
									.split('/')
									.pop() ?? ''
							]?.type === 'array'),
				)
				.map((parameter) => {
					const key = `${operation.method} ${operation.path} ${parameter.name}`;
					return {
						key,
						node: V2_QUERY_FORM.arrayForm(parameter.name),
						documented: commaLists.has(key) ? 'comma' : 'repeat',
					};
				}),
		);
		expect(forms.length).toBeGreaterThan(30);
		expect(forms.filter((form) => form.node !== form.documented)).toEqual([]);
	});

	it('adds the partner pair, signed over the same text with the partner secret', () => {
		const partner = { ...credentials, partnerClientKey: 'partner-key', partnerSecretKey: 'p'.repeat(64) };
		const signed = signRequestOptions(partner, patchUnit, 1700000000);
		expect(signed.headers).toMatchObject({
			'Shop-Signature': '9cef995a511cb227a72f24178561083db9627b12951711c2c8364be5b0de1e18',
			'Shop-Partner-Client-Key': 'partner-key',
			'Shop-Partner-Signature': '1c189c3a5ae110cc0c30a246eb224bb379344a1d1ea7d2a69893296d722004a5',
		});
	});

	it('sends no partner headers without partner keys, and replaces headers a caller set under the same names', () => {
		const forged: SignableRequest = { ...patchUnit, headers: { 'shop-signature': 'forged', 'user-agent': 'x' } };
		const signed = signRequestOptions(credentials, forged, 1700000000);
		expect(Object.keys(signed.headers!).filter((name) => /partner/i.test(name))).toEqual([]);
		expect(signed.headers!['shop-signature']).toBeUndefined();
		expect(signed.headers!['user-agent']).toBeUndefined();
		expect(signed.headers!['User-Agent']).toBe(DEFAULT_USER_AGENT);
	});

	it('uses the User-Agent of the credentials', () => {
		const ping: SignableRequest = { method: 'GET', url: '/status/ping' };
		const signed = signRequestOptions({ ...credentials, userAgent: 'Inhouse_development' }, ping, 1);
		expect(signed.headers!['User-Agent']).toBe('Inhouse_development');
	});

	it('the default User-Agent names this package and its version', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
			name: string;
			version: string;
		};
		expect(DEFAULT_USER_AGENT).toBe(`${pkg.name}/${pkg.version}`);
	});
});

describe('API v2 credentials refuse what cannot be signed safely', () => {
	it.each([
		[
			'another host',
			'https://evil.test/SellerMarketplace/v2/orders',
			'only sign requests to https://sellerapi.kaufland.com/v2/',
		],
		[
			'a look-alike host',
			'https://sellerapi.kaufland.com.evil.test/SellerMarketplace/v2/orders',
			'only sign requests to',
		],
		['another path on the same host', 'https://sellerapi.kaufland.com/v1/orders', 'only sign requests to'],
		['plain http to the API host', 'http://sellerapi.kaufland.com/v2/orders', 'only sign requests to'],
	])('a request to %s', (_, url, message) => {
		expect(() => signRequestOptions(credentials, { method: 'GET', url }, 1)).toThrow(message);
	});

	it.each([
		['plain http to a remote host', 'http://sandbox.example.com/v2', 'must start with https://'],
		['a URL not ending in /v2', 'https://sellerapi.kaufland.com/api/v1', 'ending in /v2'],
		['no URL at all', 'sellerapi.kaufland.com', 'ending in /v2'],
		['a URL with a query', 'https://sellerapi.kaufland.com/v2?x=1', 'ending in /v2'],
		['a URL with user info', 'https://user:pw@sellerapi.kaufland.com/v2', 'ending in /v2'],
	])('a Base URL with %s', (_, baseUrl, message) => {
		expect(describeCredentialProblem({ ...credentials, baseUrl })).toContain(message);
	});

	it.each([
		'http://127.0.0.1:8787/v2',
		'http://localhost:8787/v2/',
		'http://[::1]:8787/v2',
		'https://sellerapi-playground.kaufland.com/v2',
	])('allows %s', (baseUrl) => {
		expect(describeCredentialProblem({ ...credentials, baseUrl })).toBeUndefined();
		expect(parseBaseUrl(baseUrl)).toEqual({ baseUrl: baseUrl.replace(/\/$/, '') });
	});

	it.each([
		[{ clientKey: 'short' }, 'Client Key must be 32 characters long, but it has 5'],
		[{ secretKey: 's'.repeat(63) }, 'Secret Key must be 64 characters long, but it has 63'],
		[{ userAgent: '  ' }, 'User-Agent cannot be empty'],
		[{ userAgent: 'a\r\nX-Injected: 1' }, 'single line'],
		[{ partnerClientKey: 'only-the-key' }, 'go together'],
		[{ partnerSecretKey: 'p'.repeat(64) }, 'go together'],
	])('credentials with %p', (change, message) => {
		expect(describeCredentialProblem({ ...credentials, ...change })).toContain(message);
		expect(() => signRequestOptions({ ...credentials, ...change }, { method: 'GET', url: '/status/ping' }, 1)).toThrow(
			message,
		);
	});
});
