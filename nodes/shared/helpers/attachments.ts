import type { IExecuteFunctions } from 'n8n-workflow';

import { inputError, readBinary } from './validation';

export const ATTACHMENTS_LABEL = 'Attachments (Input Binary Fields)';

export interface Attachment {
	filename: string;
	mimeType: string;
	data: Buffer;
}

/** The item's binary properties named in a comma-separated list, each once; a missing one is refused. */
export async function readAttachments(
	context: IExecuteFunctions,
	itemIndex: number,
	names: string,
): Promise<Attachment[]> {
	const list = names
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name !== '');
	const unique = [...new Set(list)];
	if (unique.length !== list.length) {
		throw inputError(context, itemIndex, `"${ATTACHMENTS_LABEL}" names the same binary field twice`);
	}
	const files: Attachment[] = [];
	for (const name of unique) {
		const file = await readBinary(context, itemIndex, name, ATTACHMENTS_LABEL);
		files.push({ filename: file.fileName ?? name, mimeType: file.mimeType, data: file.data });
	}
	return files;
}
