/**
 * Order invoices: GET /order-invoices, GET and DELETE /order-invoices/{id_order}/{id_invoice}, POST
 * /order-invoices/{id_order} (base64 file), over the shared v1 invoices. The `url` is the token-protected
 * download address both APIs share. An invoice read under another order's ID is not found.
 */
import { MIME_TYPES } from '../../core/enums';
import { storeInvoice } from '../../model/invoices';
import type { Order, OrderInvoice } from '../../core/types';
import { equals, newestFirst, page, since, where } from '../collection';
import { created, found, noContent, ok, param, text, V2Context, V2Operations } from '../handler';
import { invalid, Problem, type ErrorDetail } from '../problems';
import { storefrontOf } from '../../model/storefronts';
import { invoiceView } from '../views';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function orderOf(ctx: V2Context): Order {
	const id = param(ctx, 'id_order');
	return found(ctx.core.store.find('orders', id), `Order ${id}`);
}

function invoiceOf(ctx: V2Context): { order: Order; invoice: OrderInvoice } {
	const order = orderOf(ctx);
	const id = param(ctx, 'id_invoice');
	const invoice = ctx.core.store.find('orderInvoices', id);
	return {
		order,
		invoice: found(
			invoice?.id_order === order.id_order ? invoice : undefined,
			`Invoice ${id} of order ${order.id_order}`,
		),
	};
}

function checkUpload(body: { original_name: string; mime_type: string; data: string }): void {
	const errors: ErrorDetail[] = [];
	if (body.original_name.trim() === '') errors.push({ field: 'original_name', message: 'must not be empty' });
	if (!(MIME_TYPES as readonly string[]).includes(body.mime_type))
		errors.push({ field: 'mime_type', message: `'${body.mime_type}' is not an allowed file type` });
	if (!BASE64.test(body.data) || body.data.length % 4 !== 0)
		errors.push({ field: 'data', message: 'must be the file as base64' });
	if (errors.length) throw invalid(errors);
}

export const operations: V2Operations = {
	GetOrderInvoices: (ctx) => {
		const { core } = ctx;
		const orderOfInvoice = (i: OrderInvoice) => core.store.find('orders', i.id_order);
		const rows = where(
			core.store.db.orderInvoices,
			equals(text(ctx, 'storefront'), (i: OrderInvoice) => {
				const order = orderOfInvoice(i);
				return order ? storefrontOf(order) : undefined;
			}),
			since(ctx, 'ts_created_from_iso', (i: OrderInvoice) => i.ts_created),
		);
		return page(
			ctx,
			newestFirst(rows, (i) => i.ts_created),
			(i) => invoiceView(orderOfInvoice(i)!, i),
		);
	},

	GetOrderInvoice: (ctx) => {
		const { order, invoice } = invoiceOf(ctx);
		return ok(invoiceView(order, invoice));
	},

	DeleteOrderInvoice: (ctx) => {
		const { invoice } = invoiceOf(ctx);
		ctx.core.store.remove('orderInvoices', invoice);
		return noContent();
	},

	UploadOrderInvoice: (ctx) => {
		const { core } = ctx;
		const order = orderOf(ctx);
		if (order._fulfilled_by_marketplace)
			throw new Problem(403, '/problems/forbidden', `Order ${order.id_order} is fulfilled by the marketplace`);
		const body = ctx.body as { original_name: string; mime_type: string; data: string };
		checkUpload(body);
		const invoice = storeInvoice(core, order.id_order, body);
		return created(invoiceView(order, invoice));
	},
};
