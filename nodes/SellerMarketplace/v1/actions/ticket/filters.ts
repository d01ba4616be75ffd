/** Filters shared by the ticket list and the deprecated claim list: the API takes the same ones on both. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { fromDateField } from '../../descriptions/common';
import { ticketReasonOptions, ticketStatusOptions, ticketTopicOptions } from '../../../../api/v1/enums';
import { toApiTimestamp } from '../../helpers/output';
import { compact, requireIntegerId } from '../../../../shared/helpers/validation';

/** The "Filters" collection of a ticket or claim list; `topic` exists on tickets only. */
export function conversationFilters(kind: 'ticket' | 'claim'): INodeProperties {
	const fields: INodeProperties[] = [
		{
			displayName: 'Buyer ID',
			name: 'buyerId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 12345',
			description: `Only ${kind}s of this buyer (the buyer's numeric ID)`,
		},
		fromDateField('Created After', 'createdFrom', `Only ${kind}s opened at or after this time`),
		{
			displayName: 'Open Reason',
			name: 'openReason',
			type: 'options',
			options: ticketReasonOptions,
			default: 'product_not_delivered',
			description: `Only ${kind}s opened for this reason`,
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: ticketStatusOptions,
			default: 'opened',
			description: `Only ${kind}s in this state`,
		},
		fromDateField('Updated After', 'updatedFrom', `Only ${kind}s changed at or after this time`),
	];
	if (kind === 'ticket') {
		fields.push({
			displayName: 'Topic',
			name: 'topic',
			type: 'options',
			options: ticketTopicOptions,
			default: 'order_other_question',
			description: 'Only tickets about this topic',
		});
	}
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: fields.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** The "Options" collection: the order of the results. */

/** Turns the "Filters" and "Options" of the current item into the list's query, checking them first. */
export function conversationQuery(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const hasBuyer = filters.buyerId !== undefined && String(filters.buyerId).trim() !== '';
	return compact({
		status: filters.status as string | undefined,
		open_reason: filters.openReason as string | undefined,
		topic: filters.topic as string | undefined,
		id_buyer: hasBuyer ? requireIntegerId(context, 'filters.buyerId', itemIndex, 'Buyer ID') : undefined,
		'ts_created:from': toApiTimestamp(context, filters.createdFrom, itemIndex, 'Created After'),
		'ts_updated:from': toApiTimestamp(context, filters.updatedFrom, itemIndex, 'Updated After'),
		sort: chosenSort(context, itemIndex),
	});
}
