/** Order invoices: upload (base64), read, delete, and the token-protected download. */
import { MIME_TYPES } from '../../core/enums';
import { forbidden, unprocessable } from '../../core/errors';
import { listReply } from '../pagination';
import { created, intParam, noBody, noContent, noQuery, ok, route, Route, RouteContext } from '../router';
import { publicView } from '../../core/store';
import type { OrderInvoice } from '../../core/types';
import { storeInvoice } from '../../model/invoices';
import { base64, nonEmptyString, oneOf, parseBody } from '../../core/validate';

function upload(ctx: RouteContext) {
	const { core } = ctx;
	const body = parseBody(ctx.body(), {
		id_order: nonEmptyString,
		original_name: nonEmptyString,
		mime_type: oneOf(MIME_TYPES, 'mime type'),
		data: base64,
	});
	const order = core.store.find('orders', body.id_order);
	if (!order) throw unprocessable(`Order ${body.id_order} not found`);
	if (order._fulfilled_by_marketplace)
		throw forbidden(`Order ${body.id_order} is fulfilled by the marketplace; API v1 cannot change it`);
	const { id_invoice: id } = storeInvoice(core, order.id_order, body);
	return created(`/order-invoices/${id}/`);
}

/** Unsigned: the secret access_token in the URL is the only protection (as on the real download addresses). */
function download(ctx: RouteContext) {
	const invoice = ctx.core.store.get('orderInvoices', intParam(ctx), 'Invoice');
	if (!ctx.query.access_token || ctx.query.access_token !== invoice._access_token) {
		throw forbidden('access_token missing or wrong');
	}
	return {
		status: 200,
		raw: Buffer.from(invoice._data_base64, 'base64'),
		contentType: invoice.mime_type,
		headers: { 'Content-Disposition': `attachment; filename="${invoice.original_name.replace(/"/g, '')}"` },
	};
}

export const invoiceRoutes: Route[] = [
	route('GET', '/order-invoices/seller/', (ctx) =>
		listReply(ctx, ctx.core.store.db.orderInvoices, {}, publicView<OrderInvoice>),
	),
	route('GET', '/order-invoices/{id}/', (ctx) => {
		noQuery(ctx);
		return ok(publicView(ctx.core.store.get('orderInvoices', intParam(ctx), 'Invoice')));
	}),
	route('POST', '/order-invoices/', upload),
	route('DELETE', '/order-invoices/{id}/', (ctx) => {
		const invoice = ctx.core.store.get('orderInvoices', intParam(ctx), 'Invoice');
		noBody(ctx);
		ctx.core.store.remove('orderInvoices', invoice);
		return noContent();
	}),
	route('GET', '/order-invoices/{id}/file', download, { unsigned: true }),
];
