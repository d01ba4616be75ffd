/**
 * Voucher (node version 2): Create, Get Many, Get, Get Products, Deactivate and Delete through n8n-core against the
 * v2 sandbox: the request the sandbox received, the items output and the vouchers the sandbox holds afterwards.
 */
import type { IDataObject } from 'n8n-workflow';

import { voucher } from '../../../nodes/SellerMarketplace/v2/actions/voucher';
import { alignedLimit } from '../../../nodes/api/v2';
import { DISCOUNT_TYPES, VOUCHER_STATUSES } from '../../../nodes/api/v2/enums';
import { voucherState, type StoredVoucher } from '../../../sandbox/v2/state/vouchers';
import { V2Client } from '../../sandbox/v2/client';
import { expectSigned, useSandboxV2 } from './setup';
import { openApiDocument } from '../../../sandbox/v2/openapi';

const v2 = useSandboxV2({ strict: true }, 'voucher');
const control = () => v2.sandbox().control;
const stored = () => voucherState(control().db).rows;
const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;
const day = (offsetDays: number) => new Date(control().now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A voucher added straight to the sandbox: starts in `startsInDays` days (0: active today, negative: started earlier). */
function addVoucher(changes: Partial<StoredVoucher> = {}, startsInDays = 1): StoredVoucher {
	const state = voucherState(control().db);
	const row: StoredVoucher = {
		id_voucher: ++state.lastId,
		title: `Voucher ${state.lastId}`,
		storefront: 'de',
		discount_type: 'PERCENTAGE',
		discount_amount: 10,
		begin_at: day(startsInDays),
		end_at: day(startsInDays + 7),
		created_at: '2026-11-01T10:00:00Z',
		usage_limit: 50,
		export_to_third_parties: false,
		products: [control().db.items[0].id_item],
		redemptions: {},
		...changes,
	};
	state.rows.push(row);
	return row;
}

describe('Voucher → Create', () => {
	const form = () => ({
		operation: 'create',
		title: ' Christmas Sale ',
		storefront: 'at',
		discountType: 'PERCENTAGE',
		discountPercent: 15,
		beginAt: day(0),
		endAt: `${day(6)}T23:00:00`,
		usageLimit: 100,
		productIds: `${control().db.items[0].id_item}, ${control().db.items[1].id_item}`,
		eans: control().db.items[2].eans[0],
		options: { exportToThirdParties: true },
	});

	it('sends the voucher once, with dates as YYYY-MM-DD; outputs the created voucher, which the sandbox holds', async () => {
		const { db } = control();
		const run = await v2.run(form());

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'POST', path: '/vouchers', status: 201 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({
			title: 'Christmas Sale',
			storefront: 'at',
			discount_type: 'PERCENTAGE',
			discount_amount: 15,
			begin_at: day(0),
			end_at: day(6),
			usage_limit: 100,
			products: [db.items[0].id_item, db.items[1].id_item],
			eans: [db.items[2].eans[0]],
			export_to_third_parties: true,
		});
		const [voucherRow] = stored();
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				id_voucher: voucherRow.id_voucher,
				title: 'Christmas Sale',
				status: 'active',
				storefront: 'at',
				products_count: 3,
				number_of_redeemed_vouchers: 0,
			}),
		]);
		expect(voucherRow.products.sort()).toEqual([db.items[0].id_item, db.items[1].id_item, db.items[2].id_item].sort());
	});

	it("a fixed discount is asked and sent in cents, with the credentials' storefront", async () => {
		const run = await v2.run({
			...form(),
			storefront: 'credentials',
			discountType: 'ABSOLUTE',
			discountCents: 500,
			eans: '',
			options: {},
		});

		expect(run.error).toBeUndefined();
		expect(body()).toMatchObject({
			storefront: 'de',
			discount_type: 'ABSOLUTE',
			discount_amount: 500,
			export_to_third_parties: false,
		});
		expect(body()).not.toHaveProperty('eans');
		expect(run.items[0].json).toMatchObject({ discount_type: 'ABSOLUTE', discount_amount: 500, status: 'active' });
		const cents = voucher.operations.create.properties.find((property) => property.name === 'discountCents');
		expect(cents?.displayName).toBe('Discount (in Cents)');
		expect(cents?.description).toMatch(/in cents of the storefront's currency/);
	});

	it.each([
		[{ discountPercent: 90 }, '"Discount (in Percent)" must be at most 85, but it is 90 [item 0]'],
		[
			{ discountType: 'ABSOLUTE', discountCents: '4.99' },
			'"Discount (in Cents)" must be a whole number of at least 1, but it is "4.99" [item 0]',
		],
		[
			{ endAt: '2020-01-01', beginAt: '2020-01-02' },
			'"End At" (2020-01-01) must not be before "Begin At" (2020-01-02) [item 0]',
		],
		[{ beginAt: '2026-02-30' }, '"Begin At" must be a date such as 2026-11-01, but it is "2026-02-30" [item 0]'],
		[{ productIds: '', eans: '' }, '"Product IDs" or "EANs" must name at least one product [item 0]'],
		[
			{ productIds: '12a, 7' },
			'"Product IDs" must be product IDs (whole numbers) separated by commas, but "12a" is not [item 0]',
		],
		[{ eans: '400638133393X' }, '"EANs" must be 8 to 14 digits, but it is "400638133393X" [item 0]'],
		[{ usageLimit: 0 }, '"Usage Limit" must be a whole number of at least 1, but it is 0 [item 0]'],
		[{ title: '  ' }, '"Title" is required and cannot be empty [item 0]'],
	])('refuses %p before sending, naming the field and the item', async (change, message) => {
		const run = await v2.run({ ...form(), ...change });
		expect(run.error?.message).toBe(message);
		expect(v2.requests()).toHaveLength(0);
	});

	it('more than 3000 products are refused before sending', async () => {
		// Each field within 3000, together above: the operation's own check (one field above 3000 is its bound's).
		const ids = Array.from({ length: 2001 }, (_, index) => index + 1).join(',');
		const eans = Array.from({ length: 1000 }, (_, index) => String(4006380000000 + index)).join(',');
		const run = await v2.run({ ...form(), productIds: ids, eans });
		expect(run.error?.message).toBe(
			'"Product IDs" and "EANs" may name at most 3000 products together, but they name 3001 [item 0]',
		);
		expect(v2.requests()).toHaveLength(0);
	});

	it("a storefront whose voucher terms are not accepted: the marketplace's 422 is shown and nothing is created", async () => {
		const run = await v2.run({ ...form(), storefront: 'pl' });
		expect(v2.requests()[0]).toMatchObject({ status: 422 });
		expect(run.error?.message).toBe(
			`Could not create a voucher: "Storefront" (storefront): the voucher terms and conditions are not accepted for 'pl' (set up: de, at, cz)`,
		);
		expect(stored()).toHaveLength(0);
	});

	it('a start in the past is refused by the marketplace, naming the field as the form does', async () => {
		const run = await v2.run({ ...form(), beginAt: day(-1) });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toMatch(/"Begin At" \(begin_at\)/);
	});

	it('is not sent again after a 503, and the error says the voucher may have been created and where to look', async () => {
		control().addFault({ method: 'POST', path: '/v2/vouchers', kind: 'status', status: 503 });
		const run = await v2.run(form());
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			'The request to create a voucher may or may not have been applied: the marketplace had a server error (503)',
		);
		expect(run.error?.description).toContain(
			'Voucher → Get Many with the Search Term "Christmas Sale" lists the voucher if it was created',
		);
	});
});

