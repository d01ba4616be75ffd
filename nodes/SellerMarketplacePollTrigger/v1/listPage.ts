import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../SellerMarketplace/v1/transport';
import { parseCollectionRange } from '../../SellerMarketplace/v1/transport/pagination';
import type { ListPageReader } from '../shared/sources';

/**
 * Pages of an API v1 list through the v1 transport (signing, retries, 429 backoff). The trigger needs the
 * list's total to find its oldest records, so an answer without `HM-Collection-Range` is an error here.
 */
export function v1ListPages(context: IPollFunctions, path: string, query: IDataObject): ListPageReader {
	return async (offset, limit, onThrottled) => {
		const response = await apiRequest.call(context, { method: 'GET', path, query: { ...query, limit, offset }, onThrottled });
		const range = parseCollectionRange(response.headers['hm-collection-range']);
		if (!Array.isArray(response.body) || range === undefined) {
			throw new NodeOperationError(context.getNode(), `GET ${path} did not answer with a list and its HM-Collection-Range header`, {
				description: 'The trigger needs the total of the list to find the oldest new records; nothing was emitted.',
			});
		}
		return { records: response.body as IDataObject[], total: range.total };
	};
}
