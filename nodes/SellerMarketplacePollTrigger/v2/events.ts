import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ORDER_UNIT_STATUS_TERMS, RETURN_STATUS_TERMS } from '../../shared/descriptions/vocabulary';
import { storefrontField, storefrontFilterField } from '../../api/v2/storefront';
import {
	ORDER_UNIT_STATUSES,
	PRODUCT_DATA_IMPORT_FILE_STATUSES,
	RETURN_STATUSES,
	STOREFRONTS,
	toOptions,
	type Storefront,
} from '../../api/v2/enums';
import { defaultStorefront, v2PageReader } from '../../api/v2';
import { v2OutputShapes } from '../../shared/helpers/outputShapes';
import { outputProperties, type OutputShape } from '../../shared/helpers/simplify';
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
	formatIsoTime,
	isOutOfStock,
	listSource,
	type EventSource,
	type ListDialect,
	type ListEntry,
} from '../shared/sources';

/**
 * The events of API v2 a seller waits for, one table entry each: the list it is read from, how that list
 * takes a storefront, and the statuses the seller may narrow it to. Paths and query parameters are the
 * OpenAPI document's (2.44.0); the sandbox refuses any other.
 */

/** The largest `limit` of orders, order units, units, returns and product data import files. */
const PAGE_SIZE = 100;
/** The largest `limit` of tickets and ticket messages. */
const TICKET_PAGE_SIZE = 30;

/** Import files in one of these states are done with, successfully or not. */
const FINISHED_IMPORT_STATUSES: readonly string[] = PRODUCT_DATA_IMPORT_FILE_STATUSES.filter((status) =>
	/^(DONE|ABORTED|ERROR)$|_(FAILED|STOPPED)$/.test(status),
);

/** How a list takes `storefront`: an optional filter (all storefronts without it), required, or not at all. */
type StorefrontUse = 'filter' | 'required' | 'none';

/** A closed list of statuses to narrow the list to: the form field (shown for its event) and the values it allows. */
interface StatusChoice {
	field: INodeProperties;
	values: readonly string[];
}

interface EventEntry extends ListEntry {
	option: { name: string; description: string };
	storefront: StorefrontUse;
	statuses?: StatusChoice;
	/** The record as the action node's Get Many outputs it, for Simplify (node 2.1); none: always raw. */
	shape?: OutputShape;
}

/** The action node's shape of a record without the fields a list row does not carry, so that Simplify's hint counts what it outputs. */
function listShape(shape: OutputShape, lacks: string[]): OutputShape {
	return { ...shape, fields: shape.fields.filter((field) => !lacks.includes(field.name)) };
}

