/**
 * Runs Manual Trigger → Seller Marketplace through n8n-core's WorkflowExecute with the test harness
 * (test/harness/workflow.ts), minus its per-run secret scan, which walks and joins every output string and
 * would add O(output) time and a copy of the output to the figures. n8n's logger is a no-op here, as in a
 * server at the default log level (the harness collects every line in memory).
 */
import type { IDataObject, INodeExecutionData, IRun } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import { runSellerNode, type SellerCredentials } from '../test/harness/workflow';

/** n8n's logger as a no-op, as in a server at the default log level (the harness would collect every line). */
export function silenceN8nLogger(): void {
	const silent = () => undefined;
	LoggerProxy.init({
		error: silent,
		warn: silent,
		info: silent,
		debug: silent,
		scoped: () => LoggerProxy as never,
	} as never);
}
silenceN8nLogger();

export const NODE_NAME = 'Seller Marketplace';

export interface NodeRun {
	items: INodeExecutionData[];
	/** n8n's own measure of the node's execution (runData[node][0].executionTime) */
	nodeMs: number;
	run: IRun;
}

/** Runs the Seller Marketplace node once with `parameters` on `inputItems` input items. */
export async function runNode(
	credentials: SellerCredentials,
	parameters: IDataObject,
	inputItems = 1,
): Promise<NodeRun> {
	const { run, items, error } = await runSellerNode(credentials, {
		parameters,
		items: Array.from({ length: inputItems }, () => ({ json: {} })),
		checkSecrets: false,
	});
	if (error) throw new Error(`workflow failed: ${error.message}`);
	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	return { items, nodeMs: task?.executionTime ?? NaN, run };
}
