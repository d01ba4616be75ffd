/** The return to read or change, and the order units a return takes, shared by the return operations. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	bounded,
	inputError,
	requireIntegerIds,
	requireString,
	TEXT_CAPS,
} from '../../../../shared/helpers/validation';
import { idLocator, textField } from '../../descriptions/fields';
import { RETURN_REASONS, toOptions } from '../../../../api/v2/enums';

export const returnIdField = idLocator({
	displayName: 'Return',
	name: 'returnId',
	searchListMethod: 'searchReturns',
	placeholder: 'e.g. 675849321',
	description: 'A return of one or more order units, picked from your latest returns or given by its numeric ID',
});

/** The order units a return takes, with one reason and note for all of them. */
export const returnLineFields: INodeProperties[] = [
	bounded(
		textField(
			'Order Unit IDs',
			'orderUnitIds',
			'The order units coming back, separated by commas: all of one order, sent or received',
			{
				required: true,
				placeholder: 'e.g. 391581935120, 391581935121',
			},
		),
		{ fills: ['id_order_unit'], maxLength: TEXT_CAPS.trackingNumbers },
	),
	{
		displayName: 'Reason',
		name: 'reason',
		type: 'options',
		options: toOptions(RETURN_REASONS),
		default: 'no_reason',
		required: true,
		description: 'Why the buyer sends the units back',
	},
	bounded(
		textField('Note', 'note', 'Why, in a few words: 5 to 100 characters', {
			required: true,
			placeholder: 'e.g. Buyer called: the jacket is too small',
		}),
		{ fills: ['note'], minLength: 5, maxLength: 100 },
	),
];

/** API field names of a return line → the form's labels, for the marketplace's refusals. */
export const RETURN_LINE_LABELS: Record<string, string> = {
	id_order_unit: 'Order Unit IDs',
	reason: 'Reason',
	note: 'Note',
};

/** The body of POST /returns and PUT /returns/{id_return}: one line per order unit, all with the form's reason and note. */
export function returnLines(
	context: IExecuteFunctions,
	itemIndex: number,
): Array<IDataObject & { id_order_unit: number }> {
	const ids = requireIntegerIds(context, 'orderUnitIds', itemIndex, 'Order Unit IDs');
	const reason = requireString(context, 'reason', itemIndex, 'Reason');
	const note = requireString(context, 'note', itemIndex, 'Note');
	if (note.length < 5 || note.length > 100) {
		throw inputError(context, itemIndex, `"Note" must be 5 to 100 characters long, but it has ${note.length}`);
	}
	return ids.map((id) => ({ id_order_unit: id, reason, note }));
}
