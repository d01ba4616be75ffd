/**
 * How an operation, a resource and the actions of a node version are declared, the same way for every node
 * version. An operation file calls defineOperation once; its resource's index lists it in defineResource, which
 * sets the resource on each of its operations; the version's actions list the resources in defineActions with
 * what differs between node versions (when Sort and Simplify appeared). The router and the form are built from
 * these, so a new operation is one new file and one line in its resource.
 */
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { operationSelector, requestOptionsField } from '../../shared/descriptions/fields';
import { sortBelowOptions } from '../../shared/descriptions/sort';
import { tidyProperties } from '../../shared/descriptions/words';
import {
	insertOutputProperties,
	outputProperties,
	outputShaper,
	propertiesOfVersion,
	type OutputShape,
} from '../../shared/helpers/simplify';
import type { AttemptWords } from './failure';

/** One output item of a batch (a record, or a record with files), or the reason its input item failed. */
export type BatchOutcome =
	| { itemIndex: number; json: IDataObject }
	| { itemIndex: number; file: FileItem }
	| { itemIndex: number; error: Error };

/**
 * An operation that sends several input items in one request (e.g. POST /units/bulk): `prepare` checks one
 * item and builds its part without sending anything; `send` sends the prepared parts and reports per item.
 */
export interface BatchExecution<Part> {
	/**
	 * Parameters the item gives as columns of its own (an operation's "Map Automatically" mode), by parameter name:
	 * read from the item as they are instead of evaluated, and checked as if typed in the form. Undefined when the
	 * form sets them.
	 */
	columns?(this: IExecuteFunctions, itemIndex: number): IDataObject | undefined;
	prepare(this: IExecuteFunctions, itemIndex: number): Promise<Part>;
	send(this: IExecuteFunctions, parts: Array<{ itemIndex: number; part: Part }>): Promise<BatchOutcome[]>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An operation of the marketplace's API as its reference writes it, e.g. `PATCH /order-units/{id_order_unit}/send`. */
export type Endpoint = `${HttpMethod} /${string}`;

/** The API operations an operation declares (its `endpoint`, then its `reads`), as method and path template. */
export function endpointsOf(
	operation: Pick<OperationBase<string>, 'endpoint' | 'reads'>,
	which: 'endpoint' | 'all' = 'endpoint',
): Array<{ method: HttpMethod; path: string }> {
	const declared = [operation.endpoint ?? [], which === 'all' ? (operation.reads ?? []) : []].flat();
	return declared.map((endpoint) => {
		const space = endpoint.indexOf(' ');
		return { method: endpoint.slice(0, space) as HttpMethod, path: endpoint.slice(space + 1) };
	});
}

/** Whether an operation only reads: all its endpoints are GET, or it declares that its POST changes nothing. */
export function isRead(operation: Pick<OperationBase<string>, 'endpoint' | 'changesNothing'>): boolean {
	if (operation.changesNothing) return true;
	const endpoints = endpointsOf(operation);
	return endpoints.length > 0 && endpoints.every(({ method }) => method === 'GET');
}

interface OperationBase<Value extends string> {
	/** The operation's value, e.g. `getMany`. */
	value: Value;
	/** Shown in the Operation dropdown, e.g. "Get Many". */
	name: string;
	/** Shown in the node list, e.g. "Get many order units". */
	action: string;
	/** One line under the operation's name. */
	summary: string;
	/**
	 * What a failure's headline says was attempted, in the operation's own words (not its labels: renaming an
	 * action does not change an error): "Could not <words>: <reason>". A field in braces is filled with the item's
	 * value, `{id}` with the first field that names a record; of several phrases the first whose fields all have a
	 * value is used, so the last names no record: ['close ticket {ticketId}', 'close a ticket'] (see ./failure).
	 */
	attempt: AttemptWords;
	properties: INodeProperties[];
	/**
	 * The API operation(s) this operation performs (not the reads it may add, e.g. to check a lost answer). The
	 * coverage test (test/SellerMarketplace/v2/coverage) checks each of version 2 against the OpenAPI and against what a run sends.
	 */
	endpoint?: Endpoint | Endpoint[];
	/**
	 * Reads a run makes before its write, as part of the operation (not to check a lost answer): e.g. a unit's
	 * current listing price, which the API needs with every change. The coverage test expects them besides `endpoint`.
	 */
	reads?: Endpoint[];
	/**
	 * A POST that changes nothing at the marketplace: it sends its query as a body (Category → Suggest, Unit → Get
	 * Status). Every other operation is a read when all its endpoints are GET, and a write otherwise (AI Tool Safety).
	 */
	changesNothing?: true;
	/**
	 * The statuses of the records its pickers may offer, where the API refuses the others (Send offers only order
	 * units waiting to be sent). Absent: any record.
	 */
	picks?: readonly string[];
}

/** The words of an operation, for a builder that declares several alike (e.g. the decisions on a return unit). */
export type OperationWords<Value extends string> = Pick<
	OperationBase<Value>,
	'value' | 'name' | 'action' | 'attempt' | 'summary'
>;

/** An output item that carries files (a download): its record and its binary properties. */
export class FileItem {
	constructor(
		readonly json: IDataObject,
		readonly binary: IBinaryKeyData,
	) {}
}

/** What an operation outputs for one input item: its records (one item each), or one item with a file. */
export type ItemOutput = IDataObject | IDataObject[] | FileItem;

/** Runs once per input item; returns the records to output for it, or one item with a file. */
export interface ItemOperationSpec<Value extends string = string> extends OperationBase<Value> {
	execute(this: IExecuteFunctions, itemIndex: number): Promise<ItemOutput>;
	/** For reads of records (Get, Get Many): the Simplify toggle, or Output in a tool, with these fields. */
	output?: OutputShape;
}

export interface BatchOperationSpec<Part, Value extends string = string> extends OperationBase<Value> {
	batch: BatchExecution<Part>;
}

export type OperationSpec<Value extends string = string> =
	| ItemOperationSpec<Value>
	| BatchOperationSpec<unknown, Value>;

/** Marks what defineOperation built, so that a test can tell every operation went through it. */
const DECLARED = Symbol('declared by defineOperation');

/** An operation as its file declares it, before its resource lists it. */
export type DeclaredOperation<Value extends string = string> = OperationSpec<Value> & { readonly [DECLARED]: true };

/** An operation as its resource lists it: the resource set, and its fields shown only when it is chosen. */
export type Operation<Value extends string = string> = DeclaredOperation<Value> & {
	/** The resource's value, e.g. `orderUnit`, set by defineResource. */
	resource: string;
	/** The resource's name, e.g. "Order Unit", for the headline of failures. */
	resourceName: string;
	/** The operation's own fields, shown only when its resource and it are chosen. */
	description: INodeProperties[];
};

/** Whether defineOperation built this operation. */
export function isDeclared(operation: object): boolean {
	return (operation as Partial<DeclaredOperation>)[DECLARED] === true;
}

/** An operation with an output shape: its output properties in the form, its records shaped as the item asks. */
function withOutputShape<Value extends string>(
	spec: ItemOperationSpec<Value>,
	shape: OutputShape,
): ItemOperationSpec<Value> {
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

export function defineOperation<const Value extends string, Part = never>(
	spec: ItemOperationSpec<Value> | BatchOperationSpec<Part, Value>,
): DeclaredOperation<Value> {
	const shaped = 'execute' in spec && spec.output ? withOutputShape(spec, spec.output) : (spec as OperationSpec<Value>);
	return { ...shaped, [DECLARED]: true };
}

export interface Resource<Value extends string = string, OperationName extends string = string> {
	value: Value;
	name: string;
	operations: { [Name in OperationName]: Operation<Name> };
	/** The resource's notices, then its Operation dropdown. */
	header: INodeProperties[];
	/** The header, then the fields of every operation. */
	description: INodeProperties[];
}

/**
 * A resource and its operations: the resource is set here, once, on each operation (its display rules, the words
 * of its failures). `notices` are shown above the Operation dropdown whatever operation is chosen.
 */
export function defineResource<
	const Value extends string,
	const Operations extends ReadonlyArray<DeclaredOperation>,
>(resource: {
	value: Value;
	name: string;
	defaultOperation: NoInfer<Operations[number]['value']>;
	operations: Operations;
	notices?: INodeProperties[];
}): Resource<Value, Operations[number]['value']> {
	type OperationName = Operations[number]['value'];
	const operations = resource.operations.map((operation): Operation<OperationName> => {
		// Resource and operation come first in each display rule: n8n shows a field at once when a rule it checks names a
		// field holding an expression, so a field shown by an expression (e.g. Identify By) must not outrank them.
		const shownFor = { show: { resource: [resource.value], operation: [operation.value] } };
		return {
			...operation,
			resource: resource.value,
			resourceName: resource.name,
			description: updateDisplayOptions(shownFor, operation.properties).map((property) => ({
				...property,
				displayOptions: { ...property.displayOptions, show: { ...shownFor.show, ...property.displayOptions?.show } },
			})),
		};
	});
	const selector = operationSelector(
		resource.value,
		operations.map((operation) => ({
			name: operation.name,
			value: operation.value,
			action: operation.action,
			description: operation.summary,
		})),
		resource.defaultOperation,
	);
	const header = [...updateDisplayOptions({ show: { resource: [resource.value] } }, resource.notices ?? []), selector];
	return {
		value: resource.value,
		name: resource.name,
		operations: Object.fromEntries(operations.map((operation) => [operation.value, operation])) as Resource<
			Value,
			OperationName
		>['operations'],
		header,
		description: [...header, ...operations.flatMap((operation) => operation.description)],
	};
}

/** The operation names of each resource of a list of resources: `{ orderUnit: 'send' | 'get' | … }`. */
export type OperationNames<Resources extends readonly Resource[]> = {
	[R in Resources[number] as R['value']]: R extends Resource<string, infer Name> ? Name : never;
};

/** What differs between the node versions that share one API version's actions. */
export interface VersionRules {
	/** The node version from which Sort is its own collection below Options; absent, Sort stays under Options. */
	sortCollectionSince?: number;
	/** The node version from which the reads of records offer Simplify (Output in a tool). */
	outputChoiceSince: number;
	/**
	 * AI Tool Safety (./toolSafety, given here rather than imported: it reads the operations this file defines): the
	 * node version from which a tool has it, and its fields. A tool of an older version runs as released, so that a
	 * saved version keeps its parameters (version 1's are frozen).
	 */
	toolSafety: { since: number; properties(resources: readonly Resource[]): INodeProperties[] };
}

/** The actions of one API version: its resources, the Resource dropdown, and the form of each of its node versions. */
export interface Actions<Resources extends readonly Resource[] = readonly Resource[]> {
	resources: readonly Resource[];
	resourceSelector: INodeProperties;
	/** The operation a pair names, checked when compiled: a pair the resources do not declare does not compile. */
	operation<R extends keyof OperationNames<Resources>>(resource: R, operation: OperationNames<Resources>[R]): Operation;
	/** The operation the form chose, or undefined for a pair the resources do not declare (e.g. from an expression). */
	find(resource: string, operation: string): Operation | undefined;
	/** The form of node version `version`: the Resource dropdown, each resource's fields, Request Options. */
	properties(version: number): INodeProperties[];
	/** Whether node version `version`, used as a tool, has AI Tool Safety. */
	hasToolSafety(version: number): boolean;
}

/** The actions of an API version, with the rules of the node versions that speak it applied to every operation. */
export function defineActions<const Resources extends readonly Resource[]>(
	actions: { resources: Resources; defaultResource: Resources[number]['value'] } & VersionRules,
): Actions<Resources> {
	const { sortCollectionSince, outputChoiceSince, toolSafety } = actions;
	const sorted = (operation: Operation): Operation =>
		sortCollectionSince === undefined
			? operation
			: { ...operation, description: sortBelowOptions(operation.description, sortCollectionSince) };
	const resources = actions.resources.map((resource) => {
		const operations = Object.values<Operation>(resource.operations).map(sorted);
		return {
			...resource,
			operations: Object.fromEntries(operations.map((operation) => [operation.value, operation])),
			description: [...resource.header, ...operations.flatMap((operation) => operation.description)],
		};
	});
	const byResource = new Map(
		resources.map((resource) => [resource.value, resource.operations as Record<string, Operation>]),
	);
	const find = (resource: string, operation: string): Operation | undefined => {
		const operations = byResource.get(resource);
		return operations && Object.prototype.hasOwnProperty.call(operations, operation)
			? operations[operation]
			: undefined;
	};
	const resourceSelector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value }) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name)),
		default: '',
	};
	resourceSelector.default = actions.defaultResource;
	return {
		resources,
		resourceSelector,
		operation: (resource, operation) => find(String(resource), String(operation)) as Operation,
		find,
		properties: (version) =>
			propertiesOfVersion(
				tidyProperties([
					resourceSelector,
					...resources.flatMap((resource) => resource.description),
					...(version >= toolSafety.since ? toolSafety.properties(resources) : []),
					requestOptionsField,
				]),
				version >= outputChoiceSince,
			),
		hasToolSafety: (version) => version >= toolSafety.since,
	};
}
