/**
 * Walks every resource and operation of every version of the Seller Marketplace node, in a workflow and as an AI
 * tool, and checks where the output choice appears: Simplify (on) on Get and Get Many of orders, order units,
 * returns, tickets and units from versions 1.1 and 2.1, Output (Simplified) instead where an agent uses the node,
 * and nowhere else. An operation added later that breaks this, or a version that changes it, fails here.
 */
import type {
	IDataObject,
	INode,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SellerMarketplace } from '../../../nodes/SellerMarketplace/SellerMarketplace.node';
import { MAX_SIMPLIFIED_FIELDS } from '../../../nodes/shared/helpers/simplify';

const RECORD_RESOURCES = ['order', 'orderUnit', 'return', 'ticket', 'unit'];
const RECORD_READS = ['get', 'getMany'];
const node = new SellerMarketplace();
const description = (version: number) => (node.nodeVersions[version] as INodeType).description;

/** Every resource and operation the form offers, read from the form itself (so new operations are included). */
function operationsOf(properties: INodeProperties[]): Array<{ resource: string; operation: string }> {
	const resources = (properties.find((property) => property.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	return resources.flatMap(({ value: resource }) =>
		properties
			.filter(
				(property) =>
					property.name === 'operation' &&
					(property.displayOptions?.show?.resource as string[] | undefined)?.includes(String(resource)),
			)
			.flatMap((property) =>
				(property.options as INodePropertyOptions[]).map(({ value }) => ({
					resource: String(resource),
					operation: String(value),
				})),
			),
	);
}

/** The parameters n8n shows (with their defaults) for these values, in a workflow or, with `asTool`, as an agent's tool. */
function shown(typeDescription: INodeTypeDescription, values: IDataObject, asTool = false): IDataObject {
	const seenAs = asTool ? { ...typeDescription, name: `${typeDescription.name}Tool` } : typeDescription;
	const nodeOf = { typeVersion: typeDescription.version, parameters: values } as unknown as INode;
	return NodeHelpers.getNodeParameters(
		typeDescription.properties,
		values as INode['parameters'],
		true,
		false,
		nodeOf,
		seenAs,
	) as IDataObject;
}

describe.each([1.1, 2.1])('node version %s', (version) => {
	const typeDescription = description(version);
	const operations = operationsOf(typeDescription.properties);

	it('lists the reads of records among its operations', () => {
		for (const resource of RECORD_RESOURCES) {
			for (const operation of RECORD_READS) expect(operations).toContainEqual({ resource, operation });
		}
		expect(operations.length).toBeGreaterThan(30);
	});

	it('in a workflow: Simplify, on by default, exactly on Get and Get Many of the five record resources', () => {
		for (const { resource, operation } of operations) {
			const parameters = shown(typeDescription, { resource, operation });
			const reads = RECORD_RESOURCES.includes(resource) && RECORD_READS.includes(operation);
			expect({ resource, operation, simple: parameters.simple }).toEqual({
				resource,
				operation,
				simple: reads ? true : undefined,
			});
			expect({ resource, operation, output: parameters.output }).toEqual({ resource, operation, output: undefined });
		}
	});

	it('as an AI tool: Output (Simplified by default) instead of Simplify, and Fields only for Selected Fields', () => {
		for (const { resource, operation } of operations) {
			const parameters = shown(typeDescription, { resource, operation }, true);
			const reads = RECORD_RESOURCES.includes(resource) && RECORD_READS.includes(operation);
			expect({
				resource,
				operation,
				output: parameters.output,
				simple: parameters.simple,
				fields: parameters.outputFields,
			}).toEqual({
				resource,
				operation,
				output: reads ? 'simplified' : undefined,
				simple: undefined,
				fields: undefined,
			});
			if (reads)
				expect(shown(typeDescription, { resource, operation, output: 'selected' }, true).outputFields).toEqual([]);
		}
	});

	it('Simplify comes before the Filters and Options collections, and Simplified lists at most 10 fields', () => {
		for (const resource of RECORD_RESOURCES) {
			for (const operation of RECORD_READS) {
				const displayed = typeDescription.properties.filter((property) =>
					NodeHelpers.displayParameter(
						{ resource, operation },
						property,
						{ typeVersion: version } as unknown as INode,
						typeDescription,
					),
				);
				const names = displayed.map((property) => property.name);
				const firstCollection = displayed.findIndex((property) => property.type === 'collection');
				if (firstCollection !== -1) expect(names.indexOf('simple')).toBeLessThan(firstCollection);
				const output = typeDescription.properties.find(
					(property) =>
						property.name === 'output' &&
						(property.displayOptions?.show?.resource as string[]).includes(resource) &&
						(property.displayOptions?.show?.operation as string[]).includes(operation),
				) as INodeProperties;
				const simplified = (output.options as INodePropertyOptions[]).find(
					(option) => option.value === 'simplified',
				) as INodePropertyOptions;
				const count = Number(/^The most useful fields, as (\d+) flat fields/.exec(simplified.description ?? '')?.[1]);
				expect(count).toBeGreaterThanOrEqual(4);
				expect(count).toBeLessThanOrEqual(MAX_SIMPLIFIED_FIELDS);
			}
		}
	});
});

describe.each([1, 2])('node version %s (saved workflows)', (version) => {
	it('has no output choice, so its reads output the whole records as before', () => {
		const names = description(version).properties.map((property) => property.name);
		expect(names.filter((name) => ['simple', 'output', 'outputFields'].includes(name))).toEqual([]);
	});
});

it('a new node gets version 2.1', () => {
	expect(node.description.defaultVersion).toBe(2.1);
	expect(Object.keys(node.nodeVersions).map(Number).sort()).toEqual([1, 1.1, 2, 2.1]);
});
