import type { IDataObject } from 'n8n-workflow';

import { chosenSort } from '../../../../shared/descriptions/sort';
import {
	TICKET_REASON_TERMS,
	TICKET_STATUS_TERMS,
	TICKET_TOPIC_TERMS,
} from '../../../../shared/descriptions/vocabulary';
import { bounded, compact, lineOfText, toWholeNumber } from '../../../../shared/helpers/validation';
import {
	collectionField,
	createdAfterFilter,
	fulfillmentTypeFilter,
	listFields,
	multiOptionsFilter,
	sharedFiltersQuery,
	updatedAfterFilter,
} from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { storefrontFilterField, storefrontOf } from '../../../../api/v2/storefront';
import { newestFirstSort } from '../../descriptions/sort';
import { TICKET_REASONS, TICKET_STATUSES, TICKET_TOPICS } from '../../../../api/v2/enums';
import { defineOperation } from '../../../actions/define';
import { outputShapes } from '../../helpers/outputShapes';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /tickets: the buyers' tickets, 30 a page (the API's maximum). */
export const getMany = defineOperation({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many tickets',
	attempt: 'get many tickets',
	summary: 'List tickets, e.g. the open ones waiting for your answer',
	endpoint: 'GET /tickets',
	output: outputShapes.ticket,
	properties: [
		...listFields(storefrontFilterField, [
			bounded(
				{
					displayName: 'Buyer ID',
					name: 'buyerId',
					type: 'string',
					default: '',
					placeholder: 'e.g. 12345',
					description: 'Only tickets of this buyer (id_buyer)',
				},
				lineOfText('id_buyer'),
			),
			createdAfterFilter('Only tickets opened at or after this time'),
			fulfillmentTypeFilter,
			multiOptionsFilter(
				'Open Reason',
				'openReason',
				TICKET_REASONS,
				'Only tickets opened for one of these reasons',
				TICKET_REASON_TERMS,
			),
			multiOptionsFilter(
				'Status',
				'status',
				TICKET_STATUSES,
				'Only tickets in one of these states, e.g. "Open"',
				TICKET_STATUS_TERMS,
			),
			multiOptionsFilter('Topic', 'topic', TICKET_TOPICS, 'Only tickets about one of these topics', TICKET_TOPIC_TERMS),
			updatedAfterFilter('Only tickets that changed at or after this time'),
		]),
		collectionField('Options', 'options', [newestFirstSort('ts_created_iso', 'ts_updated_iso')], 'Add Option'),
	],
	async execute(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({
			storefront: await storefrontOf(this, itemIndex),
			status: filters.status as string[] | undefined,
			open_reason: filters.openReason as string[] | undefined,
			topic: filters.topic as string[] | undefined,
			id_buyer: filters.buyerId ? toWholeNumber(this, filters.buyerId, itemIndex, 'Buyer ID', { min: 1 }) : undefined,
			...sharedFiltersQuery(this, itemIndex, filters),
			sort: chosenSort(this, itemIndex),
		});
		return await readGetMany(this, itemIndex, {
			path: '/tickets',
			query,
			pageSize: pageSizeOf('/tickets'),
			idField: 'id_ticket',
		});
	},
});
