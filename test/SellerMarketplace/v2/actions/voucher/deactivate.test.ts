/** Voucher → Deactivate (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useVoucherSandbox } from './setup';

const { v2, body, addVoucher } = useVoucherSandbox();

describe('Voucher → Deactivate', () => {
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
});
