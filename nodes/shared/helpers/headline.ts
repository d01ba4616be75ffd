/**
 * The headline of a failed operation in the seller's words, built from what the operation declares about itself
 * (its action, its resource and the field that names the record) and from the words the request path attached
 * to the error: "Could not mark order unit 1000064 as sent: it is already 'sent'". Both node versions' routers
 * use it, so every operation gets such a headline without words of its own.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { OperationFailure, redactSecrets } from '../../api/core/errors';

export interface FailureWords {
	reason: string;
	uncertain?: boolean;
}

export interface OperationWording {
	/** n8n's action of the operation, e.g. "Mark an order unit as sent". */
	action: string;
	/** The resource's name in the form, e.g. "Order Unit" or "Unit (Offer)". */
	resourceName: string;
	/** The operation's own fields; the one that names the record acted on gives the id. */
	fields: INodeProperties[];
	/** Replaces the words taken from `action` where they read poorly, with `{id}` where the id goes: "update unit {id}". */
	attempt?: string;
}

/** What was attempted, e.g. "mark order unit 1000064 as sent", and the id it names. */
export interface Attempt {
	text: string;
	id?: string;
}

/** Reads a parameter of the item; undefined when the operation does not show it for this item. */
export type ParameterReader = (name: string) => unknown;

/** The item's parameters as the headline reads them: a locator's value, nothing for a field the item does not show. */
export function parameterReader(context: IExecuteFunctions, itemIndex: number): ParameterReader {
	return (name) => {
		try {
			return context.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
		} catch {
			return undefined;
		}
	};
}

/** "Order Unit" → "order unit", "GPSR Contact" → "GPSR contact", "Unit (Offer)" → "unit", "Unit ID" → "unit". */
export function nounOf(label: string): string {
	return label
		.replace(/\s*\([^)]*\)/g, '')
		.replace(/\s+(Name or ID|ID)$/, '')
		.split(/\s+/)
		.map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
		.join(' ')
		.trim();
}

/** A field that names a record: a resource locator, or an `…Id` or `ean` field. */
function namesRecord(field: INodeProperties): boolean {
	return field.type === 'resourceLocator' || /Id$/.test(field.name) || field.name === 'ean';
}

/** An id that reads well in a sentence and can hide nothing: a short run of letters, digits and . _ - : */
function shownId(value: unknown): string | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	return /^[\w.:-]{1,64}$/.test(text) ? text : undefined;
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The action as the middle of a sentence: "Mark an order unit as sent" → "mark an order unit as sent". */
function actionClause(action: string): string {
	const text = action.replace(/\s*\([^)]*\)\s*$/, '').trim();
	return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/**
 * What the operation attempted for one item. The record's id goes where the action names the resource ("mark an
 * order unit as sent" → "mark order unit 1000064 as sent"); an id of something else is added ("get product data
 * for EAN 4006381333931"). Fields the item does not show are skipped.
 */
export function describeAttempt(wording: OperationWording, readParameter: ParameterReader): Attempt {
	const resource = nounOf(wording.resourceName);
	const resourceLastWord = resource.split(' ').pop() ?? resource;
	// "Product (Item)": the word in brackets names the resource too.
	const alsoNamed = [...wording.resourceName.matchAll(/\(([^)]*)\)/g)].map((match) => nounOf(match[1]));
	const isOwn = (noun: string) => noun === resource || noun === resourceLastWord || alsoNamed.includes(noun);
	const candidates = wording.fields.filter(namesRecord).map((field) => ({ noun: nounOf(field.displayName), name: field.name }));
	const ownFirst = [...candidates.filter(({ noun }) => isOwn(noun)), ...candidates.filter(({ noun }) => !isOwn(noun))];
	let chosen: { noun: string; id: string } | undefined;
	for (const candidate of ownFirst) {
		const id = shownId(readParameter(candidate.name));
		if (id !== undefined) {
			chosen = { noun: candidate.noun, id };
			break;
		}
	}
	if (wording.attempt) {
		const text = chosen ? wording.attempt.replace('{id}', chosen.id) : wording.attempt.replace(/\s*\{id\}/, '');
		return { text, id: chosen?.id };
	}
	const action = actionClause(wording.action);
	if (!chosen) return { text: action };
	const { noun, id } = chosen;
	if (isOwn(noun)) {
		const named = alsoNamed.includes(noun) ? noun : resource;
		const namedLastWord = named.split(' ').pop() ?? named;
		// "an order unit", "the ticket"; else "a returned unit" for the last word of "return unit".
		const exact = new RegExp(`\\b(?:an?|the)\\s+(${escapeRegExp(named)})\\b`, 'i');
		if (exact.test(action)) return { text: action.replace(exact, `$1 ${id}`), id };
		const loose = new RegExp(`\\b(?:an?|the)\\s+((?:[\\w-]+\\s+)?${escapeRegExp(namedLastWord)})\\b`, 'i');
		if (loose.test(action)) return { text: action.replace(loose, `$1 ${id}`), id };
	}
	return { text: `${action} for ${noun} ${id}`, id };
}

