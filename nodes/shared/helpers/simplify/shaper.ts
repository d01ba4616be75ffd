/** What an item outputs at run time, by its output choice: the Simplified fields, the raw record, or the Selected Fields. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../validation';
import type { OutputField, OutputShape } from './shape';

type OutputChoice = 'simplified' | 'raw' | 'selected';

/** The output choice of an item: Output in a tool, Simplify in a workflow; raw where neither exists (node versions before them). */
function outputChoice(context: IExecuteFunctions, itemIndex: number): OutputChoice {
	const output = context.getNodeParameter('output', itemIndex, null) as OutputChoice | null;
	if (output !== null) return output;
	return context.getNodeParameter('simple', itemIndex, false) === true ? 'simplified' : 'raw';
}

/** The fields picked under Selected Fields, refused before anything is sent when one is empty or unknown. */
function selectedFields(context: IExecuteFunctions, itemIndex: number, shape: OutputShape): OutputField[] {
	const picked = context.getNodeParameter('outputFields', itemIndex, []) as unknown;
	const names = Array.isArray(picked) ? picked : [picked];
	const known = shape.fields.map((field) => field.name);
	if (!names.length || names.some((name) => typeof name !== 'string' || !name.trim())) {
		throw inputError(
			context,
			itemIndex,
			`"Fields" needs the name of at least one field of the ${shape.record}`,
			`Fields of the ${shape.record}: ${known.join(', ')}`,
		);
	}
	const unknown = names.filter((name) => !known.includes(name));
	if (unknown.length) {
		throw inputError(
			context,
			itemIndex,
			`"Fields" names no field of the ${shape.record}: ${unknown.join(', ')}`,
			`Fields of the ${shape.record}: ${known.join(', ')}`,
		);
	}
	return shape.fields.filter((field) => names.includes(field.name));
}

/** A record reduced to the given fields, in their order; a field the record does not carry is left out. */
function pick(record: IDataObject, fields: OutputField[]): IDataObject {
	const output: IDataObject = {};
	for (const field of fields) {
		const value = field.read(record);
		if (value !== undefined) output[field.name] = value as IDataObject[string];
	}
	return output;
}

/** A record as Simplify outputs it: its Simplified fields, flat (for nodes that output records without items, a trigger). */
export function simplifiedRecord(record: IDataObject, shape: OutputShape): IDataObject {
	return pick(
		record,
		shape.fields.filter((field) => field.simplified),
	);
}

/**
 * Reads the item's output choice (and checks Selected Fields) before the operation sends anything, and returns
 * what turns the operation's records into the output.
 */
export function outputShaper(
	context: IExecuteFunctions,
	itemIndex: number,
	shape: OutputShape,
): <T extends IDataObject | IDataObject[]>(records: T) => T {
	const choice = outputChoice(context, itemIndex);
	if (choice === 'raw') return (records) => records;
	const fields =
		choice === 'selected'
			? selectedFields(context, itemIndex, shape)
			: shape.fields.filter((field) => field.simplified);
	return <T extends IDataObject | IDataObject[]>(records: T) =>
		(Array.isArray(records) ? records.map((record) => pick(record, fields)) : pick(records, fields)) as T;
}

// Readers the shapes of both API versions are built from.
