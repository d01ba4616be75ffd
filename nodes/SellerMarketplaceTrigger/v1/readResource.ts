/** Reading the resource a notification names, through the signed v1 transport, within a fixed time budget. */
import type { IWebhookFunctions } from 'n8n-workflow';

import { apiRequest } from '../../SellerMarketplace/v1/transport';
import { readFailure, type ReadResult } from '../shared/readBack';

export const DEFAULT_FETCH_TIMEOUT_SECONDS = 8;
/** The marketplace waits 15 s for an answer; reading the resource must leave room for everything else. */
export const MAX_FETCH_TIMEOUT_SECONDS = 12;

/** Two attempts and one short pause fit in `seconds`. */
export async function readResource(context: IWebhookFunctions, path: string, seconds: number): Promise<ReadResult> {
	const budgetMs = seconds * 1000;
	const pauseMs = Math.min(500, Math.floor(budgetMs / 4));
	try {
		const response = await apiRequest.call(context, {
			method: 'GET',
			path,
			timeoutMs: Math.floor((budgetMs - pauseMs) / 2),
			retry: { maxRetries: 1, baseDelayMs: pauseMs, maxDelayMs: pauseMs, maxTotalWaitMs: pauseMs },
		});
		return { kind: 'found', body: response.body };
	} catch (error) {
		const failure = readFailure(error);
		context.logger.warn(`Seller Marketplace Trigger: could not read ${path}: ${(error as Error).message}`, {
			node: context.getNode().name,
		});
		return failure;
	}
}

/** What Fetch Resource adds to the item: the resource under `data`, or why it could not be read. */
export function fetchedFields(path: string, seconds: number, read: ReadResult): Record<string, unknown> {
	if (read.kind === 'found') return { data: read.body };
	return {
		fetch_error: {
			message: read.message,
			note: `The notification was received, but ${path} could not be read within ${seconds} s (the marketplace waits only 15 s for an answer). Read it in a later step with the Seller Marketplace node.`,
		},
	};
}
