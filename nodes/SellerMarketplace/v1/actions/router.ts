import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readRequestSettings } from '../../../api/core/settings';
import { errorItem, forEditor, itemFailure, type OperationIdentity } from '../../actions/failure';
import { checkParameterTypes } from '../../../shared/helpers/parameters';
import { resources, type ResourceName } from './index';

type Operation = {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
	/** What a failure's headline says was attempted, with `{id}` for the record (else its words in ../../actions/attempts). */
	attempt?: string;
};

/** What the operation declares about itself, for the headline of its failures. */
export function wordingOf(resource: ResourceName, operationName: string, operation: Operation): OperationIdentity {
	return { version: 1, resource, operation: operationName, attempt: operation.attempt, fields: operation.description };
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
			readRequestSettings(this, itemIndex);
			const output = await operation.execute.call(this, itemIndex);
			returnData.push(...this.helpers.constructExecutionMetaData(output, { itemData: { item: itemIndex } }));
		} catch (error) {
			const failure = itemFailure(this, wordingOf(resource, operationName, operation), error, itemIndex);
			if (!this.continueOnFail()) throw forEditor(failure);
			returnData.push(errorItem(failure, itemIndex));
		}
	}
	return [returnData];
}
