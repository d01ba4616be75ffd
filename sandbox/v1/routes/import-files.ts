/** Import files of API v1: create (by URL), list, read; the import itself is sandbox/model/import-files.ts. */
import { IMPORT_FILE_TYPES } from '../../core/enums';
import { ApiError } from '../../core/errors';
import { publicView } from '../../core/store';
import type { ImportFile } from '../../core/types';
import { oneOf, parseBody } from '../../core/validate';
import { loopbackUri, productFeedWait, startImportFile } from '../../model/import-files';
import { filters, listReply } from '../pagination';
import { created, intParam, noQuery, ok, route, Route, RouteContext } from '../router';

function create(ctx: RouteContext) {
	const { core } = ctx;
	const body = parseBody(ctx.body(), { uri: loopbackUri, type: oneOf(IMPORT_FILE_TYPES, 'import file type') });
	const wait = body.type === 'PRODUCT_FEED' ? productFeedWait(core) : undefined;
	if (wait !== undefined) {
		throw new ApiError(429, `At most ${core.options.productFeedsPerDay} product feeds per day`, {
			'Retry-After': String(wait),
		});
	}
	const file = startImportFile(core, body.uri, body.type);
	return created(`/import-files/${file.id_import_file}/`);
}

export const importFileRoutes: Route[] = [
	route('POST', '/import-files/', create),
	route('GET', '/import-files/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.importFiles,
			{
				filters: {
					status: filters.oneOf((f: ImportFile) => f.status),
					type: filters.oneOf((f: ImportFile) => f.type),
					'ts_created:from': filters.since((f: ImportFile) => f.ts_created),
					'ts_updated:from': filters.since((f: ImportFile) => f.ts_updated),
				},
				sortFields: ['ts_created', 'ts_updated', 'id_import_file', 'status'],
				defaultSort: { field: 'ts_created', direction: 'desc' },
			},
			publicView,
		),
	),
	route('GET', '/import-files/{id}/', (ctx) => {
		noQuery(ctx);
		return ok(publicView(ctx.core.store.get('importFiles', intParam(ctx), 'Import file')));
	}),
];
