/**
 * What goes into a node's output, for both API versions. Download addresses of invoices carry a secret
 * (`access_token`, or `key` in an order unit's invoice): whoever has the address can fetch the file, and
 * output is stored with every execution. They are left out unless the seller asks for them.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { collectionField } from '../descriptions/fields';

/** A query parameter that makes an address a credential of its own. */
const SECRET_QUERY_PARAMETER = /[?&](?:access_token|key|token|signature)=/i;

/** Whether a value is an http(s) address that carries a secret in its query. */
export function isSecretLink(value: unknown): boolean {
	return typeof value === 'string' && /^https?:\/\//i.test(value) && SECRET_QUERY_PARAMETER.test(value);
}

/** A copy of an API record (or list of records) without any field whose value is an address with a secret, at any depth. */
export function withoutSecretLinks<T>(value: T): T {
	if (Array.isArray(value)) return value.filter((entry) => !isSecretLink(entry)).map(withoutSecretLinks) as T;
	if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
		const copy: IDataObject = {};
		for (const [key, entry] of Object.entries(value)) {
			if (!isSecretLink(entry)) copy[key] = withoutSecretLinks(entry) as IDataObject[keyof IDataObject];
		}
		return copy as T;
	}
	return value;
}

export const includeDownloadLinksOption: INodeProperties = {
	displayName: 'Include Download Links',
	name: 'includeDownloadLinks',
	type: 'boolean',
	default: false,
	description:
		'Whether to output the download addresses of invoices. Each holds a secret token: anyone with the address can fetch the file, and the output is stored with the execution. Order Invoice → Download needs no address.',
};

/** An "Options" collection holding only Include Download Links, for operations that have no other options. */
export const downloadLinksOptions = collectionField('Options', 'options', [includeDownloadLinksOption], 'Add Option');

/** The records as the operation outputs them: without secret addresses unless Options → Include Download Links is on. */
export function applyDownloadLinksOption<T>(context: IExecuteFunctions, itemIndex: number, records: T): T {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return options.includeDownloadLinks === true ? records : withoutSecretLinks(records);
}

/**
 * The one output item of every delete: `{ deleted: true }`, plus `alreadyApplied: true` when the answer to an
 * earlier attempt was lost and the retry found the record already gone.
 */
export function deletedItem(response: { alreadyApplied?: boolean }): IDataObject {
	return { deleted: true, ...(response.alreadyApplied ? { alreadyApplied: true } : {}) };
}
