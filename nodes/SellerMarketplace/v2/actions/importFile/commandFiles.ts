/**
 * The three kinds of import file the marketplace downloads from a URL under /import-files: inventory feeds and
 * inventory command files (per storefront) and order command files. They share their endpoints' shape, so each
 * kind's Create, Get and Get Many are built here; each operation file names its kind.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { compact } from '../../../../shared/helpers/validation';
import { collectionField, dateFilterField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { chosenSort } from '../../../../shared/descriptions/sort';
import { sortField } from '../../descriptions/sort';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { toIsoTimestamp } from '../../helpers/dates';
import { IMPORT_STATUSES } from '../../../../api/v2/enums';
import { optionalText, wholeNumber } from '../../helpers/values';
import { apiPath, apiRequestData } from '../../../../api/v2';
import { defineOperation, type DeclaredOperation } from '../../../actions/define';
import { fileUrl, fileUrlField, getImportFileId, importFileFilters, importFileIdField } from './fields';
import { pageSizeOf } from '../../helpers/pageSizes';

export interface CommandFileKind<Value extends string = string> {
	/** The operations' values end in it: createInventoryFeed, getInventoryFeed, getManyInventoryFeeds. */
	value: Value;
	/** "Inventory Feed" */
	name: string;
	/** What the file does, for the Create operation's summary. */
	purpose: string;
	path: '/import-files/inventory-feed' | '/import-files/inventory-command' | '/import-files/order-command';
	/** Whether its endpoints take a storefront (required on all three). */
	perStorefront: boolean;
}

export const INVENTORY_FEED: CommandFileKind<'InventoryFeed'> = {
	value: 'InventoryFeed',
	name: 'Inventory Feed',
	purpose: 'replaces all your offers on the storefront with those in the file',
	path: '/import-files/inventory-feed',
	perStorefront: true,
};

export const INVENTORY_COMMAND_FILE: CommandFileKind<'InventoryCommandFile'> = {
	value: 'InventoryCommandFile',
	name: 'Inventory Command File',
	purpose: 'adds, changes or deletes the offers it names on the storefront',
	path: '/import-files/inventory-command',
	perStorefront: true,
};

export const ORDER_COMMAND_FILE: CommandFileKind<'OrderCommandFile'> = {
	value: 'OrderCommandFile',
	name: 'Order Command File',
	purpose: 'marks the order units it names as sent or cancelled',
	path: '/import-files/order-command',
	perStorefront: false,
};

const lower = (kind: CommandFileKind) => kind.name.toLowerCase();
const storefrontFields = (kind: CommandFileKind): INodeProperties[] => (kind.perStorefront ? [storefrontField] : []);

async function storefrontQuery(
	context: IExecuteFunctions,
	kind: CommandFileKind,
	itemIndex: number,
): Promise<IDataObject> {
	return kind.perStorefront ? { storefront: await requiredStorefront(context, itemIndex) } : {};
}

export function createFileOperation<Value extends string>(
	kind: CommandFileKind<Value>,
): DeclaredOperation<`create${Value}`> {
	return defineOperation({
		value: `create${kind.value}`,
		name: `Create ${kind.name}`,
		action: `Create an ${lower(kind)}`,
		attempt: `create an ${lower(kind)}`,
		summary: `Have the marketplace download a file from a URL that ${kind.purpose}; Get ${kind.name} can wait for the result`,
		endpoint: `POST ${kind.path}`,
		properties: [
			...storefrontFields(kind),
			fileUrlField(
				'Public http(s) address the marketplace downloads the CSV file from',
				'e.g. https://example.com/my_file.csv',
			),
		],
		async execute(itemIndex) {
			const url = fileUrl(this, itemIndex);
			const query = await storefrontQuery(this, kind, itemIndex);
			return await apiRequestData.call(this, {
				method: 'POST',
				path: kind.path,
				query,
				body: { url },
				itemIndex,
				fieldLabels: { url: 'File URL', storefront: 'Storefront' },
				uncertainWrite: {
					subject: `the ${lower(kind)}`,
					check: `Import File → Get Many ${kind.name}s lists it (with this URL) if it was created`,
				},
			});
		},
	});
}

/**
 * Statuses after which the marketplace does no more with a file. DONE and ERROR are not in `ImportStatus` but are
 * the final states of product data files; an answer that uses them ends the wait too.
 */
const FINISHED = /^(IMPORTED|IMPORTING_STOPPED|ABORTED|DONE|ERROR|[A-Z_]+_FAILED)$/;
const MAX_WAIT_SECONDS = 600;
const POLL_CAP_MS = 15_000;