const EVENTS = {
	orderNew: {
		option: { name: 'New Order', description: 'An order was placed' },
		noun: 'orders',
		path: '/orders',
		pageSize: PAGE_SIZE,
		id: 'id_order',
		storefront: 'filter',
		// GET /orders rows carry neither order units nor addresses.
		shape: listShape(v2OutputShapes.order, ['statuses', 'product_titles', 'total', 'buyer_name', 'ship_to_country']),
		// GET /orders takes no sort: it lists newest first by ts_created.
		follow: byCreation('ts_created_iso', 'ts_created_from_iso'),
	},
	orderUnitStatus: {
		option: { name: 'Order Unit Reached Status', description: 'An order unit changed to one of the chosen statuses' },
		noun: 'order units',
		path: '/order-units',
		pageSize: PAGE_SIZE,
		id: 'id_order_unit',
		storefront: 'filter',
		shape: v2OutputShapes.orderUnit,
		statuses: {
			values: ORDER_UNIT_STATUSES,
			field: orderUnitStatusesField(toOptions(ORDER_UNIT_STATUSES, ORDER_UNIT_STATUS_TERMS)),
		},
		follow: byUpdate('ts_updated_iso', 'ts_updated_from_iso', 'ts_updated:desc'),
	},
	orderUnitDueSoon: {
		option: {
			name: 'Order Unit Due Soon',
			description: 'An order unit not sent yet reaches its delivery deadline within the lead time',
		},
		noun: 'order units due soon',
		path: '/order-units',
		pageSize: PAGE_SIZE,
		id: 'id_order_unit',
		storefront: 'filter',
		follow: byShippingDeadline('delivery_time_expires_iso'),
	},
	orderUnitOverdue: {
		option: {
			name: 'Order Unit Overdue',
			description: 'An order unit passed its delivery deadline without being sent',
		},
		noun: 'overdue order units',
		path: '/order-units',
		pageSize: PAGE_SIZE,
		id: 'id_order_unit',
		storefront: 'filter',
		follow: byShippingDeadline('delivery_time_expires_iso'),
	},
	returnChanged: {
		option: { name: 'Return Created or Changed', description: 'A return was opened or changed' },
		noun: 'returns',
		path: '/returns',
		pageSize: PAGE_SIZE,
		id: 'id_return',
		storefront: 'filter',
		// GET /returns rows carry no return units.
		shape: listShape(v2OutputShapes.return, ['ids_order_units', 'reasons']),
		statuses: { values: RETURN_STATUSES, field: returnStatusesField(toOptions(RETURN_STATUSES, RETURN_STATUS_TERMS)) },
		follow: byUpdate('ts_updated_iso', 'ts_updated_from_iso', 'ts_updated:desc'),
	},
	ticketNew: {
		option: { name: 'New Ticket', description: 'A buyer (or you) opened a ticket' },
		noun: 'tickets',
		path: '/tickets',
		pageSize: TICKET_PAGE_SIZE,
		id: 'id_ticket',
		storefront: 'filter',
		// GET /tickets rows carry neither the product nor the messages.
		shape: listShape(v2OutputShapes.ticket, ['product_title', 'last_message']),
		follow: byCreation('ts_created_iso', 'ts_created_from_iso', 'ts_created_iso:desc'),
	},
	ticketMessageNew: {
		option: {
			name: 'New Ticket Message',
			description: 'A message was added to a ticket, by the buyer, you or customer service',
		},
		noun: 'ticket messages',
		path: '/tickets/messages',
		pageSize: TICKET_PAGE_SIZE,
		id: 'id_ticket_message',
		storefront: 'none',
		follow: byCreation('ts_created_iso', 'ts_created_from_iso', 'ts_created_iso:desc'),
	},
	importFileFinished: {
		option: {
			name: 'Import File Finished',
			description: 'A product data import file was processed, successfully or not',
		},
		noun: 'finished import files',
		path: '/product-data/import-files',
		pageSize: PAGE_SIZE,
		id: 'id_import_file',
		storefront: 'none',
		// The list filters on one status only: every update is read, and only finished files are emitted.
		follow: {
			...byUpdate('ts_updated', 'ts_updated', 'ts_updated:desc'),
			emits: (record) => FINISHED_IMPORT_STATUSES.includes(String(record.status)),
		},
	},
	unitOutOfStock: {
		option: { name: 'Unit Out of Stock', description: 'The stock (amount) of one of your units (offers) reached 0' },
		noun: 'offers out of stock',
		path: '/units',
		pageSize: PAGE_SIZE,
		id: 'id_unit',
		storefront: 'required',
		// The offers are read without their embedded product.
		shape: listShape(v2OutputShapes.unit, ['ean', 'product_title']),
		// GET /units has no stock filter: every poll reads the storefront's offers and compares.
		follow: { kind: 'snapshot', time: 'date_lastchange_iso', matches: isOutOfStock },
	},
} satisfies Record<string, EventEntry>;

export type V2Event = keyof typeof EVENTS;

const eventNames = Object.keys(EVENTS) as V2Event[];
const eventsWhere = (test: (entry: EventEntry) => boolean) => eventNames.filter((event) => test(EVENTS[event]));

const FROM_CREDENTIALS = 'credentials';
const ALL = 'all';

