/**
 * Discount vouchers of API v2 (v2-only state), kept on the db object (`v2Vouchers`), so a reset empties them and a
 * snapshot keeps them.
 *
 * Status follows the marketplace's voucher lifecycle: `new` before `begin_at`, `active` from `begin_at` to `end_at`
 * (both whole days, compared with the sandbox clock's UTC date), `expired` after `end_at`, `consumed` once the
 * redemptions reach `usage_limit`; the seller's `inactive` (PATCH) and `deleted` (DELETE) are final. Deleted
 * vouchers stay readable with that status.
 *
 * Statistics come from `redemptions` (none until a test adds some): money amounts (`total_sales`, `voucher_fee`) in
 * cents of the storefront's currency, `acos` = fee / sales × 100, `roas` = sales / fee (0 without sales).
 */
import type { SandboxCore } from '../../core/sandbox-core';
import type { SandboxDb } from '../../core/types';

export interface VoucherRedemptions {
	count: number;
	/** cents */
	sales: number;
	/** cents */
	fee: number;
}

export interface StoredVoucher {
	id_voucher: number;
	title: string;
	storefront: string;
	discount_type: 'PERCENTAGE' | 'ABSOLUTE';
	/** percent, or cents of the storefront's currency for ABSOLUTE */
	discount_amount: number;
	begin_at: string;
	end_at: string;
	created_at: string;
	usage_limit: number;
	export_to_third_parties: boolean;
	/** id_product of every product the voucher covers (EANs resolved to their product) */
	products: number[];
	/** by id_product */
	redemptions: Record<string, VoucherRedemptions>;
	/** the seller's final change, if any */
	closed?: 'inactive' | 'deleted';
}

interface VoucherState {
	lastId: number;
	rows: StoredVoucher[];
}

const FIRST_ID = 70_001;

export function voucherState(db: SandboxDb): VoucherState {
	const holder = db as SandboxDb & { v2Vouchers?: VoucherState };
	holder.v2Vouchers ??= { lastId: FIRST_ID - 1, rows: [] };
	return holder.v2Vouchers;
}

export function findVoucher(core: SandboxCore, id: string): StoredVoucher | undefined {
	return voucherState(core.store.db).rows.find((voucher) => String(voucher.id_voucher) === id);
}

/** The sandbox clock's calendar date (UTC), `YYYY-MM-DD`. */
export function today(core: SandboxCore): string {
	return new Date(core.now()).toISOString().slice(0, 10);
}

const NONE: VoucherRedemptions = { count: 0, sales: 0, fee: 0 };

function totals(rows: VoucherRedemptions[]): VoucherRedemptions {
	return rows.reduce(
		(sum, row) => ({ count: sum.count + row.count, sales: sum.sales + row.sales, fee: sum.fee + row.fee }),
		NONE,
	);
}

const acos = ({ sales, fee }: VoucherRedemptions) => (sales === 0 ? 0 : Math.round((fee / sales) * 10_000) / 100);
const roas = ({ sales, fee }: VoucherRedemptions) => (fee === 0 ? 0 : Math.round((sales / fee) * 100) / 100);

export function voucherStatus(core: SandboxCore, voucher: StoredVoucher): string {
	if (voucher.closed) return voucher.closed;
	const date = today(core);
	if (date < voucher.begin_at) return 'new';
	if (date > voucher.end_at) return 'expired';
	return totals(Object.values(voucher.redemptions)).count >= voucher.usage_limit ? 'consumed' : 'active';
}

export function voucherView(core: SandboxCore, voucher: StoredVoucher) {
	const sum = totals(Object.values(voucher.redemptions));
	return {
		id_voucher: voucher.id_voucher,
		title: voucher.title,
		status: voucherStatus(core, voucher),
		storefront: voucher.storefront,
		discount_type: voucher.discount_type,
		discount_amount: voucher.discount_amount,
		begin_at: voucher.begin_at,
		end_at: voucher.end_at,
		created_at: voucher.created_at,
		usage_limit: voucher.usage_limit,
		export_to_third_parties: voucher.export_to_third_parties,
		number_of_redeemed_vouchers: sum.count,
		voucher_fee: sum.fee,
		total_sales: sum.sales,
		acos: acos(sum),
		roas: roas(sum),
		products_count: voucher.products.length,
	};
}

export function voucherProductView(voucher: StoredVoucher, idProduct: number) {
	const row = voucher.redemptions[String(idProduct)] ?? NONE;
	return { id_product: idProduct, acos: acos(row), roas: roas(row), number_of_redeemed_vouchers: row.count };
}
