/**
 * Vouchers: create, list, read, the products of one, deactivate (PATCH) and delete, over the v2-only
 * voucher state (../state/vouchers.ts). Rules from the operations' descriptions and the marketplace's voucher
 * lifecycle, each a 400 unless said otherwise:
 * - create: a title; PERCENTAGE at most 85; ABSOLUTE a whole number of cents (the sandbox's reading of an amount
 *   whose unit the OpenAPI leaves open; the marketplace's similar-product vouchers are in minor units); dates
 *   `YYYY-MM-DD`, today or later, `end_at` not before `begin_at`; `usage_limit` a whole number ≥ 1; product IDs
 *   or EANs, at most 3000 together, each of the catalogue (an unknown EAN: 422 `/problems/vouchers/unresolvable-eans`);
 *   a storefront the seller has not set up: 422 `/problems/vouchers/terms-not-accepted`;
 * - lists: `offset` a multiple of `limit`; `sort` `field:asc|desc` with the fields the descriptions name;
 * - PATCH deactivates `new` and `active` vouchers only (`/problems/vouchers/status-change-not-allowed`); DELETE
 *   takes 1 to 100 IDs of `new` vouchers only (`/problems/vouchers/not-editable`); an unknown ID is 404 and
 *   nothing changes.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import { page } from '../collection';
import { created, found, list, noContent, ok, param, text, V2Context, V2Operations } from '../handler';
import { invalid, invalidField, Problem, refused, type ErrorDetail } from '../problems';
import {
	findVoucher,
	today,
	voucherProductView,
	voucherState,
	voucherStatus,
	voucherView,
	type StoredVoucher,
} from '../state/vouchers';
import { STOREFRONTS } from '../../model/storefronts';

const MAX_ITEMS = 3000;
const MAX_PERCENTAGE = 85;
const STATUSES = ['new', 'active', 'inactive', 'expired', 'consumed', 'deleted'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type CreateBody = Pick<
	StoredVoucher,
	'title' | 'storefront' | 'discount_type' | 'discount_amount' | 'begin_at' | 'end_at' | 'usage_limit'
> & {
	products?: number[];
	eans?: string[];
	export_to_third_parties?: boolean;
};

function isDate(value: string): boolean {
	const match = DATE.exec(value);
	if (!match) return false;
	const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
	return date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

const isPositiveInteger = (value: unknown) =>
	Number.isSafeInteger(Number(value)) && Number(value) >= 1 && /^\d+$/.test(String(value));

/** The catalogue products a voucher covers: its product IDs and the products of its EANs, each once. */
function coveredProducts(core: SandboxCore, body: CreateBody, errors: ErrorDetail[]): number[] {
	const ids = body.products ?? [];
	const eans = body.eans ?? [];
	if (ids.length + eans.length === 0)
		errors.push({ field: 'products', message: 'or eans must name at least one product' });
	if (ids.length + eans.length > MAX_ITEMS)
		errors.push({ field: 'products', message: `and eans may name at most ${MAX_ITEMS} items together` });
	ids.forEach((id, index) => {
		if (!isPositiveInteger(id))
			errors.push({ field: `products[${index}]`, message: 'must be a product ID (a whole number ≥ 1)' });
		else if (!core.store.find('items', id))
			errors.push({ field: `products[${index}]`, message: `product ${id} is not in the catalogue` });
	});
	if (errors.length) throw invalid(errors);
	const unresolved = eans.filter((ean) => !core.store.db.items.some((item) => item.eans.includes(ean)));
	if (unresolved.length) {
		throw new Problem(
			422,
			'/problems/vouchers/unresolvable-eans',
			`No product has the EAN(s) ${unresolved.join(', ')}`,
			[{ field: 'eans', message: `unknown: ${unresolved.join(', ')}` }],
		);
	}
	const fromEans = eans.map((ean) => core.store.db.items.find((item) => item.eans.includes(ean))!.id_item);
	return [...new Set([...ids, ...fromEans])];
}

