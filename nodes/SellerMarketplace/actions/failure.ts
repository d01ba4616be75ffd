/**
 * How the router turns a failed item into the error a seller reads, once: a failure of the request path
 * (OperationFailure) gets the headline of the operation that failed, composed from what was attempted (the
 * operation's words with the record's ID), the reason and whether a write may have been applied:
 * "Could not mark order unit 1000064 as sent: it is already 'sent'". Other errors (bad input, a refused
 * credential) keep their own message.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { OperationFailure, type Attempted } from '../../api/core/errors';
import { redactSecrets } from '../../api/core/redaction';

/** What an operation attempts: one phrase, or several, most specific first (see OperationBase.attempt in ./define). */
export type AttemptWords = string | readonly string[];

/** What an operation declares about itself that its failures name. */
export interface OperationIdentity {
	/** The resource's value, e.g. `orderUnit`. */
	resource: string;
	/** The operation's value, e.g. `send`. */
	operation: string;
	/** The operation's words, with its fields in braces (see OperationBase.attempt in ./define). */
	attempt: AttemptWords;
	/** The operation's fields: `{id}` is the first one that names a record. */
	fields: INodeProperties[];
}

/** Reads a parameter of the item; undefined when the operation does not show it for this item. */
export type ParameterReader = (name: string) => unknown;

/** The item's parameters as a headline reads them: a locator's value, nothing for a field the item does not show. */
export function parameterReader(context: IExecuteFunctions, itemIndex: number): ParameterReader {
	return (name) => {
		try {
			return context.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
		} catch {
			return undefined;
		}
	};
}

/** The phrases for what an operation attempts, most specific first. */
function attemptPhrases(identity: OperationIdentity): readonly string[] {
	return typeof identity.attempt === 'string' ? [identity.attempt] : identity.attempt;
}

/** A field that names a record: a resource locator, or an `…Id` or `ean` field. */
function namesRecord(field: INodeProperties): boolean {
	return field.type === 'resourceLocator' || /Id$/.test(field.name) || field.name === 'ean';
}

/** An ID that reads well in a sentence and can hide nothing: a short run of letters, digits and . _ - : */
function shownId(value: unknown): string | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	return /^[\w.:-]{1,64}$/.test(text) ? text : undefined;
}

const FIELD = /\{(\w+)\}/g;

/**
 * What the operation attempted for one item: the first phrase whose fields all have a value the item shows,
 * filled in ("mark order unit 1000064 as sent"), and the ID it names; else the last phrase without its fields.
 */
export function describeAttempt(
	identity: OperationIdentity,
	readParameter: ParameterReader,
): { words: string; id?: string } {
	const valueOf = (name: string): string | undefined => {
		if (name !== 'id') return shownId(readParameter(name));
		for (const field of identity.fields.filter(namesRecord)) {
			const id = shownId(readParameter(field.name));
			if (id !== undefined) return id;
		}
		return undefined;
	};
	const phrases = attemptPhrases(identity);
	for (const phrase of phrases) {
		const values = [...phrase.matchAll(FIELD)].map(([, name]) => valueOf(name));
		if (values.every((value) => value !== undefined)) {
			let index = 0;
			return { words: phrase.replace(FIELD, () => values[index++] as string), id: values[0] };
		}
	}
	return { words: phrases[phrases.length - 1].replace(/\s*\{\w+\}/g, '') };
}

const MAX_REASON = 200;

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Words that follow a record's name when the marketplace says something about it: "Order unit 12 is …". */
const STATEMENT = '(?:is|was|has|had|cannot|can|could|does|did|must|belongs|already|will|would|may|should)';

/**
 * The reason without repeating the record the headline already names: "Order unit 12 is already 'sent'" → "it is
 * already 'sent'" after "mark order unit 12 as sent". Only a plain statement about the record is shortened, never
 * one that denies it ("No order unit 12 …").
 */
function withoutRepeatedSubject(reason: string, attempted: Attempted): string {
	if (attempted.id === undefined) return reason;
	const at = attempted.words.indexOf(` ${attempted.id}`);
	if (at < 0) return reason;
	const noun = attempted.words.slice(0, at).split(' ').pop() ?? '';
	const subject = new RegExp(
		`^((?:[A-Za-z]+\\s+){0,3})${escapeRegExp(noun)}\\s+["']?${escapeRegExp(attempted.id)}["']?(?=\\s+${STATEMENT}\\b)`,
		'i',
	);
	const match = subject.exec(reason);
	if (!match || /\b(?:no|not|none|never|neither|nor|without)\b/i.test(match[1])) return reason;
	return reason.replace(subject, 'it');
}

/**
 * The headline of a failure, composed from its parts: "Could not <what was attempted>: <reason>", or, for a write
 * whose outcome is unknown, "The request to <what was attempted> may or may not have been applied: <reason>".
 */
export function headline(failure: { attempted: Attempted; reason: string; mayHaveBeenApplied: boolean }): string {
	// A headline is one line; a long answer (an HTML page) stays whole in the description.
	const oneLine = failure.reason.replace(/\s+/g, ' ').trim();
	const short = oneLine.length > MAX_REASON ? `${oneLine.slice(0, MAX_REASON - 1).trimEnd()}…` : oneLine;
	const reason = withoutRepeatedSubject(short, failure.attempted);
	return failure.mayHaveBeenApplied
		? `The request to ${failure.attempted.words} may or may not have been applied: ${reason}`
		: `Could not ${failure.attempted.words}: ${reason}`;
}

/**
 * The error of a failed item as n8n keeps it. A failure of the request path is told what was attempted and gets
 * its headline (an error shared by the items of a batch keeps the first item's); anything else becomes an
 * operation error of the item.
 */
export function itemFailure(
	context: IExecuteFunctions,
	identity: OperationIdentity,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof OperationFailure && !error.attempted) {
		const { words, id } = describeAttempt(identity, parameterReader(context, itemIndex));
		error.attempted = { resource: identity.resource, operation: identity.operation, words, id };
		error.message = redactSecrets(
			headline({ attempted: error.attempted, reason: error.reason, mayHaveBeenApplied: error.mayHaveBeenApplied }),
		);
	}
	// Both constructors hand back an error that is already of their class, unchanged.
	if (error instanceof NodeApiError) return new NodeApiError(context.getNode(), error as unknown as JsonObject);
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/**
 * The output item of a failed item when the node continues on failure: the description as plain text. With the
 * error output switched on (Settings → On Error → Continue (using error output)) the item also carries the error:
 * n8n moves an item to that output by it, or else only by a json of `error`, `message` and `details` alone, which
 * `errorDetails` is not (the failures with a description stayed on the success output).
 */
export function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
	{ errorOutput = false } = {},
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.errorDetails = error.description;
	return { json, ...(errorOutput ? { error } : {}), pairedItem: { item: itemIndex } };
}

/** A text shown as HTML, as n8n's editor shows an error's description: its characters kept, its line breaks too. */
export function descriptionAsHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>');
}

/**
 * The error a run stops with, as n8n's editor shows it: the editor reads a description as HTML, where line breaks
 * would run together and text from the API could read as markup. Called once, where the router throws.
 */
export function forEditor<T extends NodeApiError | NodeOperationError>(error: T): T {
	if (typeof error.description === 'string') error.description = descriptionAsHtml(error.description);
	return error;
}
