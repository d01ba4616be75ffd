import { returnReasonOptions } from '../../../../api/v1/enums';
import { successItem } from '../../helpers/output';
import { bounded, inputError, requireIntegerIds, requireString } from '../../../../shared/helpers/validation';
import { apiRequest } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';

/** The API refuses shorter notes. */
const MIN_NOTE_LENGTH = 5;

/** POST /returns: opens a return for order units of one order (sellers using the marketplace return service). */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a return',
	attempt: 'create a return',
	summary: 'Open a return for order units of one order',
	endpoint: 'POST /returns',
	properties: [
		{
			displayName: 'Order Unit IDs',
			name: 'orderUnitIds',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 12345, 12346',
			description:
				'The order units to return, separated by commas (or an array from an expression). All must belong to the same order.',
		},
		{
			displayName: 'Reason',
			name: 'reason',
			type: 'options',
			options: returnReasonOptions,
			default: 'defect',
			description: 'Why the units are returned',
		},
		bounded(
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				required: true,
				placeholder: 'e.g. Screen flickers after a few minutes',
				description: `What is wrong, in at least ${MIN_NOTE_LENGTH} characters`,
			},
			{ fills: ['note'], minLength: MIN_NOTE_LENGTH },
		),
	],
	async execute(itemIndex) {
		const orderUnitIds = requireIntegerIds(this, 'orderUnitIds', itemIndex, 'Order Unit IDs');
		const reason = requireString(this, 'reason', itemIndex, 'Reason');
		const note = requireString(this, 'note', itemIndex, 'Note');
		if (note.length < MIN_NOTE_LENGTH) {
			throw inputError(
				this,
				itemIndex,
				`"Note" must be at least ${MIN_NOTE_LENGTH} characters long, but it has ${note.length}`,
			);
		}

		const response = await apiRequest.call(this, {
			method: 'POST',
			path: '/returns',
			body: { id_order_unit: orderUnitIds, reason, note },
			itemIndex,
		});
		return successItem(response);
	},
});
