/**
 * Claim Message (Deprecated): Send, run through n8n-core against the sandbox, asserting the request the
 * sandbox received, the items the node output and the claim's `is_seller_responsible` afterwards.
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
const sellerResponsibleClaim = (): Claim => {
	const claim = sandbox.control.db.claims.find((c) => c.status === 'opened' && c.is_seller_responsible);
	if (!claim) throw new Error('the seed has no opened claim waiting for the seller');
	return claim;
};
const send = (claimId: string, text: string, interimNotice?: boolean) =>
	runSellerNode(credentials, {
		parameters: {
			resource: 'claimMessage',
			operation: 'send',
			claimId,
			text,
			...(interimNotice === undefined ? {} : { interimNotice }),
		},
	});
/** What a workflow sees: the claim as Claim → Get Many lists it. */
const responsibleAsListed = async (claim: Claim) => {
	const run = await runSellerNode(credentials, {
		parameters: { resource: 'claim', operation: 'getMany', returnAll: true },
	});
	expect(run.error).toBeUndefined();
	return run.items.find((item) => item.json.id_claim === claim.id_claim)?.json.is_seller_responsible;
};

describe('Claim Message (Deprecated) → Send', () => {
	it('posts the integer claim ID and the text and outputs the new message ID', async () => {
		const claim = sellerResponsibleClaim();
		const run = await send(String(claim.id_claim), 'Wir senden Ersatz.');

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/claim-messages/',
			json: { id_claim: claim.id_claim, text: 'Wir senden Ersatz.', interim_notice: false },
			signatureValid: true,
			status: 201,
		});
		const message = sandbox.control.db.claimMessages[sandbox.control.db.claimMessages.length - 1];
		expect(message).toMatchObject({ id_claim: claim.id_claim, text: 'Wir senden Ersatz.' });
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_claim: claim.id_claim,
				id: String(message.id_claim_message),
				location: `/claim-messages/${message.id_claim_message}/`,
			},
		]);
	});

	it('keeps the claim with the seller after an interim notice and hands it back after a regular message (spec table)', async () => {
		const claim = sellerResponsibleClaim();
		expect(await responsibleAsListed(claim)).toBe(true);

		expect((await send(String(claim.id_claim), 'Wir prüfen das.', true)).error).toBeUndefined();
		expect(await responsibleAsListed(claim)).toBe(true);

		expect((await send(String(claim.id_claim), 'Ersatz ist unterwegs.', false)).error).toBeUndefined();
		expect(await responsibleAsListed(claim)).toBe(false);

		expect(
			requests()
				.filter((r) => r.method === 'POST')
				.map((r) => r.json),
		).toEqual([
			{ id_claim: claim.id_claim, text: 'Wir prüfen das.', interim_notice: true },
			{ id_claim: claim.id_claim, text: 'Ersatz ist unterwegs.', interim_notice: false },
		]);
	});

	it.each([
		[
			'a claim ID that is not a whole number',
			{ claimId: '12a' },
			/"Claim" must be a positive whole number, but it is "12a" \[item 0\]/,
		],
		['a decimal claim ID', { claimId: '7.0' }, /"Claim" must be a positive whole number, but it is "7.0" \[item 0\]/],
		['an empty text', { text: ' ' }, /"Text" is required and cannot be empty \[item 0\]/],
	])('refuses %s before anything is sent', async (_name, overrides, message) => {
		const claim = sellerResponsibleClaim();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'claimMessage',
				operation: 'send',
				claimId: String(claim.id_claim),
				text: 'Hallo',
				...overrides,
			},
		});

		expect(run.error?.message).toMatch(message);
		expect(requests()).toHaveLength(0);
	});
});
