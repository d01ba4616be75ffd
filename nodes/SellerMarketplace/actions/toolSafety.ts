/**
 * AI Tool Safety: what an AI agent may do with the node it uses as a tool. The seller lists the operations the
 * agent may call (every read by default, a write only when the seller adds it); a call outside the list sends
 * nothing and answers the agent why, as the tool's output it reads (not an error, which some agents end the run
 * on). Personal data of buyers is left out of what the agent reads unless the seller switches it off.
 *
 * Both settings exist only where n8n runs the node as a tool (type `…Tool`, the `@tool` display condition), from
 * node versions 1.1 and 2.1 (what a new node gets): a workflow that runs the node itself is the seller's own
 * decision, and nothing here changes it; a tool saved with version 1 or 2 runs as it was released.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { PERSONAL_FIELD_NAMES, withoutBuyerPersonalData } from '../../shared/helpers/personalData';
import { isRead, type Operation, type Resource } from './define';

const ALLOWED = 'aiToolSafety';
const LEAVE_OUT_PERSONAL_DATA = 'leaveOutPersonalData';

/** How an operation is named in the list: `orderUnit.cancel`. */
const keyOf = (operation: Pick<Operation, 'resource' | 'value'>) => `${operation.resource}.${operation.value}`;

/** The reads of a node version: what the agent may call when the seller has not changed the list. */
function readsOf(resources: readonly Resource[]): string[] {
	return resources.flatMap((resource) => Object.values<Operation>(resource.operations).filter(isRead).map(keyOf));
}

/** The two settings, shown only when the node is a tool; neither takes an expression, which the agent could fill. */
export function toolSafetyProperties(resources: readonly Resource[]): INodeProperties[] {
	const operations = resources.flatMap((resource) => Object.values<Operation>(resource.operations));
	const allowed: INodeProperties = {
		displayName: 'AI Tool Safety',
		name: ALLOWED,
		type: 'multiOptions',
		noDataExpression: true,
		default: [],
		displayOptions: { show: { '@tool': [true] } },
		description:
			"The operations the agent may call. Every read by default; add a write only for an agent that may make it (put n8n's human review in front of the tool to approve each call). A call to an operation not listed sends nothing and tells the agent why.",
		options: operations.map((operation) => ({
			name: `${operation.resourceName}: ${operation.name}${isRead(operation) ? '' : ' (Write)'}`,
			value: keyOf(operation),
			description: operation.summary,
		})),
	};
	// Every read of the version, listed once (the lint reads a literal default only).
	allowed.default = readsOf(resources);
	return [
		allowed,
		{
			displayName: "Leave Out Buyers' Personal Data",
			name: LEAVE_OUT_PERSONAL_DATA,
			type: 'boolean',
			noDataExpression: true,
			default: true,
			displayOptions: { show: { '@tool': [true] } },
			description: `Whether to leave out of what the agent reads the buyers' e-mail, phone, names and street addresses (${PERSONAL_FIELD_NAMES.join(', ')}); the country stays`,
		},
	];
}

/** Whether n8n runs the node as an agent's tool: it hands the agent the node's type with `Tool` appended. */
export function runsAsTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/** What a refused call answers the agent, one item per input item. */
function refusal(context: IExecuteFunctions, message: string): INodeExecutionData[] {
	return context.getInputData().map((_, item) => ({
		json: { refused: true, message: `${message} Nothing was sent to the marketplace.` },
		pairedItem: { item },
	}));
}

/**
 * The guard of a run as a tool: `refused` (what to answer instead of running) when the operation is not listed,
 * else how to shape what the agent reads. The settings are read as saved (not evaluated): an expression, which the
 * agent could fill with `$fromAI`, is refused.
 */
export function toolGuard(
	context: IExecuteFunctions,
	resources: readonly Resource[],
	operation: Operation,
): { refused: INodeExecutionData[] } | { shape(items: INodeExecutionData[]): INodeExecutionData[] } {
	const saved = context.getNode().parameters;
	const listed = saved[ALLOWED] ?? readsOf(resources);
	const what = `${operation.resourceName} → ${operation.name}`;
	if (!Array.isArray(listed)) {
		return {
			refused: refusal(
				context,
				`The seller's AI Tool Safety setting is an expression, so no call is allowed: it must be a fixed list.`,
			),
		};
	}
	if (!(listed as unknown[]).includes(keyOf(operation))) {
		const kind = isRead(operation) ? 'this read' : 'this write';
		return {
			refused: refusal(
				context,
				`Not allowed: the seller has not allowed this AI agent to use ${what} (${kind} is not in the tool's AI Tool Safety list). Tell the user that a person has to do it, or has to allow it.`,
			),
		};
	}
	const keepPersonalData = saved[LEAVE_OUT_PERSONAL_DATA] === false;
	return {
		shape: (items) =>
			keepPersonalData
				? items
				: items.map((item) => ({ ...item, json: withoutBuyerPersonalData(item.json as IDataObject) })),
	};
}
