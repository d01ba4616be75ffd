/**
 * Issue 23, deliverable 5: free text went to the API without the OpenAPI's bounds (a 10,000-character offer ID,
 * 100,000 characters of tracking numbers, a 2,000,000-character message), a voucher percent of 1e-300 or 12.345
 * went out as it was, and a Begin At of 2031-01-01T25:61 was sent as 2031-01-01. Each field declares its bound
 * next to itself (shared/helpers/validation.ts `bounded`), and every item is checked against it before anything
 * is sent, naming the field as the form labels it and the item. test/SellerMarketplace/v2/coverage/bounds.test.ts checks that every
 * bound of the OpenAPI is declared by the field that fills it.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSandboxV2 } from '../SellerMarketplace/v2/setup';

const v2 = useSandboxV2();

const byId = (id: string | number) => ({ __rl: true, mode: 'id', value: String(id) });
const chars = (count: number) => 'x'.repeat(count);

/** Runs the node with `parameters` whose value `{{ $json.v }}` is the item's `v`, on one item per value. */
const run = async (parameters: IDataObject, values: unknown[]) =>
	await v2.run(parameters, {
		items: values.map((v) => ({ json: { v } as IDataObject })),
		continueOnFail: values.length > 1,
	});

const voucher = {
	resource: 'voucher',
	operation: 'create',
	title: 'Sale',
	storefront: 'de',
	discountType: 'PERCENTAGE',
	discountPercent: 10,
	beginAt: '2031-01-01',
	endAt: '2031-01-31',
	usageLimit: 5,
	productIds: '12345',
};

