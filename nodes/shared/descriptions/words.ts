/**
 * How every dropdown of every node reads: labels in Title Case, sorted by name, the same word for the same thing.
 * API values become labels here (`need_to_be_sent` → "Need to Be Sent"), and each node version's description is
 * passed through `tidyProperties` once, so an operation added later is sorted without doing anything.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

/** Words Title Case leaves in lower case unless they begin or end the label. */
const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'at',
	'but',
	'by',
	'for',
	'from',
	'in',
	'nor',
	'of',
	'on',
	'or',
	'per',
	'the',
	'to',
	'via',
	'vs',
	'with',
]);

/** Abbreviations written in capitals wherever a label is built from an API value. */
const CAPITALS = new Set(['api', 'eu', 'ean', 'gpsr', 'id', 'iso', 'kss', 'url', 'vat']);

/** "need to be sent" → "Need to Be Sent": each word capitalised but the small ones inside the label. */
export function titleCase(text: string): string {
	const words = text.trim().split(/\s+/);
	return words
		.map((word, index) => {
			const lower = word.toLowerCase();
			if (CAPITALS.has(lower)) return lower.toUpperCase();
			if (SMALL_WORDS.has(lower) && index > 0 && index < words.length - 1) return lower;
			return word.charAt(0).toUpperCase() + word.slice(1);
		})
		.join(' ');
}

/** The label of an API value: `need_to_be_sent`, `BuyerCancelled`, `USED___AS_NEW` or `used - as new` → "Used – As New". */
export function labelOf(value: string): string {
	return value
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/___| - /)
		.map((part) => titleCase(part.replace(/[_-]/g, ' ')))
		.join(' – ');
}

/** A label and a one-line description of an API value; a plain string is the label alone. */
export type Term = string | { name?: string; description: string };

/** Dropdown entries for API values: the label (from `terms`, or built from the value) and its description, sorted by name. */
export function optionsOf(
	values: readonly string[],
	terms: Readonly<Record<string, Term>> = {},
): INodePropertyOptions[] {
	return sortOptions(
		values.map((value) => {
			const term = terms[value];
			if (term === undefined) return { name: labelOf(value), value };
			if (typeof term === 'string') return { name: term, value };
			return { name: term.name ?? labelOf(value), value, description: term.description };
		}),
	);
}

/**
 * Values of the choices that stand for "no particular one" (all storefronts, the credentials' storefront, the
 * storefront's language); they come first in their list, before the sorted rest.
 */
export const LEADING_VALUES: ReadonlySet<unknown> = new Set(['all', 'credentials', '']);

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/** Sorted by name, the "no particular one" choices first. */
export function sortOptions<T extends { name: string; value?: unknown }>(options: readonly T[]): T[] {
	const leading = options.filter((option) => LEADING_VALUES.has(option.value));
	const rest = options.filter((option) => !LEADING_VALUES.has(option.value));
	return [...leading.sort(byName), ...rest.sort(byName)];
}

function isOption(
	entry: INodePropertyOptions | INodeProperties | INodePropertyCollection,
): entry is INodePropertyOptions {
	return 'value' in entry && !('type' in entry);
}

/** The properties with every fixed dropdown sorted (`sortOptions`), inside collections and fixed collections too. */
export function tidyProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => {
		const options = property.options;
		if (!options?.length) return property;
		if (property.type === 'options' || property.type === 'multiOptions') {
			return options.every(isOption)
				? { ...property, options: sortOptions(options as INodePropertyOptions[]) }
				: property;
		}
		if (property.type === 'collection') return { ...property, options: tidyProperties(options as INodeProperties[]) };
		if (property.type === 'fixedCollection') {
			const groups = options as INodePropertyCollection[];
			return { ...property, options: groups.map((group) => ({ ...group, values: tidyProperties(group.values) })) };
		}
		return property;
	});
}

/** An expression that looks `key` up in `labels`; the map is written into the expression, so the canvas needs nothing else. */
function lookUp(labels: Record<string, string>, key: string): string {
	return `(${JSON.stringify(labels)})[${key}]`;
}

/**
 * The canvas subtitle of an action node: the chosen operation's action in words ("Get many order units"),
 * read from the Operation dropdowns of `properties`, so every operation has one as soon as it is listed.
 */
export function operationSubtitle(properties: INodeProperties[]): string {
	const actions: Record<string, string> = {};
	for (const property of properties) {
		const resources = property.displayOptions?.show?.resource;
		if (property.name !== 'operation' || !Array.isArray(resources)) continue;
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			for (const resource of resources)
				actions[`${String(resource)}:${String(option.value)}`] = option.action ?? option.name;
		}
	}
	return `={{ ${lookUp(actions, '$parameter["resource"] + ":" + $parameter["operation"]')} ?? "" }}`;
}

/** The canvas subtitle of a trigger: the label of the chosen event, or of each chosen event of a list. */
export function choiceSubtitle(
	parameter: string,
	options: INodePropertyOptions[],
	{ multiple }: { multiple: boolean },
): string {
	const labels = Object.fromEntries(options.map((option) => [String(option.value), option.name]));
	const value = `$parameter[${JSON.stringify(parameter)}]`;
	if (!multiple) return `={{ ${lookUp(labels, value)} ?? "" }}`;
	return `={{ [].concat(${value} ?? []).map((value) => ${lookUp(labels, 'value')} ?? value).join(", ") }}`;
}
