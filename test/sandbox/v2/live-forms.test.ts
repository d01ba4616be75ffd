/**
 * The forms published clients send that the live API evidently accepts (docs/api-rules.md, "What the default
 * sandbox also accepts"; evidence: /work/shared/research/production-clients.md §2 and §9): the default sandbox, as
 * `npm run sandbox` and the demo start it, takes them and names each in the request log; the strict one (every
 * node test) refuses them. And the query read as PHP reads it (`phpQuery`), the reading of repeated keys the
 * node's multi-value filters must survive.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import { V2Client } from './client';

/** The requests of a replica of the D3 client (src/Connection.php:101-125, commits 61b60fc and c91db41). */
const D3_REQUESTS: Array<[what: string, method: string, path: string, body: unknown]> = [
	[
		'a space written as %20, signed as sent',
		'GET',
		'/categories?storefront=de&locale=de-DE&q=garden%20tools',
		undefined,
	],
	['locale on a list that takes none', 'GET', '/order-units?storefront=de&locale=de-DE&limit=2', undefined],
	[
		'locale on a write that takes none',
		'PATCH',
		'/units/500001?storefront=de&locale=de-DE',
		{ amount: 4, listing_price: 1999 },
	],
	['storefront on an operation that takes none', 'GET', '/status/ping?storefront=de&locale=de-DE', undefined],
];

describe('sandbox API v2: what the live API evidently accepts', () => {
	let lenient: Sandbox;
	let strict: Sandbox;
	beforeAll(async () => {
		lenient = await startSandbox({ strictResponses: false });
		strict = await startSandbox({ strict: true });
	});
	afterAll(async () => {
		await lenient?.close();
		await strict?.close();
	});
	beforeEach(() => {
		lenient.control.reset();
		strict.control.reset();
	});

	it.each(D3_REQUESTS)('default mode takes %s, and the request log names it', async (_, method, path, body) => {
		const client = new V2Client(lenient);
		const response = await client.call(method, path, body === undefined ? {} : { body });
		expect(response.status).toBe(200);
		expect(client.breaches).toEqual([]);
		const [entry] = lenient.control.requests();
		expect(entry.signatureValid).toBe(true);
		expect(entry.alias).toMatch(/%20 for a space|locale \(not a parameter|storefront \(not a parameter/);
	});

	it.each(D3_REQUESTS)(
		'strict mode (the node tests) refuses %s, naming the parameter',
		async (_, method, path, body) => {
			const response = await new V2Client(strict).call(method, path, body === undefined ? {} : { body });
			expect(response.status).toBe(400);
			expect(response.json.type).toBe('/problems/validation-error');
			expect(response.json.errors.map((e: { field: string }) => e.field)).toEqual(
				expect.arrayContaining([expect.stringMatching(/^(q|locale|storefront)$/)]),
			);
		},
	);

	it('default mode reads the %20 query like the + one: the same categories', async () => {
		const client = new V2Client(lenient);
		const percent = await client.call('GET', '/categories?storefront=de&q=Garten%20Werkzeug');
		const plus = await client.call('GET', '/categories?storefront=de&q=Garten+Werkzeug');
		expect(percent.status).toBe(200);
		expect(percent.json.data).toEqual(plus.json.data);
	});

	it('neither mode takes an unknown parameter other than locale and storefront', async () => {
		for (const sandbox of [lenient, strict]) {
			const response = await new V2Client(sandbox).get('/order-units?storefront=de&lang=de');
			expect(response.status).toBe(400);
			expect(response.json.errors).toEqual([
				{ field: 'lang', message: expect.stringMatching(/^is not a query parameter of GetOrderUnits/) },
			]);
		}
	});
});

describe('sandbox API v2: the query read as PHP reads it (phpQuery)', () => {
	let php: Sandbox;
	beforeAll(async () => {
		php = await startSandbox({ strict: true, phpQuery: true });
	});
	afterAll(async () => await php?.close());

	it('keeps only the last value of a repeated key: two statuses filter on the second', async () => {
		const client = new V2Client(php);
		const both = await client.call('GET', '/order-units?storefront=de&status=need_to_be_sent&status=sent&limit=100');
		const sent = await client.call('GET', '/order-units?storefront=de&status=sent&limit=100');
		expect(both.status).toBe(200);
		expect(both.json.data.length).toBeGreaterThan(0);
		expect(both.json.data).toEqual(sent.json.data);
		expect(new Set(both.json.data.map((unit: { status: string }) => unit.status))).toEqual(new Set(['sent']));
	});
});
