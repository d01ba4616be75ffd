import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	IMPORT_FILE_STATUSES,
	ORDER_UNIT_STATUSES,
	RETURN_STATUSES,
	orderUnitStatusOptions,
	returnStatusOptions,
} from '../../api/v1/enums';
import { v1PageReader } from '../../api/v1';
import { DEFAULT_PAGE_SIZE } from '../../api/v1/pagination';
import { eventField, orderUnitStatusesField, readChoices, returnStatusesField } from '../shared/options';
import { formatSpaceTime, idField, isOutOfStock, timeField, type EventSource } from '../shared/sources';

/** The events of API v1 a seller waits for, each read from one list. */

/** Import files in one of these states are done with, successfully or not. */
const FINISHED_IMPORT_STATUSES = IMPORT_FILE_STATUSES.filter((status) => /^(DONE|ABORTED)$|_(FAILED|STOPPED)$/.test(status));

interface TimelineList {
	noun: string;
	path: string;
	id: string;
	/** The timestamp followed, and the query parameter that filters on it. */
	time: string;
	fromParam: string;
	/** Sort sent along (the API's default when absent); always newest first by `time` unless `unordered`. */
	sort?: string;
	unordered?: boolean;
}

const LISTS = {
	orderNew: { noun: 'orders', path: '/orders/seller/', id: 'id_order', time: 'ts_created', fromParam: 'ts_created:from' },
	orderUnitStatus: {
		noun: 'order units',
		path: '/order-units/seller/',
		id: 'id_order_unit',
		time: 'ts_updated',
		fromParam: 'ts_updated:from',
		sort: 'ts_updated:desc',
	},
	returnChanged: { noun: 'returns', path: '/returns/seller/', id: 'id_return', time: 'ts_updated', fromParam: 'ts_updated:from', sort: 'ts_updated:desc' },
	ticketNew: { noun: 'tickets', path: '/tickets/seller/', id: 'id_ticket', time: 'ts_created', fromParam: 'ts_created:from', sort: 'ts_created:desc' },
	// The order of ticket messages is not documented: the whole window is read.
	ticketMessageNew: {
		noun: 'ticket messages',
		path: '/ticket-messages/seller/',
		id: 'id_ticket_message',
		time: 'ts_created',
		fromParam: 'timestamp_from',
		unordered: true,
	},
	importFileFinished: {
		noun: 'finished import files',
		path: '/import-files/seller/',
		id: 'id_import_file',
		time: 'ts_updated',
		fromParam: 'ts_updated:from',
		sort: 'ts_updated:desc',
	},
} satisfies Record<string, TimelineList>;

export type V1Event = keyof typeof LISTS | 'unitOutOfStock';

export const eventProperties: INodeProperties[] = [
	eventField([
		{ name: 'Import File Finished', value: 'importFileFinished', description: 'An import file was processed, successfully or not' },
		{ name: 'New Order', value: 'orderNew', description: 'An order was placed' },
		{ name: 'New Ticket', value: 'ticketNew', description: 'A buyer (or you) opened a ticket' },
		{ name: 'New Ticket Message', value: 'ticketMessageNew', description: 'A message was added to a ticket' },
		{ name: 'Unit Out of Stock', value: 'unitOutOfStock', description: 'The stock (amount) of one of your units (offers) reached 0' },
		{ name: 'Order Unit Reached Status', value: 'orderUnitStatus', description: 'An order unit changed to one of the chosen statuses' },
		{ name: 'Return Created or Changed', value: 'returnChanged', description: 'A return was opened or changed' },
	]),
	{ ...orderUnitStatusesField(orderUnitStatusOptions), displayOptions: { show: { event: ['orderUnitStatus'] } } },
	{ ...returnStatusesField(returnStatusOptions), displayOptions: { show: { event: ['returnChanged'] } } },
];

function timelineSource(list: TimelineList, filters: IDataObject): EventSource {
	const pages = (context: IPollFunctions, fromSeconds: number | undefined, query: IDataObject) =>
		v1PageReader(context, list.path, {
			...query,
			...(list.sort ? { sort: list.sort } : {}),
			...(fromSeconds === undefined ? {} : { [list.fromParam]: formatSpaceTime(fromSeconds) }),
		});
	return {
		kind: 'timeline',
		noun: list.noun,
		pageSize: DEFAULT_PAGE_SIZE,
		order: list.unordered ? 'unordered' : 'newestFirst',
		movable: list.time === 'ts_updated',
		idOf: idField(list.id),
		timeOf: timeField(list.time),
		list: (context, fromSeconds) => pages(context, fromSeconds, filters),
		// A record that changes status leaves a list narrowed to statuses, but not the list without them.
		...(list.time === 'ts_updated' && filters.status !== undefined ? { wider: (context: IPollFunctions, fromSeconds: number | undefined) => pages(context, fromSeconds, {}) } : {}),
	};
}

const outOfStock: EventSource = {
	kind: 'snapshot',
	noun: 'offers out of stock',
	pageSize: DEFAULT_PAGE_SIZE,
	idOf: idField('id_unit'),
	timeOf: timeField('date_lastchange'),
	list: (context) => v1PageReader(context, '/units/seller/'),
	matches: isOutOfStock,
};

/** The chosen event's list, and the key its saved state belongs to (the event with its filters). */
export function v1EventSource(context: IPollFunctions): { source: EventSource; key: string } {
	const event = context.getNodeParameter('event') as V1Event;
	switch (event) {
		case 'unitOutOfStock':
			return { source: outOfStock, key: event };
		case 'orderUnitStatus': {
			const statuses = readChoices(context, 'orderUnitStatuses', 'Order Unit Statuses', ORDER_UNIT_STATUSES, { required: true });
			return { source: timelineSource(LISTS.orderUnitStatus, { status: statuses }), key: `${event}:${statuses.join(',')}` };
		}
		case 'returnChanged': {
			const statuses = readChoices(context, 'returnStatuses', 'Return Statuses', RETURN_STATUSES, { required: false });
			const filters = statuses.length ? { status: statuses } : {};
			return { source: timelineSource(LISTS.returnChanged, filters), key: `${event}:${statuses.join(',')}` };
		}
		case 'importFileFinished':
			return { source: timelineSource(LISTS.importFileFinished, { status: FINISHED_IMPORT_STATUSES }), key: event };
		default: {
			if (!Object.prototype.hasOwnProperty.call(LISTS, event)) {
				throw new NodeOperationError(context.getNode(), `"Event" has an unknown value ${JSON.stringify(event)}`, {
					description: `Allowed values: ${[...Object.keys(LISTS), 'unitOutOfStock'].join(', ')}`,
				});
			}
			return { source: timelineSource(LISTS[event], {}), key: event };
		}
	}
}
