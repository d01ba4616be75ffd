import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
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
import {
	eventField,
	leadTimeField,
	orderUnitStatusesField,
	readChoices,
	readLeadSeconds,
	returnStatusesField,
} from '../shared/options';
import {
	byCreation,
	byShippingDeadline,
	byUpdate,
	formatSpaceTime,
	isOutOfStock,
	listSource,
	type EventSource,
	type ListDialect,
	type ListEntry,
} from '../shared/sources';

/** Import files in one of these states are done with, successfully or not. */
const FINISHED_IMPORT_STATUSES = IMPORT_FILE_STATUSES.filter((status) =>
	/^(DONE|ABORTED)$|_(FAILED|STOPPED)$/.test(status),
);

/** The events of API v1 a seller waits for, each read from one list. */
const LISTS = {
	orderNew: {
		noun: 'orders',
		path: '/orders/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_order',
		follow: byCreation('ts_created', 'ts_created:from'),
	},
	orderUnitStatus: {
		noun: 'order units',
		path: '/order-units/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_order_unit',
		follow: byUpdate('ts_updated', 'ts_updated:from', 'ts_updated:desc'),
	},
	orderUnitDueSoon: {
		noun: 'order units due soon',
		path: '/order-units/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_order_unit',
		follow: byShippingDeadline('delivery_time_expires'),
	},
	orderUnitOverdue: {
		noun: 'overdue order units',
		path: '/order-units/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_order_unit',
		follow: byShippingDeadline('delivery_time_expires'),
	},
	returnChanged: {
		noun: 'returns',
		path: '/returns/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_return',
		follow: byUpdate('ts_updated', 'ts_updated:from', 'ts_updated:desc'),
	},
	ticketNew: {
		noun: 'tickets',
		path: '/tickets/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_ticket',
		follow: byCreation('ts_created', 'ts_created:from', 'ts_created:desc'),
	},
	// The order of ticket messages is not documented: the whole window is read.
	ticketMessageNew: {
		noun: 'ticket messages',
		path: '/ticket-messages/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_ticket_message',
		follow: { ...byCreation('ts_created', 'timestamp_from'), unordered: true },
	},
	importFileFinished: {
		noun: 'finished import files',
		path: '/import-files/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_import_file',
		follow: byUpdate('ts_updated', 'ts_updated:from', 'ts_updated:desc'),
	},
	unitOutOfStock: {
		noun: 'offers out of stock',
		path: '/units/seller/',
		pageSize: DEFAULT_PAGE_SIZE,
		id: 'id_unit',
		follow: { kind: 'snapshot', time: 'date_lastchange', matches: isOutOfStock },
	},
} satisfies Record<string, ListEntry>;

const dialect: ListDialect = { pages: v1PageReader, formatTime: formatSpaceTime };

export type V1Event = keyof typeof LISTS;

export const eventProperties: INodeProperties[] = [
	eventField([
		{
			name: 'Import File Finished',
			value: 'importFileFinished',
			description: 'An import file was processed, successfully or not',
		},
		{ name: 'New Order', value: 'orderNew', description: 'An order was placed' },
		{ name: 'New Ticket', value: 'ticketNew', description: 'A buyer (or you) opened a ticket' },
		{ name: 'New Ticket Message', value: 'ticketMessageNew', description: 'A message was added to a ticket' },
		{
			name: 'Unit Out of Stock',
			value: 'unitOutOfStock',
			description: 'The stock (amount) of one of your units (offers) reached 0',
		},
		{
			name: 'Order Unit Reached Status',
			value: 'orderUnitStatus',
			description: 'An order unit changed to one of the chosen statuses',
		},
		{
			name: 'Order Unit Due Soon',
			value: 'orderUnitDueSoon',
			description: 'An order unit not sent yet reaches its delivery deadline within the lead time',
		},
		{
			name: 'Order Unit Overdue',
			value: 'orderUnitOverdue',
			description: 'An order unit passed its delivery deadline without being sent',
		},
		{ name: 'Return Created or Changed', value: 'returnChanged', description: 'A return was opened or changed' },
	]),
	{ ...orderUnitStatusesField(orderUnitStatusOptions), displayOptions: { show: { event: ['orderUnitStatus'] } } },
	{ ...returnStatusesField(returnStatusOptions), displayOptions: { show: { event: ['returnChanged'] } } },
	leadTimeField('orderUnitDueSoon'),
];

/** The chosen event's list, and the key its saved state belongs to (the event with its filters). */
export function v1EventSource(context: IPollFunctions): { source: EventSource; key: string } {
	const event = context.getNodeParameter('event') as V1Event;
	if (!Object.prototype.hasOwnProperty.call(LISTS, event)) {
		throw new NodeOperationError(context.getNode(), `"Event" has an unknown value ${JSON.stringify(event)}`, {
			description: `Allowed values: ${Object.keys(LISTS).join(', ')}`,
		});
	}
	const entry: ListEntry = LISTS[event];
	switch (event) {
		case 'orderUnitStatus': {
			const statuses = readChoices(context, 'orderUnitStatuses', 'Order Unit Statuses', ORDER_UNIT_STATUSES, {
				required: true,
			});
			return { source: listSource(entry, { status: statuses }, dialect), key: `${event}:${statuses.join(',')}` };
		}
		case 'returnChanged': {
			const statuses = readChoices(context, 'returnStatuses', 'Return Statuses', RETURN_STATUSES, { required: false });
			return {
				source: listSource(entry, statuses.length ? { status: statuses } : {}, dialect),
				key: `${event}:${statuses.join(',')}`,
			};
		}
		case 'orderUnitDueSoon':
			// The lead time is not part of the key: a unit reported as due soon stays reported when it changes.
			return { source: listSource(entry, {}, dialect, readLeadSeconds(context)), key: event };
		case 'importFileFinished':
			return { source: listSource(entry, { status: FINISHED_IMPORT_STATUSES }, dialect), key: event };
		default:
			return { source: listSource(entry, {}, dialect), key: event };
	}
}