describe('refused before sending, naming the field and the item', () => {
	it.each([
		[
			'a 10,000-character offer ID (Unit → Create)',
			{
				resource: 'unit',
				operation: 'create',
				identifyBy: 'ean',
				ean: '4006381333931',
				offerId: '={{ $json.v }}',
				condition: 'NEW',
				listingPrice: 1999,
				handlingTime: 2,
			},
			chars(10_000),
			'"Offer ID" must be at most 255 characters, but it has 10000 [item 0]',
		],
		[
			'100,000 characters of tracking numbers (Order Unit → Mark as Sent)',
			{
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId(123),
				carrierCode: 'DHL',
				trackingNumbers: '={{ $json.v }}',
			},
			chars(100_000),
			'"Tracking Numbers" must be at most 1000 characters, but it has 100000 [item 0]',
		],
		[
			'a 2,000,000-character message (Ticket → Open)',
			{
				resource: 'ticket',
				operation: 'open',
				orderUnitIds: '123',
				reason: 'product_not_delivered',
				message: '={{ $json.v }}',
			},
			chars(2_000_000),
			'"Message" must be at most 65535 characters, but it has 2000000 [item 0]',
		],
		[
			'a 2,000,000-character message (Return Unit → Reject)',
			{ resource: 'returnUnit', operation: 'reject', returnUnitId: byId(123), message: '={{ $json.v }}' },
			chars(2_000_000),
			'"Message" must be at most 65535 characters, but it has 2000000 [item 0]',
		],
		[
			'a 70,000-character ticket message (Ticket → Send Message; the OpenAPI allows 65,535)',
			{ resource: 'ticket', operation: 'sendMessage', ticketId: byId('0011234567'), text: '={{ $json.v }}' },
			chars(70_000),
			'"Text" must be at most 65535 characters, but it has 70000 [item 0]',
		],
		[
			'a voucher percent of 1e-300',
			{ ...voucher, discountPercent: '={{ $json.v }}' },
			1e-300,
			'"Discount (in Percent)" must be a number with at most 2 decimals, but it is 1e-300 [item 0]',
		],
		[
			'a voucher percent of 12.345',
			{ ...voucher, discountPercent: '={{ $json.v }}' },
			12.345,
			'"Discount (in Percent)" must be a number with at most 2 decimals, but it is 12.345 [item 0]',
		],
		[
			'a voucher percent of "12.345" as text',
			{ ...voucher, discountPercent: '={{ $json.v }}' },
			'12.345',
			'"Discount (in Percent)" must be a number with at most 2 decimals, but it is "12.345" [item 0]',
		],
		[
			'a Begin At of 2031-01-01T25:61',
			{ ...voucher, beginAt: '={{ $json.v }}' },
			'2031-01-01T25:61',
			'"Begin At" must be a date such as 2026-11-01, but it is "2031-01-01T25:61" [item 0]',
		],
		[
			'a Begin At of 2024-02-30',
			{ ...voucher, beginAt: '={{ $json.v }}' },
			'2024-02-30',
			'"Begin At" must be a date such as 2026-11-01, but it is "2024-02-30" [item 0]',
		],
		[
			'a Date From of 2031-01-01T25:61 (Report → Request)',
			{
				resource: 'report',
				operation: 'request',
				reportType: 'sales-new',
				storefront: 'de',
				dateFrom: '={{ $json.v }}',
				dateTo: '2031-01-31',
			},
			'2031-01-01T25:61',
			'"Date From" must be a date such as 2026-11-01, but it is "2031-01-01T25:61" [item 0]',
		],
		[
			'a filter date of 2031-01-01T25:61 (Order Unit → Get Many)',
			{ resource: 'orderUnit', operation: 'getMany', returnAll: true, filters: { createdFrom: '={{ $json.v }}' } },
			'2031-01-01T25:61',
			'"Created After" must be a date like 2026-11-20 or 2026-11-20 08:30:00, but it is "2031-01-01T25:61" [item 0]',
		],
		[
			'a 300-character offer ID filter (Unit → Get Many)',
			{ resource: 'unit', operation: 'getMany', returnAll: true, filters: { offerId: '={{ $json.v }}' } },
			chars(300),
			'"Offer ID" must be at most 255 characters, but it has 300 [item 0]',
		],
		[
			'a GPSR house number of 51 characters (the OpenAPI allows 50)',
			{
				resource: 'gpsrContact',
				operation: 'upsert',
				contactFor: 'manufacturer',
				manufacturerName: 'Kaffeewerk',
				contactType: 'manufacturer',
				name: 'K GmbH',
				street: 'Weg',
				houseNumber: '={{ $json.v }}',
				city: 'Berlin',
				countryCode: 'DE',
				additionalFields: { email: 'a@b.de' },
			},
			chars(51),
			'"House Number" must be at most 50 characters, but it has 51 [item 0]',
		],
		[
			'a handling time of 100.5 days (the OpenAPI: a whole number up to 100)',
			{ resource: 'unit', operation: 'update', unitId: byId(123), updateFields: { handlingTime: '={{ $json.v }}' } },
			100.5,
			'"Handling Time (Days)" must be a whole number of at least 0, but it is 100.5 [item 0]',
		],
	])('%s', async (_case, parameters, value, message) => {
		const result = await run(parameters, [value]);
		expect(result.error?.message).toBe(message);
		expect(v2.sandbox().control.requests()).toHaveLength(0);
	});

	it('with Continue On Fail, the bad item gets its error and the good one is sent', async () => {
		const result = await run(
			{ resource: 'ticket', operation: 'sendMessage', ticketId: byId('0011234567'), text: '={{ $json.v }}' },
			['Thank you', chars(65_536)],
		);
		expect(result.items.map((item) => item.json.error)).toEqual([
			expect.any(String),
			'"Text" must be at most 65535 characters, but it has 65536 [item 1]',
		]);
		// Only the first item's message was sent (its ticket does not exist: the sandbox answers 404).
		expect(v2.requests().map((request) => [request.method, request.path, Buffer.byteLength(request.body)])).toEqual([
			['POST', '/tickets/0011234567/messages', expect.any(Number)],
		]);
		expect(JSON.parse(v2.requests()[0].body)).toMatchObject({ text: 'Thank you' });
	});
});

describe('values within bounds are sent as given', () => {
	it('a voucher percent of 12.34 and a Begin At with a real time are sent', async () => {
		const beginAt = new Date(v2.sandbox().control.now() + 86_400_000).toISOString().slice(0, 10);
		const result = await run(
			{
				...voucher,
				discountPercent: '={{ $json.v }}',
				beginAt: `${beginAt}T23:59`,
				endAt: beginAt,
				productIds: String(v2.sandbox().control.db.items[0].id_item),
			},
			[12.34],
		);
		expect(result.error).toBeUndefined();
		expect(JSON.parse(v2.requests()[0].body)).toMatchObject({ discount_amount: 12.34, begin_at: beginAt });
	});

	it('an offer ID of exactly 255 characters is sent whole', async () => {
		const offerId = chars(255);
		await run(
			{ resource: 'unit', operation: 'getMany', returnAll: false, limit: 1, filters: { offerId: '={{ $json.v }}' } },
			[offerId],
		);
		expect(v2.requests()[0].query).toMatchObject({ id_offer: offerId });
	});
});
