/** Fields shared by the buy box and the virtual buy box of similar products. */
import type { INodeProperties } from 'n8n-workflow';

import { BUYBOX_CONDITIONS } from '../../../../api/v2/enums';

export const buyboxConditionField: INodeProperties = {
	displayName: 'Condition',
	name: 'condition',
	type: 'options',
	options: BUYBOX_CONDITIONS.map((value) => ({
		name:
			value.replace(/(^|\s)\w/g, (c) => c.toUpperCase()).replace(' - ', ' – ') +
			(value === 'used' || value === 'refurbished' ? ' (Any Grade)' : ''),
		value,
	})),
	default: 'new',
	description: 'The condition of the offers to rank. Used and Refurbished alone take every grade.',
};
