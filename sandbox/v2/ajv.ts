/**
 * Ajv 8, the maintained JSON-schema validator, checking v2 requests and responses against the OpenAPI.
 * (Full OpenAPI frameworks such as openapi-backend pull in an ES-module reference parser that jest's CommonJS
 * loader refuses; the sandbox matches operations itself and hands Ajv the OpenAPI's own schemas, see contract.ts.)
 */
import AjvModule from 'ajv';

export interface AjvError {
	instancePath: string;
	keyword: string;
	params: Record<string, unknown>;
	message?: string;
}

export interface SchemaCheck {
	(data: unknown): boolean;
	errors?: AjvError[] | null;
}

interface Format {
	type: 'number' | 'string';
	validate: (value: never) => boolean;
}

interface Ajv {
	addSchema(schema: object, key: string): Ajv;
	addFormat(name: string, format: Format): Ajv;
	compile(schema: object): SchemaCheck;
}

type AjvClass = new (options: Record<string, unknown>) => Ajv;

function loadAjvClass(): AjvClass {
	const loaded = AjvModule as unknown as { default?: AjvClass } & AjvClass;
	return loaded.default ?? loaded;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function realDate(year: string, month: string, day: string): boolean {
	const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
	return d.getUTCFullYear() === Number(year) && d.getUTCMonth() === Number(month) - 1 && d.getUTCDate() === Number(day);
}

/** RFC 3339 date-time with `Z` or an offset, a real calendar date and clock time. */
export function isDateTime(text: string): boolean {
	const m = DATE_TIME.exec(text);
	if (!m || !realDate(m[1], m[2], m[3])) return false;
	const inRange = Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 59;
	return inRange && (m[8] === 'Z' || (Number(m[9]) <= 23 && Number(m[10]) <= 59));
}

function isDate(text: string): boolean {
	const m = DATE.exec(text);
	return !!m && realDate(m[1], m[2], m[3]);
}

const bits = (n: number) => (value: number) =>
	Number.isInteger(value) && value >= -(2 ** (n - 1)) && value < 2 ** (n - 1);

/** The formats the OpenAPI document uses; an unknown format would stop compilation. */
const FORMATS: Record<string, Format> = {
	int32: { type: 'number', validate: bits(32) },
	int64: { type: 'number', validate: bits(64) },
	float: { type: 'number', validate: () => true },
	double: { type: 'number', validate: () => true },
	'date-time': { type: 'string', validate: isDateTime },
	date: { type: 'string', validate: isDate },
};

let AjvConstructor: AjvClass | undefined;

/**
 * An Ajv instance holding the whole OpenAPI document under `documentId`, so compiled schemas can point into it.
 * `coerceTypes` is for parameters, which arrive as text.
 */
export function createAjv(document: object, documentId: string, coerceTypes: boolean): Ajv {
	AjvConstructor ??= loadAjvClass();
	const ajv = new AjvConstructor({ allErrors: true, strict: false, validateSchema: false, coerceTypes });
	for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
	return ajv.addSchema(document, documentId);
}
