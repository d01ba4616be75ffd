/**
 * Product data per EAN (the v1 store's records: an upload through either API is what the other reads) and its
 * processing status (PENDING, IN_PROGRESS after `processingSeconds`, then SUCCESS or FAIL, as in v1).
 *
 * Decisions and rules beyond the schema (400 naming the field): the sandbox has one language, so `locale` is
 * checked but every locale reads the same record; the body's `ean` is exactly one EAN of 8 to 14 digits;
 * every attribute is a list of text or numbers except `product_safety_contact`, an object; `attributes` names at
 * least one attribute. PATCH of an EAN without data is 400 on `ean` (the operation declares no 404).
 */
import { readUpload, uploadProductData } from '../../model/product-data';
import type { ProductData } from '../../core/types';
import { ok, param, V2Context, V2Operations, V2Reply } from '../handler';
import { invalidField } from '../problems';
import { viewOrMissing } from '../state/catalog';

const SAFETY_CONTACT = 'product_safety_contact';

interface ProductDataBody {
	ean: string[];
	attributes: Record<string, unknown>;
}

function checkedEan(value: string, field: string): string {
	if (!/^\d{8,14}$/.test(value)) throw invalidField(field, `'${value}' is not an EAN (8 to 14 digits)`);
	return value;
}

/** The v2 body as a v1 upload: the safety contact object is kept as a one-value list. */
function upload(ctx: V2Context) {
	const body = ctx.body as ProductDataBody;
	if (body.ean.length !== 1) throw invalidField('ean', `must hold exactly one EAN, it holds ${body.ean.length}`);
	const ean = checkedEan(body.ean[0], 'ean[0]');
	const names = Object.keys(body.attributes);
	if (names.length === 0) throw invalidField('attributes', 'must name at least one attribute');
	const data: Record<string, unknown[]> = { ean: [ean] };
	for (const name of names) {
		const value = body.attributes[name];
		if (name === SAFETY_CONTACT) {
			data[name] = [value];
			continue;
		}
		const isValue = (v: unknown) => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number';
		if (!Array.isArray(value) || value.length === 0 || !value.every(isValue)) {
			throw invalidField(`attributes.${name}`, 'must be a non-empty list of text or numbers');
		}
		data[name] = value;
	}
	return { ean, upload: readUpload(data) };
}

function dataView(record: ProductData) {
	const { ean, ...attributes } = record.data;
	const safety = attributes[SAFETY_CONTACT];
	return {
		ean: (ean ?? [record.ean]).map(String),
		attributes: { ...attributes, ...(safety && { [SAFETY_CONTACT]: safety[0] }) },
	};
}

function statusView(record: ProductData) {
	const s = record.status;
	return {
		product_ready: s.item_ready,
		update_status: s.update_status,
		id_product: s.id_item,
		product_not_ready_reason: s.item_not_ready_reason,
		update_fail_reason: s.update_fail_reason,
		attribute_values: s.attribute_values.map((a) => ({ ...a })),
		missing_attributes: [...s.missing_attributes],
		min_one_missing_attributes: [...s.min_one_missing_attributes],
	};
}

function recordOf(ctx: V2Context): ProductData | undefined {
	return ctx.core.store.find('productData', checkedEan(param(ctx, 'ean'), 'ean'));
}

const missing = (ctx: V2Context) => `Product data for EAN ${param(ctx, 'ean')}`;

export const operations: V2Operations = {
	CreateProductData: (ctx) => {
		const { ean, upload: data } = upload(ctx);
		return ok(dataView(uploadProductData(ctx.core, ean, data, 'replace')));
	},
	UpdateProductData: (ctx) => {
		const { ean, upload: data } = upload(ctx);
		if (!ctx.core.store.find('productData', ean))
			throw invalidField('ean', `no product data for EAN ${ean} yet; create it with PUT /product-data`);
		return ok(dataView(uploadProductData(ctx.core, ean, data, 'merge')));
	},
	GetProductData: (ctx) => viewOrMissing(recordOf(ctx), missing(ctx), dataView),
	GetProductDataStatus: (ctx) => viewOrMissing(recordOf(ctx), missing(ctx), statusView),
	DeleteProductData: (ctx): V2Reply => {
		const record = recordOf(ctx);
		if (record) ctx.core.store.remove('productData', record);
		return viewOrMissing(record, missing(ctx), () => null);
	},
};