function checkedCreate(ctx: V2Context): CreateBody & { productIds: number[] } {
	const body = ctx.body as CreateBody;
	const errors: ErrorDetail[] = [];
	if (body.title.trim() === '') errors.push({ field: 'title', message: 'must not be empty' });
	if (!(body.discount_amount > 0)) errors.push({ field: 'discount_amount', message: 'must be greater than 0' });
	if (body.discount_type === 'PERCENTAGE' && body.discount_amount > MAX_PERCENTAGE) {
		errors.push({ field: 'discount_amount', message: `must be at most ${MAX_PERCENTAGE} for a PERCENTAGE discount` });
	}
	if (body.discount_type === 'ABSOLUTE' && !Number.isSafeInteger(body.discount_amount)) {
		errors.push({ field: 'discount_amount', message: 'must be a whole number of cents for an ABSOLUTE discount' });
	}
	const date = today(ctx.core);
	for (const field of ['begin_at', 'end_at'] as const) {
		if (!isDate(body[field])) errors.push({ field, message: 'must be a date in the form YYYY-MM-DD' });
		else if (body[field] < date) errors.push({ field, message: `must be today (${date}) or later` });
	}
	if (isDate(body.begin_at) && isDate(body.end_at) && body.end_at < body.begin_at)
		errors.push({ field: 'end_at', message: 'must not be before begin_at' });
	if (!Number.isSafeInteger(body.usage_limit) || body.usage_limit < 1)
		errors.push({ field: 'usage_limit', message: 'must be a whole number of at least 1' });
	const productIds = coveredProducts(ctx.core, body, errors);
	if (!ctx.storefronts.includes(body.storefront)) {
		throw new Problem(
			422,
			'/problems/vouchers/terms-not-accepted',
			`The voucher terms and conditions are not accepted for storefront '${body.storefront}'`,
			[
				{
					field: 'storefront',
					message: `the voucher terms and conditions are not accepted for '${body.storefront}' (set up: ${ctx.storefronts.join(', ')})`,
				},
			],
		);
	}
	return { ...body, productIds };
}

/** `limit` and `offset` as given (defaults filled in); `offset` must be a multiple of `limit`. */
function checkPaging(ctx: V2Context): void {
	const limit = ctx.query.limit as number;
	const offset = ctx.query.offset as number;
	if (offset % limit !== 0) throw invalidField('offset', `must be a multiple of limit (${limit}), but it is ${offset}`);
}

/** `sort=field:direction` over the fields an operation allows; undefined when not asked. */
function sorter<T>(
	ctx: V2Context,
	keys: Record<string, (row: T) => number | string>,
): ((a: T, b: T) => number) | undefined {
	const sort = text(ctx, 'sort');
	if (sort === undefined) return undefined;
	const [field, direction, ...rest] = sort.split(':');
	if (!keys[field] || !['asc', 'desc'].includes(direction) || rest.length) {
		throw invalidField('sort', `must be field:asc or field:desc with field one of ${Object.keys(keys).join(', ')}`);
	}
	const sign = direction === 'asc' ? 1 : -1;
	const key = keys[field];
	return (a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0);
}

/** Every value of an array query parameter must be a positive whole number (IDs are integers in practice). */
function ids(ctx: V2Context, name: string): number[] {
	const values = list(ctx, name).map(String);
	const wrong = values.filter((value) => !isPositiveInteger(value));
	if (wrong.length) throw invalidField(name, `must be IDs (whole numbers ≥ 1), not ${wrong.join(', ')}`);
	return values.map(Number);
}

function oneOf(ctx: V2Context, name: string, allowed: readonly string[]): string[] {
	const values = list(ctx, name);
	const wrong = values.filter((value) => !allowed.includes(value));
	if (wrong.length) throw invalidField(name, `must be some of ${allowed.join(', ')}, not ${wrong.join(', ')}`);
	return values;
}

function voucherOf(ctx: V2Context): StoredVoucher {
	const id = param(ctx, 'id_voucher');
	return found(findVoucher(ctx.core, id), `Voucher ${id}`);
}

/** The vouchers of a PATCH or DELETE, all known, or a 404 naming the unknown ones before anything changes. */
function vouchersNamed(ctx: V2Context, idList: number[], field: string): StoredVoucher[] {
	const missing = idList.filter((id) => !findVoucher(ctx.core, String(id)));
	if (missing.length)
		throw new Problem(404, '/problems/not-found', `Voucher(s) ${missing.join(', ')} not found`, [
			{ field, message: `unknown: ${missing.join(', ')}` },
		]);
	return [...new Set(idList)].map((id) => findVoucher(ctx.core, String(id))!);
}

