/** The form's output properties: Simplify in a workflow, Output (Simplified, Raw, Selected Fields) in a tool. */
import type { INodeProperties } from 'n8n-workflow';

import { labelOf, sortOptions } from '../../descriptions/words';
import type { OutputField, OutputShape, RecordRead } from './shape';

/** The names of the properties this module adds; a node version that predates them leaves them out. */
export const OUTPUT_PROPERTY_NAMES = ['simple', 'output', 'outputFields'] as const;

/** A node version's properties: with the output properties from the version that introduced them, without them before. */
export function propertiesOfVersion(properties: INodeProperties[], hasOutputChoice: boolean): INodeProperties[] {
	const outputNames: readonly string[] = OUTPUT_PROPERTY_NAMES;
	return hasOutputChoice ? properties : properties.filter((property) => !outputNames.includes(property.name));
}

/**
 * What Simplify outputs of each record of this read, in words built from the shape: the fields always there, then
 * those that come with a value of Include, e.g. "8 flat fields: id_unit, …; with Include → Products also ean,
 * product_title (10 fields)". An operation that is not a read of records (`operation` another value) gets every field.
 */
export function simplifiedPromise(shape: OutputShape, operation: string): string {
	const availability = (field: OutputField) => field.in?.[operation as RecordRead];
	const simplified = shape.fields.filter((field) => field.simplified && availability(field) !== 'never');
	const always = simplified.filter((field) => availability(field) === undefined).map((field) => field.name);
	const byInclude = new Map<string, string[]>();
	for (const field of simplified) {
		const needs = availability(field);
		if (typeof needs === 'object') byInclude.set(needs.include, [...(byInclude.get(needs.include) ?? []), field.name]);
	}
	const extras = [...byInclude].map(
		([include, names]) =>
			`with Include → ${labelOf(include)} also ${names.join(', ')} (${always.length + names.length} fields)`,
	);
	return [`${always.length} flat fields: ${always.join(', ')}`, ...extras].join('; ');
}

/**
 * Simplify, Output and Fields: Simplify in a workflow, Output (and Fields) where an AI agent uses the node as a tool.
 * `operation` (get or getMany) says which of the shape's fields the read's records carry, for the hint.
 */
export function outputProperties(shape: OutputShape, operation: string): INodeProperties[] {
	const promise = simplifiedPromise(shape, operation);
	return [
		{
			displayName: 'Simplify',
			name: 'simple',
			type: 'boolean',
			default: true,
			displayOptions: { hide: { '@tool': [true] } },
			description: 'Whether to return a simplified version of the response instead of the raw data',
			hint: `Each ${shape.record} as ${promise}`,
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			default: 'simplified',
			displayOptions: { show: { '@tool': [true] } },
			description: `What the agent gets of each ${shape.record}`,
			options: [
				{
					name: 'Raw',
					value: 'raw',
					description: `The whole ${shape.record} as the marketplace returns it, nested objects included`,
				},
				{ name: 'Selected Fields', value: 'selected', description: 'Only the fields picked below' },
				{ name: 'Simplified', value: 'simplified', description: `The most useful fields, as ${promise}` },
			],
		},
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'multiOptions',
			required: true,
			default: [],
			displayOptions: { show: { '@tool': [true], output: ['selected'] } },
			description: `The fields of each ${shape.record} to give the agent`,
			options: sortOptions(
				shape.fields.map(({ name, description }) => ({
					name: labelOf(name),
					value: name,
					description: `${description} (${name})`,
				})),
			),
		},
	];
}

/**
 * An operation's properties with its output properties added before its first collection (Filters, Options), where
 * n8n's own nodes place Simplify.
 */
export function insertOutputProperties(properties: INodeProperties[], output: INodeProperties[]): INodeProperties[] {
	const firstCollection = properties.findIndex(
		(property) => property.type === 'collection' || property.type === 'fixedCollection',
	);
	const at = firstCollection === -1 ? properties.length : firstCollection;
	return [...properties.slice(0, at), ...output, ...properties.slice(at)];
}
