/** Voucher → Get Products (node version 2), through n8n-core against the v2 sandbox. */
import { useVoucherSandbox } from './setup';

const { v2, control, addVoucher } = useVoucherSandbox();

describe('Voucher → Get Products', () => {
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
