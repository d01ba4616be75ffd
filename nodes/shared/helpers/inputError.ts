import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The error for bad input: names the item, so a seller can find the bad row in a batch (the field is in the message). */
export function inputError(
	context: { getNode(): INode },
	itemIndex: number,
	message: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${message} [item ${itemIndex}]`, { itemIndex, description });
}