/** Reads the file until it is finished or `maxWaitSeconds` have passed, polling after 1, 2, 4, 8, then every 15 s. */
async function readWhenFinished(
	context: IExecuteFunctions,
	kind: CommandFileKind,
	read: () => Promise<IDataObject>,
	itemIndex: number,
	maxWaitSeconds: number,
): Promise<IDataObject> {
	const deadline = Date.now() + maxWaitSeconds * 1000;
	let pause = 1000;
	for (;;) {
		const file = await read();
		if (FINISHED.test(String(file.status))) return file;
		const left = deadline - Date.now();
		if (left <= 0) {
			throw new NodeOperationError(
				context.getNode(),
				`The ${lower(kind)} ${String(file.id_import_file)} is still "${String(file.status)}" after ${maxWaitSeconds} seconds [item ${itemIndex}]`,
				{
					itemIndex,
					description: `The marketplace has not finished it yet. Read it again later (e.g. after a Wait node) with Import File → Get ${kind.name}, or raise "Max Wait (Seconds)".`,
				},
			);
		}
		await sleep(Math.min(pause, left));
		pause = Math.min(pause * 2, POLL_CAP_MS);
	}
}

export function getFileOperation<Value extends string>(kind: CommandFileKind<Value>): DeclaredOperation<`get${Value}`> {
	return defineOperation({
		value: `get${kind.value}`,
		name: `Get ${kind.name}`,
		action: `Get an ${lower(kind)}`,
		attempt: [`get an ${lower(kind)} for import file {importFileId}`, `get an ${lower(kind)}`],
		summary:
			'Read the status and result of a file (lines read, errors); can wait until the marketplace has processed it',
		endpoint: `GET ${kind.path}/{id_import_file}`,
		properties: [
			...storefrontFields(kind),
			importFileIdField,
			{
				displayName: 'Wait for Result',
				name: 'waitForResult',
				type: 'boolean',
				default: false,
				description:
					'Whether to read the file again until the marketplace has processed it (status Imported, Aborted, Importing Stopped or a failure). Off: output it as it is now.',
			},
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWaitSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_WAIT_SECONDS },
				default: 120,
				description: `How long to wait at most (up to ${MAX_WAIT_SECONDS}); a file still in progress then fails this item`,
				displayOptions: { show: { waitForResult: [true] } },
			},
		],
		async execute(itemIndex) {
			const id = getImportFileId(this, itemIndex);
			const wait = this.getNodeParameter('waitForResult', itemIndex, false) === true;
			const maxWaitSeconds = wait
				? wholeNumber(this, this.getNodeParameter('maxWaitSeconds', itemIndex, 120), itemIndex, 'Max Wait (Seconds)', {
						min: 1,
						max: MAX_WAIT_SECONDS,
					})
				: 0;
			const query = await storefrontQuery(this, kind, itemIndex);
			const read = async () =>
				await apiRequestData.call(this, {
					method: 'GET',
					path: `${kind.path}${apiPath`/${id}`}`,
					query,
					itemIndex,
				});
			return wait ? await readWhenFinished(this, kind, read, itemIndex, maxWaitSeconds) : await read();
		},
	});
}

export function getManyFilesOperation<Value extends string>(
	kind: CommandFileKind<Value>,
): DeclaredOperation<`getMany${Value}s`> {
	return defineOperation({
		value: `getMany${kind.value}s`,
		name: `Get Many ${kind.name}s`,
		action: `Get many ${lower(kind)}s`,
		attempt: `get many ${lower(kind)}s`,
		summary: `List your ${lower(kind)}s, newest first`,
		endpoint: `GET ${kind.path}`,
		properties: [
			...storefrontFields(kind),
			...returnAllOrLimit(),
			importFileFilters(IMPORT_STATUSES, 'IMPORTED', [
				dateFilterField('Created Since', 'createdSince', 'Only files created at or after this time', 'ts_created_iso'),
				dateFilterField('Updated Since', 'updatedSince', 'Only files changed at or after this time', 'ts_updated_iso'),
			]),
			collectionField('Options', 'options', [
				{
					...sortField([
						['Newest First', 'ts_created:desc'],
						['Oldest First', 'ts_created:asc'],
						['Highest ID First', 'id:desc'],
						['Lowest ID First', 'id:asc'],
					]),
					description: 'The order of the files',
				},
			]),
		],
		async execute(itemIndex) {
			const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
			const query = compact({
				...(await storefrontQuery(this, kind, itemIndex)),
				status: optionalText(filters.status),
				ts_created_iso: toIsoTimestamp(this, filters.createdSince, itemIndex, 'Created Since'),
				ts_updated_iso: toIsoTimestamp(this, filters.updatedSince, itemIndex, 'Updated Since'),
				sort: chosenSort(this, itemIndex),
			});
			return await readGetMany(this, itemIndex, {
				path: kind.path,
				query,
				pageSize: pageSizeOf('/import-files/order-command'),
				idField: 'id_import_file',
			});
		},
	});
}
