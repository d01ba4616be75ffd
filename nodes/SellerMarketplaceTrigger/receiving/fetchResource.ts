/** Reading the resource a notification names, within the time the marketplace's answer deadline leaves. */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { Confirming } from '../dialect';
import { readFailure, type ReadResult } from './readBack';

/** Reads the resource within `seconds`: two attempts and one short pause. */
export async function readResource(
	context: IWebhookFunctions,
	confirm: Confirming,
	path: string,
	seconds: number,
): Promise<ReadResult> {
	const budgetMs = seconds * 1000;
	const pauseMs = Math.min(500, Math.floor(budgetMs / 4));
	try {
		const body = await confirm.read(context, path, Math.floor((budgetMs - pauseMs) / 2), {
			maxRetries: 1,
			baseDelayMs: pauseMs,
			maxDelayMs: pauseMs,
			maxTotalWaitMs: pauseMs,
		});
		return { kind: 'found', body };
	} catch (error) {
		context.logger.warn(`Seller Marketplace Trigger: could not read ${path}: ${(error as Error).message}`, {
			node: context.getNode().name,
		});
		return readFailure(error);
	}
}

/** What Fetch Resource adds to the item: the resource under `data`, or why it could not be read. */
export function fetchedFields(path: string, seconds: number, deadline: number, read: ReadResult): IDataObject {
	if (read.kind === 'found') return { data: read.body as IDataObject };
	return {
		fetch_error: {
			message: read.message,
			note: `The notification was received, but ${path} could not be read within ${seconds} s (the marketplace waits only ${deadline} s for an answer). Read it in a later step with the Seller Marketplace node.`,
		},
	};
}
