/** What a kind of record outputs: its flattened fields, which of them Simplify keeps, and when a read has them. */
import type { IDataObject } from 'n8n-workflow';

/** One flattened output field: its name in the output, what it holds, and how to read it from an API record. */
export interface OutputField {
	name: string;
	description: string;
	/** The value, or undefined when the record does not carry it (e.g. a list row without the product). */
	read(record: IDataObject): unknown;
	/** Part of the Simplified output; the others can only be picked under Selected Fields. */
	simplified?: boolean;
	/**
	 * Where the records of a read do not always carry it: `never` (e.g. a list row has no order units), or only with
	 * a value of Include (`embedded`). A read left out carries it always. The Simplify hint is built from this.
	 */
	in?: Partial<Record<RecordRead, FieldAvailability>>;
}

/** The reads of records that output a shape. */
export type RecordRead = 'get' | 'getMany';
/** A field a read never outputs, or outputs only when Include (`embedded`) has this value. */
export type FieldAvailability = 'never' | { include: string };

/** The output fields of one kind of record, e.g. an order unit of API v2. */
export interface OutputShape {
	/** The record in words, singular: "order unit". */
	record: string;
	fields: OutputField[];
}

/** How many fields Simplified outputs at most, so that a record stays readable at a glance. */
export const MAX_SIMPLIFIED_FIELDS = 11;
/** A shape, checked when the node loads: unique field names, and 1 to 10 of them Simplified. */
export function defineOutputShape(shape: OutputShape): OutputShape {
	const names = shape.fields.map((field) => field.name);
	const simplified = shape.fields.filter((field) => field.simplified).length;
	if (new Set(names).size !== names.length || simplified === 0 || simplified > MAX_SIMPLIFIED_FIELDS) {
		throw new Error(
			`The output fields of ${shape.record} need unique names and 1 to ${MAX_SIMPLIFIED_FIELDS} simplified fields`,
		);
	}
	return shape;
}