describe('Voucher → Get Many', () => {
	it('sends the filters as repeated keys and outputs the matching vouchers', async () => {
		const item = control().db.items[3];
		const match = addVoucher({ title: 'Black Week', products: [item.id_item], storefront: 'at' }, 0);
		addVoucher({ title: 'Black Week old', products: [item.id_item], storefront: 'at' }, 5);
		addVoucher({ title: 'Black Week', storefront: 'de' }, 0);

		const run = await v2.run({
			operation: 'getMany',
			storefront: 'at',
			returnAll: true,
			filters: {
				status: ['active', 'new'],
				searchTerm: 'black',
				productIds: String(item.id_item),
				eans: item.eans[0],
				sort: 'beginAt:asc',
			},
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/vouchers', status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(v2.requests()[0].queryValues).toEqual({
			storefront: ['at'],
			status: ['active', 'new'],
			search_term: ['black'],
			id_product: [item.id_item],
			ean: [item.eans[0]],
			sort: ['beginAt:asc'],
			limit: ['100'],
			offset: ['0'],
		});
		expect(run.items.map((entry) => entry.json.title)).toEqual(['Black Week', 'Black Week old']);
		expect(run.items[0].json).toMatchObject({ id_voucher: match.id_voucher, status: 'active' });
		expect(run.items[1].json.status).toBe('new');
	});

	it('Return All asks every page with an offset that is a multiple of its limit, and outputs every voucher once', async () => {
		for (let index = 0; index < 130; index++) addVoucher();
		const run = await v2.run({ operation: 'getMany', storefront: 'all', returnAll: true });

		expect(run.error).toBeUndefined();
		expect(v2.requests().map((entry) => entry.queryValues)).toEqual([
			{ limit: ['100'], offset: ['0'] },
			{ limit: ['50'], offset: ['100'] },
		]);
		expect(new Set(run.items.map((entry) => entry.json.id_voucher)).size).toBe(130);
	});

	it('the sandbox refuses an offset that is not a multiple of the limit', async () => {
		const response = await new V2Client(v2.sandbox()).get('/vouchers?limit=30&offset=10', { anyStatus: true });
		expect(response.status).toBe(400);
		expect(response.json.errors).toEqual([
			{ field: 'offset', message: 'must be a multiple of limit (30), but it is 10' },
		]);
	});

	it('refuses a product ID that is not a number before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { productIds: '1,x' } });
		expect(run.error?.message).toBe(
			'"Product IDs" must be product IDs (whole numbers) separated by commas, but "x" is not [item 0]',
		);
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Voucher → Get, Get Products', () => {
	it('reads one voucher with its statistics in cents', async () => {
		const [first, second] = control().db.items;
		const row = addVoucher(
			{
				products: [first.id_item, second.id_item],
				redemptions: { [first.id_item]: { count: 4, sales: 20_000, fee: 1_000 } },
			},
			0,
		);
		const run = await v2.run({ operation: 'get', voucherId: String(row.id_voucher) });

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `/vouchers/${row.id_voucher}`, status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).toMatchObject({
			id_voucher: row.id_voucher,
			status: 'active',
			number_of_redeemed_vouchers: 4,
			total_sales: 20_000,
			voucher_fee: 1_000,
			acos: 5,
			roas: 20,
			products_count: 2,
		});
	});

	it("an unknown voucher is the marketplace's 404; an ID that is not a number is refused before sending", async () => {
		const missing = await v2.run({ operation: 'get', voucherId: '99999' });
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(missing.error?.message).toBe('Could not get voucher 99999: it was not found');
		control().clearRequests();
		const bad = await v2.run({ operation: 'get', voucherId: '../orders' });
		expect(bad.error?.message).toBe('"Voucher" must be a positive whole number, but it is "../orders" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

	it('lists the products of a voucher, filtered and sorted', async () => {
		const [a, b, c] = control().db.items;
		const row = addVoucher(
			{
				products: [a.id_item, b.id_item, c.id_item],
				redemptions: {
					[a.id_item]: { count: 1, sales: 1_000, fee: 100 },
					[b.id_item]: { count: 3, sales: 3_000, fee: 150 },
				},
			},
			0,
		);
		const run = await v2.run({
			operation: 'getProducts',
			voucherId: String(row.id_voucher),
			returnAll: false,
			limit: 5,
			filters: { productIds: `${a.id_item},${b.id_item}`, sort: 'redemptions:desc' },
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/vouchers/${row.id_voucher}/products`,
			status: 200,
		});
		expect(v2.requests()[0].queryValues).toEqual({
			id_product: [String(a.id_item), String(b.id_item)],
			sort: ['redemptions:desc'],
			limit: ['5'],
			offset: ['0'],
		});
		expect(run.items.map((entry) => entry.json)).toEqual([
			{ id_product: b.id_item, acos: 5, roas: 20, number_of_redeemed_vouchers: 3 },
			{ id_product: a.id_item, acos: 10, roas: 10, number_of_redeemed_vouchers: 1 },
		]);
	});
});

describe('Voucher → Deactivate, Delete', () => {
	it('deactivates an active voucher: PATCH with its ID and status inactive; outputs the voucher', async () => {
		const row = addVoucher({}, 0);
		const run = await v2.run({ operation: 'deactivate', voucherId: String(row.id_voucher) });

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'PATCH', path: '/vouchers', status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({ ids: [row.id_voucher], status: 'inactive' });
		expect(run.items.map((entry) => entry.json)).toEqual([
			expect.objectContaining({ id_voucher: row.id_voucher, status: 'inactive' }),
		]);
		expect(row.closed).toBe('inactive');
	});

	it('an expired voucher cannot be deactivated: the refusal is shown', async () => {
		const row = addVoucher({ begin_at: '2020-01-01', end_at: '2020-01-31' });
		const run = await v2.run({ operation: 'deactivate', voucherId: String(row.id_voucher) });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toMatch(/Only new and active vouchers can be deactivated/);
		expect(row.closed).toBeUndefined();
	});

	it('deletes a voucher that has not started: DELETE ?id=; outputs { deleted: true }', async () => {
		const row = addVoucher({}, 2);
		const run = await v2.run({ operation: 'delete', voucherId: String(row.id_voucher) });

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'DELETE', path: '/vouchers', status: 204 });
		expect(v2.requests()[0].queryValues).toEqual({ id: [row.id_voucher] });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((entry) => entry.json)).toEqual([{ deleted: true }]);
		expect(row.closed).toBe('deleted');
	});

	it('a retried delete whose first attempt went through says so (alreadyApplied)', async () => {
		const row = addVoucher({}, 2);
		control().addFault({ method: 'DELETE', path: '/v2/vouchers', kind: 'status', status: 502, times: 1 });
		const running = v2.run({ operation: 'delete', voucherId: String(row.id_voucher) });
		// The first attempt is answered 502 (as if its answer were lost); the voucher is deleted before the retry.
		while (v2.requests().length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
		row.closed = 'deleted';
		const run = await running;

		expect(run.error).toBeUndefined();
		expect(v2.requests().map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
			'DELETE /vouchers 502',
			'DELETE /vouchers 400',
			`GET /vouchers/${row.id_voucher} 200`,
		]);
		expect(run.items.map((entry) => entry.json)).toEqual([{ deleted: true, alreadyApplied: true }]);
	});

	it('an active voucher cannot be deleted: the refusal is shown and it stays', async () => {
		const row = addVoucher({}, 0);
		const run = await v2.run({ operation: 'delete', voucherId: String(row.id_voucher) });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toMatch(/Only vouchers that have not started \(status new\) can be deleted/);
		expect(row.closed).toBeUndefined();
	});
});

describe('Voucher: closed lists and paging', () => {
	it('the status and discount type lists are those of the OpenAPI (without the status unknown)', () => {
		const { components } = openApiDocument() as {
			components: { schemas: Record<string, { enum: string[] }> };
		};
		expect([...VOUCHER_STATUSES, 'unknown'].sort()).toEqual([...components.schemas.VoucherStatus.enum].sort());
		expect([...DISCOUNT_TYPES].sort()).toEqual([...components.schemas.DiscountType.enum].sort());
	});

	it.each([
		[0, 30, 30],
		[100, 30, 50],
		[100, 100, 100],
		[30, 30, 30],
		[37, 30, 37],
		[37, 50, 37],
		[101, 50, 1],
	])('alignedLimit(offset %i, wanted %i) asks %i', (offset, wanted, limit) => {
		expect(alignedLimit(offset, wanted, 100)).toBe(limit);
		expect(offset % limit).toBe(0);
	});
});
