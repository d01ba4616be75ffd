/**
 * Runs the operations of every node version: the version hands over its actions (see defineActions), the router
 * finds the operation the form chose and runs it per item or as a batch, the same way for every API version.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readRequestSettings } from '../../api/core/settings';
import { checkParameterTypes } from '../../shared/helpers/parameters';
import { errorItem, forEditor, itemFailure, type OperationIdentity } from './failure';
import { runsAsTool, toolGuard } from './toolSafety';
import {
	FileItem,
	type Actions,
	type BatchOperationSpec,
	type ItemOperationSpec,
	type ItemOutput,
	type Operation,
} from './define';

/** What the operation declares about itself, for the headline of its failures. */
export function wordingOf(operation: Operation): OperationIdentity {
	return {
		resource: operation.resource,
		operation: operation.value,
		attempt: operation.attempt,
		fields: operation.properties,
	};
}

/** How many other refused items an error names, at most (the rest are counted). */
const MAX_NAMED_REFUSALS = 50;

/**
 * Collects the outputs of one run in input order. A failed item becomes an error item when the node continues
 * on failure, and otherwise stops the run; `applied` lists the items whose writes went through before, so the
 * error can say so.
 */
class RunOutput {
	readonly items: INodeExecutionData[] = [];
	readonly applied: number[] = [];
	/** The error the run stopped with, already as n8n shows it. */
	stoppedBy?: NodeApiError | NodeOperationError;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly identity: OperationIdentity,
	) {}

	add(itemIndex: number, records: ItemOutput): void {
		if (records instanceof FileItem) {
			this.items.push({ json: records.json, binary: records.binary, pairedItem: { item: itemIndex } });
			this.applied.push(itemIndex);
			return;
		}
		const json = this.context.helpers.returnJsonArray(records);
		this.items.push(...this.context.helpers.constructExecutionMetaData(json, { itemData: { item: itemIndex } }));
		this.applied.push(itemIndex);
	}

	/**
	 * Several items refused before anything was sent (a batch), without Continue On Fail: the run stops with the
	 * first, and its description names every one, so that a seller can fix them all at once.
	 */
	refuseAll(refused: Array<{ itemIndex: number; error: unknown }>): never {
		const [first, ...others] = refused.map(({ itemIndex, error }) => ({
			itemIndex,
			failure: itemFailure(this.context, this.identity, error, itemIndex),
		}));
		if (others.length) {
			const shown = others.slice(0, MAX_NAMED_REFUSALS);
			const more = others.length - shown.length;
			const note = [
				`Nothing was sent: ${refused.length} items were refused. The others:`,
				...shown.map(({ itemIndex, failure }) => `item ${itemIndex}: ${failure.message}`),
				...(more > 0 ? [`and ${more} more`] : []),
			].join('\n');
			first.failure.description = first.failure.description ? `${first.failure.description}\n${note}` : note;
		}
		throw (this.stoppedBy = forEditor(first.failure));
	}

	fail(itemIndex: number, error: unknown, { sentTogether = false } = {}): void {
		const failure = itemFailure(this.context, this.identity, error, itemIndex);
		if (this.context.continueOnFail()) {
			this.items.push(
				errorItem(failure, itemIndex, { errorOutput: this.context.getNode().onError === 'continueErrorOutput' }),
			);
			return;
		}
		if (sentTogether && this.applied.length) {
			const note = `Sent in the same run and applied (not undone): item${this.applied.length > 1 ? 's' : ''} ${this.applied.join(', ')}.`;
			failure.description = failure.description ? `${failure.description}\n${note}` : note;
		}
		throw (this.stoppedBy = forEditor(failure));
	}
}

async function runPerItem(
	context: IExecuteFunctions,
	operation: Operation & ItemOperationSpec,
	output: RunOutput,
): Promise<void> {
	const count = context.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			checkParameterTypes(context, operation.description, itemIndex);
			readRequestSettings(context, itemIndex);
			output.add(itemIndex, await operation.execute.call(context, itemIndex));
		} catch (error) {
			output.fail(itemIndex, error);
		}
	}
}

