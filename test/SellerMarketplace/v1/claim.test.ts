/**
 * Claim (Deprecated): Get Many and Close, run through n8n-core against the sandbox. Every test asserts the
 * request the sandbox received and the items the node output; claims are looked up in `sandbox.control.db`.
 */
import type { Claim, Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
/** The API's default order: newest first; claims created in the same second come last-stored first. */
const newestFirst = (claims: Claim[]) => [...claims].reverse().sort((a, b) => b.ts_created.localeCompare(a.ts_created));

describe('Claim (Deprecated) → Get Many', () => {
	it('asks for one page of the requested size (Limit)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'claim', operation: 'getMany', returnAll: false, limit: 2 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/claims/seller/',
			query: { limit: '2', offset: '0' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual(
			newestFirst(sandbox.control.db.claims)
				.slice(0, 2)
				.map((claim) => ({ ...claim })),
		);
	});

	it('reads every page with Return All', async () => {
		const seed = sandbox.control.db.claims[0];
		for (let n = 0; n < 33; n++)
			sandbox.control.db.claims.push({
				...seed,
				id_claim: 900 + n,
				ts_created: `2025-05-05 05:05:${String(n).padStart(2, '0')}`,
			});
		const expected = sandbox.control.db.claims.map((claim) => claim.id_claim);
		expect(expected.length).toBeGreaterThan(30);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'claim', operation: 'getMany', returnAll: true },
		});

		expect(run.error).toBeUndefined();
		for (const request of requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/claims/seller/', signatureValid: true, status: 200 });
		}
		expect(
			requests()
				.map((request) => request.query.offset)
				.sort(),
		).toEqual(['0', '30']);
		const ids = run.items.map((item) => item.json.id_claim as number);
		expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
	});

	it('sends the filters and the sort order in the API format and outputs only the matching claims', async () => {
		const target = sandbox.control.db.claims.find((claim) => claim.status === 'opened');
		if (!target) throw new Error('the seed has no opened claim');
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'claim',
				operation: 'getMany',
				returnAll: false,
				limit: 10,
				filters: {
					status: 'opened',
					openReason: target.open_reason,
					buyerId: String(target.id_buyer),
					createdFrom: target.ts_created,
					updatedFrom: `${target.ts_updated.replace(' ', 'T')}.000Z`,
				},
				options: { sort: 'ts_created:asc' },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/claims/seller/',
			query: {
				status: 'opened',
				open_reason: target.open_reason,
				id_buyer: String(target.id_buyer),
				'ts_created:from': target.ts_created,
				'ts_updated:from': target.ts_updated,
				sort: 'ts_created:asc',
				limit: '10',
				offset: '0',
			},
			signatureValid: true,
			status: 200,
		});
		expect(requests()[0].query).not.toHaveProperty('topic');
		const expected = sandbox.control.db.claims.filter(
			(c) =>
				c.status === 'opened' &&
				c.open_reason === target.open_reason &&
				c.id_buyer === target.id_buyer &&
				c.ts_created >= target.ts_created &&
				c.ts_updated >= target.ts_updated,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(run.items.map((item) => item.json.id_claim)).toEqual(expected.map((c) => c.id_claim));
	});
});

describe('Claim (Deprecated) → Close', () => {
	it('sends a PATCH without a body to the integer claim ID and outputs success', async () => {
		const claim = sandbox.control.db.claims.find((c) => c.status === 'opened');
		if (!claim) throw new Error('the seed has no opened claim');
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'claim', operation: 'close', claimId: ` ${claim.id_claim} ` },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/claims/${claim.id_claim}/close/`,
			query: {},
			body: '',
			signatureValid: true,
			status: 204,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ success: true, id_claim: claim.id_claim }]);
		expect(sandbox.control.db.claims.find((c) => c.id_claim === claim.id_claim)?.status).toBe('seller_closed');
	});

	it('reports a claim that does not exist (404)', async () => {
		const missing = Math.max(...sandbox.control.db.claims.map((c) => c.id_claim)) + 1000;
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'claim', operation: 'close', claimId: String(missing) },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/claims/${missing}/close/`,
			signatureValid: true,
			status: 404,
		});
		expect(run.error?.message).toBe(`Could not close claim ${missing}: it was not found`);
	});

	it.each([['abc'], ['12.5'], ['-3'], ['0'], ['={{ "" }}']])(
		'refuses the claim ID %p before anything is sent',
		async (claimId) => {
			const run = await runSellerNode(credentials, { parameters: { resource: 'claim', operation: 'close', claimId } });

			expect(run.error?.message).toMatch(
				/^"Claim" (must be a positive whole number, but it is ".*"|is required and cannot be empty) \[item 0\]$/,
			);
			expect(requests()).toHaveLength(0);
		},
	);
});
