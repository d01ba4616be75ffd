import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { compact } from '../../../../shared/helpers/validation';
import { collectionField, createdAfterFilter, fulfillmentTypeFilter } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { sortField } from '../../descriptions/sort';
import { toIsoTimestamp } from '../../helpers/dates';
import { defineOperation } from '../../../actions/define';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /tickets/messages: the messages of all tickets, 30 a page (the API's maximum). */
export const getManyMessages = defineOperation({
	value: 'getManyMessages',
	name: 'Get Many Messages',
	action: 'Get many ticket messages',
	attempt: 'get many ticket messages',
	summary: "List the messages of all your tickets, e.g. the buyers' new answers",
	endpoint: 'GET /tickets/messages',
	properties: [
		...returnAllOrLimit(),
		collectionField(
			'Filters',
			'filters',
			[createdAfterFilter('Only messages written at or after this time'), fulfillmentTypeFilter],
			'Add Filter',
		),
		collectionField(
			'Options',
			'options',
			[
				sortField([
					['Newest First', 'ts_created_iso:desc'],
					['Oldest First', 'ts_created_iso:asc'],
				]),
			],
			'Add Option',
		),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			ts_created_from_iso: toIsoTimestamp(this, filters.createdFrom, itemIndex, 'Created After'),
			fulfillment_type: filters.fulfillmentType as string[] | undefined,
			sort: chosenSort(this, itemIndex),
		});
		return await readGetMany(this, itemIndex, {
			path: '/tickets/messages',
			query,
			pageSize: pageSizeOf('/tickets/messages'),
			idField: 'id_ticket_message',
		});
	},
});