export const eventProperties: INodeProperties[] = [
	eventField(
		eventNames.map((event) => ({ ...EVENTS[event].option, value: event })).sort((a, b) => a.name.localeCompare(b.name)),
	),
	...eventNames.flatMap((event): INodeProperties[] => {
		const statuses: StatusChoice | undefined = (EVENTS[event] as EventEntry).statuses;
		return statuses ? [{ ...statuses.field, displayOptions: { show: { event: [event] } } }] : [];
	}),
	leadTimeField('orderUnitDueSoon'),
	{
		...storefrontFilterField,
		description: 'Only records of this storefront (country)',
		displayOptions: { show: { event: eventsWhere((entry) => entry.storefront === 'filter') } },
	},
	{
		...storefrontField,
		description: 'The storefront (country) whose offers to watch',
		displayOptions: { show: { event: eventsWhere((entry) => entry.storefront === 'required') } },
	},
];

/** Simplify (node 2.1, on for a new node), for each event whose records the action node simplifies too. */
export const simplifyProperties: INodeProperties[] = eventNames.flatMap((event): INodeProperties[] => {
	const shape: OutputShape | undefined = (EVENTS[event] as EventEntry).shape;
	if (!shape) return [];
	const [simplify] = outputProperties(shape, 'getMany');
	return [{ ...simplify, displayOptions: { show: { event: [event] } } }];
});

/** The storefront to send: the chosen one, the credentials' default, or undefined for all (filters only). */
async function chosenStorefront(context: IPollFunctions, use: StorefrontUse): Promise<Storefront | undefined> {
	if (use === 'none') return undefined;
	const chosen = String(context.getNodeParameter('storefront', FROM_CREDENTIALS) ?? FROM_CREDENTIALS)
		.trim()
		.toLowerCase();
	if (chosen === ALL && use === 'filter') return undefined;
	if (chosen === FROM_CREDENTIALS || chosen === '') return await defaultStorefront(context);
	if (!STOREFRONTS.includes(chosen as Storefront)) {
		const allowed = use === 'filter' ? [ALL, FROM_CREDENTIALS, ...STOREFRONTS] : [FROM_CREDENTIALS, ...STOREFRONTS];
		throw new NodeOperationError(context.getNode(), `"Storefront" has an unknown value ${JSON.stringify(chosen)}`, {
			description: `Allowed values: ${allowed.join(', ')}`,
		});
	}
	return chosen as Storefront;
}

const dialect: ListDialect = {
	pages: (context, path, query) => v2PageReader(context, { path, query }),
	formatTime: formatIsoTime,
};

/** The chosen event's list, and the key its saved state belongs to (the event with its filters). */
export async function v2EventSource(
	context: IPollFunctions,
): Promise<{ source: EventSource; key: string; shape?: OutputShape }> {
	const event = context.getNodeParameter('event') as V2Event;
	if (!Object.prototype.hasOwnProperty.call(EVENTS, event)) {
		throw new NodeOperationError(context.getNode(), `"Event" has an unknown value ${JSON.stringify(event)}`, {
			description: `Allowed values: ${eventNames.join(', ')}`,
		});
	}
	const entry: EventEntry = EVENTS[event];
	const filters: IDataObject = {};
	const choice = entry.statuses;
	const statuses = choice
		? readChoices(context, choice.field.name, choice.field.displayName, choice.values, {
				required: choice.field.required === true,
			})
		: [];
	if (statuses.length) filters.status = statuses;
	const storefront = await chosenStorefront(context, entry.storefront);
	if (storefront) filters.storefront = storefront;
	// The lead time is not part of the key: a unit reported as due soon stays reported when it changes.
	const lead = event === 'orderUnitDueSoon' ? readLeadSeconds(context) : 0;
	return {
		source: listSource(entry, filters, dialect, lead),
		key: [event, statuses.join(','), storefront ?? ALL].join(':'),
		shape: entry.shape,
	};
}