export const operations: V2Operations = {
	CreateVoucher: (ctx) => {
		const body = checkedCreate(ctx);
		const state = voucherState(ctx.core.store.db);
		const voucher: StoredVoucher = {
			id_voucher: ++state.lastId,
			title: body.title.trim(),
			storefront: body.storefront,
			discount_type: body.discount_type,
			discount_amount: body.discount_amount,
			begin_at: body.begin_at,
			end_at: body.end_at,
			created_at: new Date(ctx.core.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
			usage_limit: body.usage_limit,
			export_to_third_parties: body.export_to_third_parties ?? false,
			products: body.productIds,
			redemptions: {},
		};
		state.rows.push(voucher);
		return created(voucherView(ctx.core, voucher));
	},

	GetVouchers: (ctx) => {
		checkPaging(ctx);
		const { core } = ctx;
		const storefronts = oneOf(ctx, 'storefront', STOREFRONTS);
		const statuses = oneOf(ctx, 'status', STATUSES);
		const products = ids(ctx, 'id_product');
		const eans = list(ctx, 'ean');
		const term = text(ctx, 'search_term')?.trim().toLowerCase();
		const eanProducts = core.store.db.items
			.filter((item) => item.eans.some((ean) => eans.includes(ean)))
			.map((item) => item.id_item);
		const views = voucherState(core.store.db)
			.rows.filter(
				(voucher) =>
					(!storefronts.length || storefronts.includes(voucher.storefront)) &&
					(!statuses.length || statuses.includes(voucherStatus(core, voucher))) &&
					(!products.length || voucher.products.some((id) => products.includes(id))) &&
					(!eans.length || voucher.products.some((id) => eanProducts.includes(id))) &&
					(!term || voucher.title.toLowerCase().includes(term) || String(voucher.id_voucher) === term),
			)
			.map((voucher) => voucherView(core, voucher))
			.reverse();
		const order = sorter<ReturnType<typeof voucherView>>(ctx, {
			products: (v) => v.products_count,
			redemptions: (v) => v.number_of_redeemed_vouchers,
			beginAt: (v) => v.begin_at,
			createdAt: (v) => v.created_at,
			totalSales: (v) => v.total_sales,
			roas: (v) => v.roas,
			acos: (v) => v.acos,
		});
		return page(ctx, order ? views.sort(order) : views, (view) => view);
	},

	GetVoucher: (ctx) => ok(voucherView(ctx.core, voucherOf(ctx))),

	GetVoucherProducts: (ctx) => {
		const voucher = voucherOf(ctx);
		checkPaging(ctx);
		const wanted = ids(ctx, 'id_product');
		const views = voucher.products
			.filter((id) => !wanted.length || wanted.includes(id))
			.map((id) => voucherProductView(voucher, id));
		const order = sorter<ReturnType<typeof voucherProductView>>(ctx, {
			redemptions: (v) => v.number_of_redeemed_vouchers,
			acos: (v) => v.acos,
			roas: (v) => v.roas,
		});
		return page(ctx, order ? views.sort(order) : views, (view) => view);
	},

	UpdateVouchersStatus: (ctx) => {
		const body = ctx.body as { ids: number[]; status: 'inactive' };
		if (body.ids.length === 0) throw invalidField('ids', 'must name at least one voucher');
		const wrong = body.ids.filter((id) => !isPositiveInteger(id));
		if (wrong.length) throw invalidField('ids', `must be voucher IDs (whole numbers ≥ 1), not ${wrong.join(', ')}`);
		const vouchers = vouchersNamed(ctx, body.ids, 'ids');
		const stuck = vouchers.filter((voucher) => !['new', 'active'].includes(voucherStatus(ctx.core, voucher)));
		if (stuck.length) {
			const which = stuck.map((voucher) => `${voucher.id_voucher} (${voucherStatus(ctx.core, voucher)})`).join(', ');
			throw refused(
				400,
				'/problems/vouchers/status-change-not-allowed',
				`Only new and active vouchers can be deactivated: ${which}`,
				'ids',
			);
		}
		for (const voucher of vouchers) voucher.closed = 'inactive';
		const views = vouchers.map((voucher) => voucherView(ctx.core, voucher));
		return { status: 200, body: { data: views, pagination: { offset: 0, limit: views.length, total: views.length } } };
	},

	DeleteVoucher: (ctx) => {
		const idList = ids(ctx, 'id');
		if (idList.length < 1 || idList.length > 100)
			throw invalidField('id', `must be given 1 to 100 times, not ${idList.length}`);
		const vouchers = vouchersNamed(ctx, idList, 'id');
		const stuck = vouchers.filter((voucher) => voucherStatus(ctx.core, voucher) !== 'new');
		if (stuck.length) {
			const which = stuck.map((voucher) => `${voucher.id_voucher} (${voucherStatus(ctx.core, voucher)})`).join(', ');
			throw refused(
				400,
				'/problems/vouchers/not-editable',
				`Only vouchers that have not started (status new) can be deleted: ${which}`,
				'id',
			);
		}
		for (const voucher of vouchers) voucher.closed = 'deleted';
		return noContent();
	},
};
