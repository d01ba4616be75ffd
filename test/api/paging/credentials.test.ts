/**
 * What a page of Return All costs n8n besides the request: n8n reads a node's credentials (in a server: a database
 * query, a decryption, their expressions resolved) whenever a request is sent without them. A run of the action
 * node reads them once and hands them to each of its requests, so the reads do not grow with the pages. Each run
 * goes through n8n-core's WorkflowExecute against the strict sandbox, which refuses a request whose signature is wrong.
 */
import { useSandbox } from '../../harness/sandbox';
import { runSellerNodeV2, TestCredentialsHelper, type SellerCredentialsV2 } from '../../harness/workflow';

const file = useSandbox({ strict: true, orders: 250 }, { checkResponses: true });
const sandbox = () => file.sandbox();
afterEach(() => jest.restoreAllMocks());

const UNITS = 250;

/** Exactly UNITS order units the seller lists in storefront de (the credentials' default storefront). */
function keepUnits(): void {
	const units = sandbox().control.db.orderUnits;
	const listed = units.filter((unit) => !unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === 'de');
	expect(listed.length).toBeGreaterThanOrEqual(UNITS);
	units.splice(0, Infinity, ...listed.slice(listed.length - UNITS));
}

/** Order Unit → Get Many through n8n-core, counting how often n8n decrypted the credentials and the pages read. */
async function getOrderUnits(
	parameters: Record<string, unknown>,
	credentials: SellerCredentialsV2 = file.credentialsV2(),
) {
	keepUnits();
	const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
	reads.mockClear();
	const run = await runSellerNodeV2(credentials, {
		parameters: { resource: 'orderUnit', operation: 'getMany', ...parameters },
	});
	const pages = sandbox()
		.control.requests()
		.filter((entry) => entry.api === 'v2' && entry.path === '/order-units');
	return { run, reads: reads.mock.calls.length, pages };
}

it('Return All of 250 order units (three pages) reads the credentials as often as one page of 10 does (before: once more per page)', async () => {
	const onePage = await getOrderUnits({ returnAll: false, limit: 10 });
	sandbox().control.reset();
	const allPages = await getOrderUnits({ returnAll: true });

	expect(onePage.run.error).toBeUndefined();
	expect(onePage.run.items).toHaveLength(10);
	expect(onePage.pages).toHaveLength(1);
	expect(allPages.run.error).toBeUndefined();
	expect(allPages.run.items).toHaveLength(UNITS);
	expect(new Set(allPages.run.items.map((item) => item.json.id_order_unit)).size).toBe(UNITS);
	expect(allPages.pages.map((entry) => entry.query.offset)).toEqual(['0', '100', '200']);
	// every page signed with the credentials read once, and answered
	expect(allPages.pages.every((entry) => entry.signatureValid && entry.status === 200)).toBe(true);
	expect(allPages.reads).toBe(onePage.reads);
});

it('credentials edited between two runs: the second run signs with the new ones (they are read per run, not kept)', async () => {
	const first = await getOrderUnits({ returnAll: false, limit: 10 });
	expect(first.run.error).toBeUndefined();
	sandbox().control.reset();

	const second = await getOrderUnits({ returnAll: true }, { ...file.credentialsV2(), secretKey: 'f'.repeat(64) });

	// the new (wrong) secret signed the first page, which the marketplace refused: nothing else was sent
	expect(second.run.error?.message).toMatch(/401|signature|Secret Key/i);
	expect(second.pages).toHaveLength(1);
	expect(second.pages[0].signatureValid).toBe(false);
});
