/** Voucher → Get (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useVoucherSandbox } from './setup';

const { v2, control, addVoucher } = useVoucherSandbox();

describe('Voucher → Get', () => {
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
});
