/**
 * The file host of API v2 shared sets: `GET <origin>/api/v1/shared-set-files/{token}`, the signed address that
 * `GET /attributes/{id}/shared-set-values` hands out. Unsigned, like the real addresses: the secret token is the only
 * protection, and it works for six days of sandbox time.
 */
import { forbidden, notFound } from '../../core/errors';
import { route, Route, RouteContext } from '../router';
import { findSharedSetFile, sharedSetCsv, sharedSetValues } from '../../model/shared-sets';

function download(ctx: RouteContext) {
	const file = findSharedSetFile(ctx.core, ctx.params.token);
	if (!file) throw notFound('No shared set file at this address');
	if (ctx.core.now() > file.expires) throw forbidden('This shared set address has expired; ask for a new one');
	const attribute = ctx.core.store.find('attributes', file.id_attribute);
	if (!attribute) throw notFound(`Attribute ${file.id_attribute} not found`);
	return {
		status: 200,
		raw: Buffer.from(sharedSetCsv(sharedSetValues(ctx.core, attribute)), 'utf8'),
		contentType: 'text/csv; charset=utf-8',
		headers: { 'Content-Disposition': `attachment; filename="${file.id_attribute}-${file.locale}.csv"` },
	};
}

export const sharedSetFileRoutes: Route[] = [route('GET', '/shared-set-files/{token}', download, { unsigned: true })];
