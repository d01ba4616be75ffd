/** Voucher → Delete (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useVoucherSandbox } from './setup';

const { v2, control, addVoucher } = useVoucherSandbox();

describe('Voucher → Delete', () => {
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
