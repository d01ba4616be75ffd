/**
 * Sending many input items in few requests (Unit → Get Status, Unit → Update Many): items are grouped by
 * what goes into the query (storefront, include) and sent in chunks of the endpoint's maximum. When a whole
 * request fails, its items fail with it; unless the node continues on failure, the chunks after it are not sent.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchOutcome } from '../../../actions/define';

export interface BatchPart {
	/** Items with the same key share one query string and may go into one request. */
	key: string;
}

export async function sendInChunks<Part extends BatchPart>(
	context: IExecuteFunctions,
	parts: Array<{ itemIndex: number; part: Part }>,
	chunkSize: number,
	sendChunk: (chunk: Array<{ itemIndex: number; part: Part }>) => Promise<BatchOutcome[]>,
): Promise<BatchOutcome[]> {
	const groups = new Map<string, Array<{ itemIndex: number; part: Part }>>();
	for (const entry of parts) {
		const group = groups.get(entry.part.key);
		if (group) group.push(entry);
		else groups.set(entry.part.key, [entry]);
	}
	const chunks = [...groups.values()].flatMap((group) =>
		Array.from({ length: Math.ceil(group.length / chunkSize) }, (_, index) =>
			group.slice(index * chunkSize, (index + 1) * chunkSize),
		),
	);
	const outcomes: BatchOutcome[] = [];
	for (const [index, chunk] of chunks.entries()) {
		try {
			outcomes.push(...(await sendChunk(chunk)));
		} catch (error) {
			outcomes.push(...chunk.map(({ itemIndex }) => ({ itemIndex, error: error as Error })));
			if (context.continueOnFail()) continue;
			const notSent = chunks.slice(index + 1).flat();
			outcomes.push(
				...notSent.map(({ itemIndex }) => ({
					itemIndex,
					error: new NodeOperationError(context.getNode(), 'Not sent, because an earlier request of this run failed', {
						itemIndex,
					}),
				})),
			);
			break;
		}
	}
	return outcomes;
}
