/**
 * How an operation and a resource of node version 2 are declared. An operation file calls defineOperation
 * once; its resource's index lists it in defineResource; the router and the form are built from these, so a
 * new operation is one new file and one line in its resource.
 */
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions/fields';
import { sortBelowOptions } from '../../../shared/descriptions/sort';
import { insertOutputProperties, outputProperties, outputShaper, type OutputShape } from '../../../shared/helpers/simplify';

/** One output item of a batch (a record, or a record with files), or the reason its input item failed. */
export type BatchOutcome = { itemIndex: number; json: IDataObject } | { itemIndex: number; file: FileItem } | { itemIndex: number; error: Error };

/**
 * An operation that sends several input items in one request (e.g. POST /units/bulk): `prepare` checks one
 * item and builds its part without sending anything; `send` sends the prepared parts and reports per item.
 */
export interface BatchExecution<Part> {
	prepare(this: IExecuteFunctions, itemIndex: number): Promise<Part>;
	send(this: IExecuteFunctions, parts: Array<{ itemIndex: number; part: Part }>): Promise<BatchOutcome[]>;
}

/** An operation of the marketplace's OpenAPI: its method and its path template as the OpenAPI writes it. */
export interface Endpoint {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** e.g. `/order-units/{id_order_unit}/send` */
	path: string;
}

interface OperationBase {
	/** The resource's value, e.g. `orderUnit`. */
	resource: string;
	/** The operation's value, e.g. `getMany`. */
	value: string;
	/** Shown in the Operation dropdown, e.g. "Get Many". */
	name: string;
	/** Shown in the node list, e.g. "Get many order units". */
	action: string;
	/** One line under the operation's name. */
	summary: string;
	/**
	 * What a failure's headline says was attempted, only where the words of `action` read poorly, with `{id}`
	 * where the record's id goes: "update unit {id}" makes "Could not update unit 12: …" (see shared/helpers/headline).
	 */
	attempt?: string;
	properties: INodeProperties[];
	/**
	 * The API operation(s) this operation performs (not the reads it may add, e.g. to check a lost answer). The
	 * coverage test (test/v2/coverage) checks each against the OpenAPI and against what a run sends.
	 */
	endpoint?: Endpoint | Endpoint[];
	/**
	 * Reads a run makes before its write, as part of the operation (not to check a lost answer): e.g. a unit's
	 * current listing price, which the API needs with every change. The coverage test expects them besides `endpoint`.
	 */
	reads?: Endpoint[];
}

/** An output item that carries files (a download): its record and its binary properties. */
export class FileItem {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/** Runs once per input item; returns the records to output for it, or one item with a file. */
export interface ItemOperationSpec extends OperationBase {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[] | FileItem>;
	/** For reads of records (Get, Get Many): the Simplify toggle, or Output in a tool, with these fields. */
	output?: OutputShape;
}

export interface BatchOperationSpec<Part> extends OperationBase {
	batch: BatchExecution<Part>;
}

export type OperationSpec = ItemOperationSpec | BatchOperationSpec<unknown>;

export type Operation = OperationSpec & {
	/** The operation's own fields, shown only when it is chosen. */
	description: INodeProperties[];
};

/** The node version from which Sort is its own collection below Options (2 keeps it under Options). */
export const SORT_COLLECTION_SINCE = 2.1;

/** An operation with an output shape: its output properties in the form, its records shaped as the item asks. */
function withOutputShape(spec: ItemOperationSpec, shape: OutputShape): ItemOperationSpec {
	return {
		...spec,
		properties: insertOutputProperties(spec.properties, outputProperties(shape, spec.value)),
		async execute(itemIndex) {
			const shapeRecords = outputShaper(this, itemIndex, shape);
			const records = await spec.execute.call(this, itemIndex);
			return records instanceof FileItem ? records : shapeRecords(records);
		},
	};
}

export function defineOperation<Part>(spec: ItemOperationSpec | BatchOperationSpec<Part>): Operation {
	const shaped = 'execute' in spec && spec.output ? withOutputShape(spec, spec.output) : (spec as OperationSpec);
	// Resource and operation come first in each display rule: n8n shows a field at once when a rule it checks names a
	// field holding an expression, so a field shown by an expression (e.g. Identify By) must not outrank them.
	const shownFor = { show: { resource: [spec.resource], operation: [spec.value] } };
	return {
		...shaped,
		description: updateDisplayOptions(shownFor, sortBelowOptions(shaped.properties, SORT_COLLECTION_SINCE)).map((property) => ({
			...property,
			displayOptions: { ...property.displayOptions, show: { ...shownFor.show, ...property.displayOptions?.show } },
		})),
	};
}

export interface Resource {
	value: string;
	name: string;
	operations: Record<string, Operation>;
	/** The Operation dropdown followed by the fields of every operation. */
	description: INodeProperties[];
}

export function defineResource(resource: { value: string; name: string; defaultOperation: string; operations: Operation[] }): Resource {
	const selector = operationSelector(
		resource.value,
		resource.operations.map((operation) => ({
			name: operation.name,
			value: operation.value,
			action: operation.action,
			description: operation.summary,
		})),
		resource.defaultOperation,
	);
	return {
		value: resource.value,
		name: resource.name,
		operations: Object.fromEntries(resource.operations.map((operation) => [operation.value, operation])),
		description: [selector, ...resource.operations.flatMap((operation) => operation.description)],
	};
}
