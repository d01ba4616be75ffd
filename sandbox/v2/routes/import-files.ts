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
 *
 * Inventory feeds, inventory command files (both per storefront: a file of another storefront is not found) and
 * order command files: see ../state/command-files.ts. Created with 201; lists newest first unless `sort` says
 * otherwise (`id` or `ts_created`, asc or desc); `ts_created_iso` and `ts_updated_iso` filter from that moment on.
 */
import { parseTimestamp } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { loopbackUri, productFeedWait, startImportFile } from '../../model/import-files';
import type { ImportFile } from '../../core/types';
import { equals, newestFirst, page, since, where } from '../collection';
import { created, found, ok, param, text, V2Context, V2Operations } from '../handler';
import { invalidField, Problem } from '../problems';
import { iso } from '../views';
import { viewOrMissing } from '../state/catalog';
import { CommandFile, CommandFileType, commandFiles, startCommandFile } from '../state/command-files';
import {
	startVariantSuggestionFile,
	variantSuggestionFiles,
	variantSuggestionWait,
} from '../state/variant-suggestions';

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

/**
 * The body's `url`, checked as v1 checks `uri` (absolute http(s), loopback in the sandbox); a user name or
 * password in it is refused, as the file's record shows the address to anyone reading it.
 */
function checkedUrl(ctx: V2Context): string {
	const { url } = ctx.body as { url: string };
	try {
		const checked = loopbackUri(url, 'url');
		const { username, password } = new URL(checked);
		if (username || password) throw invalidField('url', 'must not contain a user name or password');
		return checked;
	} catch (error) {
		if (error instanceof ApiError) throw invalidField('url', error.message);
		throw error;
	}
}

function sorted(ctx: V2Context, files: ImportFile[]): ImportFile[] {
	const [field, direction] = (text(ctx, 'sort') ?? 'ts_created:desc').split(':') as [
		'ts_created' | 'ts_updated',
		string,
	];
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
		createdFrom === undefined
			? undefined
			: (f) => parseTimestamp(f.ts_created) >= Date.parse(`${createdFrom}T00:00:00Z`),
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

/** Required by the OpenAPI as a date-time, not nullable: a file not finished yet reads as the epoch. */
const NOT_YET = '1970-01-01T00:00:00Z';

function commandFileView(file: CommandFile) {
	return {
		...(file.storefront !== null && { storefront: file.storefront }),
		id_import_file: file.id_import_file,
		type: file.type,
		uri: file.uri,
		status: file.status,
		note: file.note,
		total_lines: file.total_lines,
		current_line: file.current_line,
		error_count: file.error_count,
		ts_created_iso: iso(file.ts_created),
		ts_updated_iso: iso(file.ts_updated),
		ts_last_row_updated_iso: iso(file.ts_last_row_updated) ?? NOT_YET,
		ts_completed_iso: iso(file.ts_completed) ?? NOT_YET,
	};
}

/** The files of this type the request may see: those of its storefront, when the type has one. */
function visibleCommandFiles(ctx: V2Context, type: CommandFileType): CommandFile[] {
	const storefront = text(ctx, 'storefront') ?? null;
	return commandFiles(ctx.core, type).filter((file) => file.storefront === storefront);
}

function sortedCommandFiles(ctx: V2Context, rows: CommandFile[]): CommandFile[] {
	const [field, direction] = (text(ctx, 'sort') ?? 'ts_created:desc').split(':');
	const newest =
		field === 'id'
			? [...rows].sort((a, b) => b.id_import_file - a.id_import_file)
			: newestFirst(rows, (file) => file.ts_created);
	return direction === 'asc' ? newest.reverse() : newest;
}

/** Create, list and read of one type of command file, keyed by the OpenAPI's operationIds. */
function commandFileOperations(
	type: CommandFileType,
	what: string,
	ids: { create: string; list: string; get: string },
): V2Operations {
	return {
		[ids.create]: (ctx) =>
			created(commandFileView(startCommandFile(ctx.core, type, checkedUrl(ctx), text(ctx, 'storefront') ?? null))),
		[ids.list]: (ctx) => {
			const rows = where(
				visibleCommandFiles(ctx, type),
				equals(text(ctx, 'status'), (file) => file.status),
				since(ctx, 'ts_created_iso', (file) => file.ts_created),
				since(ctx, 'ts_updated_iso', (file) => file.ts_updated),
			);
			return page(ctx, sortedCommandFiles(ctx, rows), commandFileView);
		},
		[ids.get]: (ctx) => {
			const id = Number(param(ctx, 'id_import_file'));
			const file = visibleCommandFiles(ctx, type).find((candidate) => candidate.id_import_file === id);
			return ok(
				commandFileView(
					found(
						file,
						`${what} ${param(ctx, 'id_import_file')}${text(ctx, 'storefront') ? ` on storefront ${text(ctx, 'storefront')}` : ''}`,
					),
				),
			);
		},
	};
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
	...commandFileOperations('INVENTORY_FEED', 'Inventory feed import file', {
		create: 'createInventoryFeedImportFile',
		list: 'getInventoryFeedImportFiles',
		get: 'getInventoryFeedImportFile',
	}),
	...commandFileOperations('INVENTORY_COMMAND', 'Inventory command import file', {
		create: 'createInventoryCommandImportFile',
		list: 'getInventoryCommandImportFiles',
		get: 'getInventoryCommandImportFile',
	}),
	...commandFileOperations('ORDER_COMMAND', 'Order command import file', {
		create: 'createOrderCommandImportFile',
		list: 'getOrderCommandImportFiles',
		get: 'getOrderCommandImportFile',
	}),
};