/**
 * The context with each parameter of the current item evaluated once: the check of an item's parameters and its
 * preparation read the same ones, and at 50,000 rows n8n evaluating a row's expressions twice was most of the
 * node's CPU. A value is kept only for the item being prepared (`forget` drops it), and only when n8n did not
 * answer with the caller's fallback (a parameter that is not set gives each caller its own fallback). Parameters
 * the item gives as columns (`useColumns`, see BatchExecution.columns) are answered from them, not evaluated.
 */
function evaluatedOnce(context: IExecuteFunctions): {
	context: IExecuteFunctions;
	useColumns(columns: IDataObject | undefined): void;
	forget(): void;
} {
	const values = new Map<string, unknown>();
	let columns: IDataObject | undefined;
	const getNodeParameter = ((name: string, itemIndex: number, fallback?: unknown, options?: unknown) => {
		if (columns && name in columns) return columns[name] ?? fallback;
		const key = `${itemIndex}\u0000${name}\u0000${options === undefined ? '' : JSON.stringify(options)}`;
		if (values.has(key)) return values.get(key);
		const value = context.getNodeParameter(name, itemIndex, fallback as never, options as never);
		if (value !== fallback) values.set(key, value);
		return value;
	}) as IExecuteFunctions['getNodeParameter'];
	const proxy = new Proxy(context, {
		get: (target, property) => {
			if (property === 'getNodeParameter') return getNodeParameter;
			const value = Reflect.get(target, property, target) as unknown;
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
	return {
		context: proxy,
		useColumns: (given) => (columns = given),
		forget: () => {
			values.clear();
			columns = undefined;
		},
	};
}

/** Checks and prepares every item before anything is sent; then sends the prepared parts together. */
async function runBatch(
	context: IExecuteFunctions,
	operation: Operation & BatchOperationSpec<unknown>,
	output: RunOutput,
): Promise<void> {
	const count = context.getInputData().length;
	const parts: Array<{ itemIndex: number; part: unknown }> = [];
	const refused: Array<{ itemIndex: number; error: unknown }> = [];
	const once = evaluatedOnce(context);
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			once.useColumns(operation.batch.columns?.call(context, itemIndex));
			checkParameterTypes(once.context, operation.description, itemIndex);
			readRequestSettings(once.context, itemIndex);
			parts.push({ itemIndex, part: await operation.batch.prepare.call(once.context, itemIndex) });
		} catch (error) {
			if (context.continueOnFail()) output.fail(itemIndex, error);
			else refused.push({ itemIndex, error });
		} finally {
			once.forget();
		}
	}
	if (refused.length) output.refuseAll(refused);
	if (!parts.length) return;
	const outcomes = await operation.batch.send.call(context, parts);
	for (const outcome of outcomes) {
		if ('json' in outcome) output.add(outcome.itemIndex, outcome.json);
		if ('file' in outcome) output.add(outcome.itemIndex, outcome.file);
	}
	for (const outcome of outcomes) {
		if ('error' in outcome) output.fail(outcome.itemIndex, outcome.error, { sentTogether: true });
	}
	output.items.sort((a, b) => pairedIndex(a) - pairedIndex(b));
}

function pairedIndex(item: INodeExecutionData): number {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'number' ? paired : (paired?.item ?? 0);
}

/** Runs the operation of `actions` the form chose, pairing every output item with the input item it came from. */
export async function router(this: IExecuteFunctions, actions: Actions): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = actions.find(resourceName, operationName);
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resourceName}" is not supported`,
		);
	}
	// Used by an AI agent: an operation the seller has not listed answers the agent why, before anything is sent.
	const guarded = runsAsTool(this) && actions.hasToolSafety(this.getNode().typeVersion);
	const guard = guarded ? toolGuard(this, actions.resources, operation) : undefined;
	if (guard && 'refused' in guard) return [guard.refused];
	const identity = wordingOf(operation);
	const output = new RunOutput(this, identity);
	try {
		if ('batch' in operation) await runBatch(this, operation, output);
		else await runPerItem(this, operation, output);
	} catch (error) {
		if (output.stoppedBy && error === output.stoppedBy) throw output.stoppedBy;
		// A request for several items (a batch) that failed as a whole: named by the first item it carried.
		const itemIndex = (error as { context?: { itemIndex?: number } }).context?.itemIndex ?? 0;
		throw forEditor(itemFailure(this, identity, error, itemIndex));
	}
	return [guard ? guard.shape(output.items) : output.items];
}
