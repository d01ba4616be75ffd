import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../api/v1';

/**
 * A `confirmApplied` check for a state change: reads the record at `path` and tells whether its `status` is
 * one of `reached` (the state the change leads to, or one that can only follow it).
 */
export function statusReached(
	context: IExecuteFunctions,
	path: string,
	reached: readonly string[],
	itemIndex: number,
): () => Promise<boolean> {
	return async () => {
		const response = await apiRequest.call(context, { method: 'GET', path, itemIndex });
		const status = (response.body as IDataObject | undefined)?.status;
		return typeof status === 'string' && reached.includes(status);
	};
}
