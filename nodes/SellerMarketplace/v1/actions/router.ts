import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { applyHeadline, describeForEditor, parameterReader, type OperationWording } from '../../../shared/helpers/headline';
import { checkParameterTypes } from '../../../shared/helpers/parameters';
import { resources, resourceSelector, type ResourceName } from './index';

type Operation = {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
	/** What a failure's headline says was attempted, where the words of the action read poorly (see shared/helpers/headline). */
	attempt?: string;
};

/** What the operation declares about itself (its action in the Operation dropdown, its fields), for the headline of its failures. */
export function wordingOf(resource: ResourceName, operationName: string, operation: Operation): OperationWording {
	const named = (options: unknown, value: string) => (options as INodePropertyOptions[] | undefined)?.find((option) => option.value === value);
	const selector = (resources[resource].description as INodeProperties[]).find((property) => property.name === 'operation');
	return {
		action: named(selector?.options, operationName)?.action ?? operationName,
		resourceName: named(resourceSelector.options, resource)?.name ?? resource,
		fields: operation.description,
		attempt: operation.attempt,
	};
}

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
			applyHeadline(error, wordingOf(resource, operationName, operation), parameterReader(this, itemIndex));
			if (this.continueOnFail()) {
				returnData.push({
					json: { error: error.message, ...(error.description ? { errorDetails: error.description } : {}) },
					pairedItem: { item: itemIndex },
				});
				continue;
			}
			// Both constructors hand back an error that is already of their class, unchanged.
			if (error instanceof NodeApiError) throw describeForEditor(new NodeApiError(this.getNode(), error as unknown as JsonObject));
			throw describeForEditor(new NodeOperationError(this.getNode(), error as Error, { itemIndex }));
		}
	}
	return [returnData];
}
