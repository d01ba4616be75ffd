/** Voucher → Create (node version 2), through n8n-core against the v2 sandbox. */
import { voucher } from '../../../../../nodes/SellerMarketplace/v2/actions/voucher';
import { expectSigned } from '../../setup';
import { useVoucherSandbox } from './setup';

const { v2, control, stored, body, day } = useVoucherSandbox();

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
