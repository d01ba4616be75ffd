/** Fields of the import file operations: which kind of file, its ID, and the paths of each kind. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireIntegerId } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';

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
		pageSize: 100,
	},
	variantSuggestions: {
		name: 'Variant Suggestions',
		description: 'A CSV that suggests which of your products are variants of one another, at most 30 a day',
		path: '/variant-suggestions/feed',
		createPath: '/variant-suggestions/feed/upload-by-url',
		pageSize: 100,
	},
};

export const fileKindField: INodeProperties = {
	displayName: 'File Type',
	name: 'fileType',
	type: 'options',
	noDataExpression: true,
	options: Object.entries(FILE_KINDS).map(([value, kind]) => ({ name: kind.name, value, description: kind.description })),
	default: 'productData',
	description: 'What the file holds',
};

export function fileKindOf(context: IExecuteFunctions, itemIndex: number): FileKind {
	return FILE_KINDS[context.getNodeParameter('fileType', itemIndex, 'productData') as string] ?? FILE_KINDS.productData;
}

export const importFileIdField = idLocator({
	displayName: 'Import File',
	name: 'importFileId',
	searchListMethod: 'searchImportFiles',
	placeholder: 'e.g. 7051',
	description: 'One of your import files of the chosen type, picked from the newest or given by its ID (id_import_file)',
});

export function getImportFileId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'importFileId', itemIndex, 'Import File');
}
