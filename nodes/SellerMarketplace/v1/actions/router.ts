import type { IExecuteFunctions, INodeExecutionData, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { checkParameterTypes } from '../../../shared/helpers/parameters';
import { resources, type ResourceName } from './index';

type Operation = {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
};

/** Runs the chosen operation once per input item, pairing every output item with the item it came from. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];
	const resource = this.getNodeParameter('resource', 0) as ResourceName;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = (resources[resource]?.operations as Record<string, Operation> | undefined)?.[operationName];
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resource}" is not supported`);
	}

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			checkParameterTypes(this, operation.description, itemIndex);
			const output = await operation.execute.call(this, itemIndex);
			returnData.push(...this.helpers.constructExecutionMetaData(output, { itemData: { item: itemIndex } }));
		} catch (error) {
			if (this.continueOnFail()) {
				returnData.push({
					json: { error: error.message, ...(error.description ? { errorDetails: error.description } : {}) },
					pairedItem: { item: itemIndex },
				});
				continue;
			}
			// Both constructors hand back an error that is already of their class, unchanged.
			if (error instanceof NodeApiError) throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
	}
	return [returnData];
}
