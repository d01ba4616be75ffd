/**
 * Import files of API v2: product data files over the v1 import-file store (v1 `PRODUCT_FEED`), downloaded from
 * the given `url` (a loopback http(s) address in the sandbox) and processed like v1's, so their status moves
 * NEW → DOWNLOADING → DOWNLOADED → IMPORTING → DONE (or DOWNLOADING_FAILED).
 *
 * Variant suggestion files (v2 only, see ../state/variant-suggestions.ts) answer in the same shape.
 *
 * Rules: at most `productFeedsPerDay` (30) product data files in 24 h, else 423 (as the OpenAPI declares; v1
 * answered 429), and as many variant suggestion files, else 429; a bad `url` is 400 on `url`. Lists are newest first unless `sort` says otherwise; `ts_created`
 * (a date) and `ts_updated` (a time) filter from that moment on.
 */
import { parseTimestamp } from '../../clock';
import { ApiError } from '../../errors';
import { loopbackUri, productFeedWait, startImportFile } from '../../routes/import-files';
import type { ImportFile } from '../../types';
import { equals, page, where } from '../collection';
import { ok, param, text, V2Context, V2Operations } from '../handler';
import { invalidField, Problem } from '../problems';
import { viewOrMissing } from '../state/catalog';
import { startVariantSuggestionFile, variantSuggestionFiles, variantSuggestionWait } from '../state/variant-suggestions';

const PRODUCT_FEED = 'PRODUCT_FEED';

function fileView(file: ImportFile) {
	return {
		id_import_file: file.id_import_file,
		uri: file.uri,
		status: file.status,
		note: file.note,
		total_lines: file.total_lines,
		current_line: file.current_line,
		ts_created: file.ts_created,
		ts_updated: file.ts_updated,
		ts_last_row_updated: file.ts_last_row_updated,
		ts_completed: file.ts_completed,
		error_count: file.error_count,
		async_import_done: file.product_feed_async_done,
	};
}

/** The body's `url`, checked as v1 checks `uri` (absolute http(s), loopback in the sandbox). */
function checkedUrl(ctx: V2Context): string {
	const { url } = ctx.body as { url: string };
	try {
		return loopbackUri(url, 'url');
	} catch (error) {
		if (error instanceof ApiError) throw invalidField('url', error.message);
		throw error;
	}
}

function sorted(ctx: V2Context, files: ImportFile[]): ImportFile[] {
	const [field, direction] = (text(ctx, 'sort') ?? 'ts_created:desc').split(':') as ['ts_created' | 'ts_updated', string];
	const sign = direction === 'asc' ? 1 : -1;
	return [...files].sort((a, b) => sign * (a[field].localeCompare(b[field]) || a.id_import_file - b.id_import_file));
}

const productDataFiles = (ctx: V2Context) => ctx.core.store.db.importFiles.filter((f) => f.type === PRODUCT_FEED);

/** Both file lists: `status`, `ts_created` (a date), `ts_updated` (a time), `sort`. */
function fileList(ctx: V2Context, files: ImportFile[]) {
	const createdFrom = text(ctx, 'ts_created');
	const updatedFrom = text(ctx, 'ts_updated');
	const rows = where(
		files,
		equals(text(ctx, 'status'), (f) => f.status),
		createdFrom === undefined ? undefined : (f) => parseTimestamp(f.ts_created) >= Date.parse(`${createdFrom}T00:00:00Z`),
		updatedFrom === undefined ? undefined : (f) => parseTimestamp(f.ts_updated) >= Date.parse(updatedFrom),
	);
	return page(ctx, sorted(ctx, rows), fileView);
}

function fileOrMissing(ctx: V2Context, files: ImportFile[], what: string) {
	const id = Number(param(ctx, 'id_import_file'));
	return viewOrMissing(
		files.find((f) => f.id_import_file === id),
		`${what} ${id}`,
		fileView,
	);
}

/** The daily limit of both uploads, as the status each operation declares (423 for product data, 429 for variants). */
function checkDailyLimit(ctx: V2Context, status: 423 | 429, waitSeconds: number | undefined): void {
	if (waitSeconds === undefined) return;
	const message = `At most ${ctx.core.options.productFeedsPerDay} files per day; the next is possible in ${waitSeconds} s`;
	throw new Problem(status, 'about:blank', message, [], {
		'Retry-After': String(waitSeconds),
	});
}

export const operations: V2Operations = {
	CreateProductDataFile: (ctx) => {
		const url = checkedUrl(ctx);
		checkDailyLimit(ctx, 423, productFeedWait(ctx.core));
		return ok(fileView(startImportFile(ctx.core, url, PRODUCT_FEED)));
	},
	GetProductDataFileList: (ctx) => fileList(ctx, productDataFiles(ctx)),
	GetProductDataFile: (ctx) => fileOrMissing(ctx, productDataFiles(ctx), 'Product data import file'),
	UploadVariantSuggestionFileByUrl: (ctx) => {
		const url = checkedUrl(ctx);
		checkDailyLimit(ctx, 429, variantSuggestionWait(ctx.core));
		return ok(fileView(startVariantSuggestionFile(ctx.core, url)));
	},
	GetVariantSuggestionsFeedList: (ctx) => fileList(ctx, variantSuggestionFiles(ctx.core)),
	GetVariantSuggestionsFeed: (ctx) => fileOrMissing(ctx, variantSuggestionFiles(ctx.core), 'Variant suggestion file'),
};
