/** Fields of the import file operations: which kind of file, its ID, the paths of each kind, and the URL a new file is downloaded from. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	bounded,
	checkHttpUrl,
	inputError,
	requireIntegerId,
	requireString,
	TEXT_CAPS,
} from '../../../../shared/helpers/validation';
import { IMPORT_FILE_STATUS_TERMS } from '../../../../shared/descriptions/vocabulary';
import { collectionField, idLocator, textField } from '../../descriptions/fields';
import { toOptions } from '../../../../api/v2/enums';
import { pageSizeOf } from '../../helpers/pageSizes';

interface FileKind {
	name: string;
	description: string;
	/** The collection's path: POST creates, GET lists, GET /{id} reads one. */
	path: string;
	/** Where POST creates, when not at `path`. */
	createPath?: string;
	/** The endpoint's largest `limit`. */
	pageSize: number;
}

/** The kinds of import file, by the form's value. */
export const FILE_KINDS: Record<string, FileKind> = {
	productData: {
		name: 'Product Data',
		description: 'A CSV of product data (one product per row), at most 30 a day',
		path: '/product-data/import-files',
		pageSize: pageSizeOf('/product-data/import-files'),
	},
	variantSuggestions: {
		name: 'Variant Suggestions',
		description: 'A CSV that suggests which of your products are variants of one another, at most 30 a day',
		path: '/variant-suggestions/feed',
		createPath: '/variant-suggestions/feed/upload-by-url',
		pageSize: pageSizeOf('/variant-suggestions/feed'),
	},
};

export const fileKindField: INodeProperties = {
	displayName: 'File Type',
	name: 'fileType',
	type: 'options',
	options: Object.entries(FILE_KINDS).map(([value, kind]) => ({
		name: kind.name,
		value,
		description: kind.description,
	})),
	default: 'productData',
	description: 'What the file holds',
};

/** The kind the form (or an expression, per item) chose. */
export function fileKindOf(context: IExecuteFunctions, itemIndex: number): FileKind {
	const value = requireString(context, 'fileType', itemIndex, 'File Type');
	const kind = Object.prototype.hasOwnProperty.call(FILE_KINDS, value) ? FILE_KINDS[value] : undefined;
	if (!kind)
		throw inputError(
			context,
			itemIndex,
			`"File Type" must be one of ${Object.keys(FILE_KINDS).join(', ')}, but it is "${value}"`,
		);
	return kind;
}

export const importFileIdField = idLocator({
	displayName: 'Import File',
	name: 'importFileId',
	searchListMethod: 'searchImportFiles',
	placeholder: 'e.g. 7051',
	description:
		'One of your import files of the chosen type, picked from the newest or given by its ID (id_import_file)',
});

export function getImportFileId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'importFileId', itemIndex, 'Import File');
}

/** The Filters of a list of import files: one status of the endpoint's list, and its time filters. */
export function importFileFilters(
	statuses: readonly string[],
	defaultStatus: string,
	timeFilters: INodeProperties[],
): INodeProperties {
	const status: INodeProperties = {
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: toOptions(statuses, IMPORT_FILE_STATUS_TERMS),
		default: defaultStatus,
		description: 'Only files in this status',
	};
	return collectionField('Filters', 'filters', [status, ...timeFilters], 'Add Filter');
}

/** The File URL of a file the marketplace downloads; `description` and `placeholder` say which file. */
export function fileUrlField(description: string, placeholder: string): INodeProperties {
	return bounded(textField('File URL', 'url', description, { required: true, placeholder }), {
		fills: ['url'],
		maxLength: TEXT_CAPS.url,
	});
}

/** An absolute http(s) address without a user name or password, which the file's record would show to anyone reading it. */
export function fileUrl(context: IExecuteFunctions, itemIndex: number): string {
	const url = checkHttpUrl(context, requireString(context, 'url', itemIndex, 'File URL'), itemIndex, 'File URL');
	const { username, password } = new URL(url);
	if (username || password) {
		throw inputError(
			context,
			itemIndex,
			'"File URL" must not contain a user name or password: the import file\'s record shows the address',
		);
	}
	return url;
}
