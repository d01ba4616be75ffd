import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../SellerMarketplace/v2/transport';
import type { ListPageReader } from '../shared/sources';

/**
 * Pages of an API v2 list through the v2 transport (signing, the seller's rate limit, retries, 429 backoff).
 * The trigger needs the list's total to find its oldest records, so a page without `pagination.total` is an
 * error here.
 */
export function v2ListPages(context: IPollFunctions, path: string, query: IDataObject): ListPageReader {
	return async (offset, limit, onThrottled) => {
		const response = await apiRequest.call(context, { method: 'GET', path, query: { ...query, limit, offset }, onThrottled });
		const body = response.body as { data?: unknown; pagination?: { total?: unknown } } | undefined;
		const total = body?.pagination?.total;
		if (!body || !Array.isArray(body.data) || typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) {
			throw new NodeOperationError(context.getNode(), `GET ${path} did not answer with {"data": […], "pagination": {"total": …}}`, {
				description: 'The trigger needs the total of the list to find the oldest new records; nothing was emitted.',
			});
		}
		return { records: body.data as IDataObject[], total };
	};
}