const MAX_REASON = 200;

/** Words that follow a record's name when the marketplace says something about it: "Order unit 12 is …". */
const STATEMENT = '(?:is|was|has|had|cannot|can|could|does|did|must|belongs|already|will|would|may|should)';

/**
 * The reason without repeating the record the headline already names: "Order unit 12 is already 'sent'" → "it is
 * already 'sent'" after "mark order unit 12 as sent". Only a plain statement about the record is shortened, never
 * one that denies it ("No order unit 12 …").
 */
function withoutRepeatedSubject(reason: string, attempt: Attempt): string {
	if (attempt.id === undefined) return reason;
	const at = attempt.text.indexOf(` ${attempt.id}`);
	if (at < 0) return reason;
	const noun = attempt.text.slice(0, at).split(' ').pop() ?? '';
	const subject = new RegExp(`^((?:[A-Za-z]+\\s+){0,3})${escapeRegExp(noun)}\\s+["']?${escapeRegExp(attempt.id)}["']?(?=\\s+${STATEMENT}\\b)`, 'i');
	const match = subject.exec(reason);
	if (!match || /\b(?:no|not|none|never|neither|nor|without)\b/i.test(match[1])) return reason;
	return reason.replace(subject, 'it');
}

/** "Could not mark order unit 1000064 as sent: it is already 'sent'", or, for a write whose outcome is unknown, that it may have been applied. */
export function headline(attempt: Attempt, words: FailureWords): string {
	// A headline is one line; a long answer (an HTML page) stays whole in the description.
	const oneLine = words.reason.replace(/\s+/g, ' ').trim();
	const short = oneLine.length > MAX_REASON ? `${oneLine.slice(0, MAX_REASON - 1).trimEnd()}…` : oneLine;
	const reason = withoutRepeatedSubject(short, attempt);
	return words.uncertain
		? `The request to ${attempt.text} may or may not have been applied: ${reason}`
		: `Could not ${attempt.text}: ${reason}`;
}

const headlined = new WeakSet<Error>();

/**
 * Gives an error of the request path the headline of the operation that failed (once: an error shared by the
 * items of a batch keeps its first). Other errors (bad input, a refused credential) keep their own message.
 */
export function applyHeadline(error: unknown, wording: OperationWording, readParameter: ParameterReader): void {
	if (!(error instanceof OperationFailure) || headlined.has(error)) return;
	headlined.add(error);
	error.message = redactSecrets(headline(describeAttempt(wording, readParameter), { reason: error.reason, uncertain: error.mayHaveBeenApplied }));
}

/** A text shown as HTML, as n8n's editor shows an error's description: its characters kept, its line breaks too. */
export function descriptionAsHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/\r?\n/g, '<br>');
}

const shownAsHtml = new WeakSet<Error>();

/**
 * n8n's editor shows an error's description as HTML, where line breaks would run together and text from the
 * API could read as markup: the description of an error the node throws is turned into HTML once, at the end.
 * Output items of "Continue on Fail" keep the plain text.
 */
export function describeForEditor<T extends Error>(error: T): T {
	const target = error as T & { description?: unknown };
	if (typeof target.description === 'string' && !shownAsHtml.has(error)) {
		shownAsHtml.add(error);
		target.description = descriptionAsHtml(target.description);
	}
	return error;
}
