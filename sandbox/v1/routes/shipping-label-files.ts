/**
 * The file host of API v2 shipping labels: `GET <origin>/api/v1/shipping-label-files/{id}?access_token=…`, the
 * `download_url` of a label. Unsigned, like the real download addresses: the secret access_token is the only
 * protection; after 7 days the address no longer works.
 */
import { forbidden, notFound } from '../../core/errors';
import { route, Route, RouteContext } from '../router';
import { findLabel, labelExpired, labelFile } from '../../model/shipping';

function download(ctx: RouteContext) {
	const label = findLabel(ctx.core, ctx.params.id);
	if (!label) throw notFound(`Shipping label ${ctx.params.id} not found`);
	if (!ctx.query.access_token || ctx.query.access_token !== label._access_token)
		throw forbidden('access_token missing or wrong');
	if (labelExpired(ctx.core, label)) throw notFound(`The download address of shipping label ${label.id} has expired`);
	return {
		status: 200,
		raw: labelFile(label),
		contentType: 'application/pdf',
		headers: { 'Content-Disposition': `attachment; filename="label-${label.tracking_number}.pdf"` },
	};
}

export const shippingLabelFileRoutes: Route[] = [
	route('GET', '/shipping-label-files/{id}', download, { unsigned: true }),
];
