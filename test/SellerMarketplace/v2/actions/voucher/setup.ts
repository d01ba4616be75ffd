/**
 * Voucher (node version 2): Create, Get Many, Get, Get Products, Deactivate and Delete through n8n-core against the
 * v2 sandbox: the request the sandbox received, the items output and the vouchers the sandbox holds afterwards.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { IDataObject } from 'n8n-workflow';
import { voucherState, type StoredVoucher } from '../../../../../sandbox/v2/state/vouchers';
import { useSandboxV2 } from '../../setup';

export function useVoucherSandbox() {
	const v2 = useSandboxV2({ strict: true }, 'voucher');
	const control = () => v2.sandbox().control;
	const stored = () => voucherState(control().db).rows;
	const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;
	const day = (offsetDays: number) => new Date(control().now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
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
	return { v2, control, stored, body, day, addVoucher };
}
