/**
 * Writes examples/*.json, the seller templates (node version 2, API v2), and examples/v1/*.json, the workflows of
 * node version 1 (API v1, switched off by the marketplace in 2023), kept for saved workflows. They import as they
 * are: n8n editor → Import from File, or `n8n import:workflow --input=<file>`. Their JavaScript is easier to keep
 * right here than inside JSON.
 *
 *   npx ts-node --transpile-only e2e/build-examples.ts
 *
 * The templates are shaped for n8n's template library: no credentials (the editor asks for a Seller Marketplace V2
 * API credential on import), no pinned data, a sticky note saying what to change for a live account. The e2e set-up
 * and the demo attach their sandbox credential on import (e2e/lib/workflows.ts, loadExamples). The v1 workflows
 * refer to the credential "Seller Marketplace sandbox" (id sellerMarketSbx1). The e2e tests run every one of them
 * (e2e/tests/examples.e2e.test.ts, e2e/tests/v2-order-workflow.e2e.test.ts).
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';

import { ACTION_TYPE, CREDENTIAL_TYPE, EXAMPLE_CREDENTIAL, TRIGGER_TYPE } from './lib/workflows';
import { PACKAGE_NAME, REPO_ROOT } from './lib/runtime';

type Node = {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	notesInFlow?: boolean;
	notes?: string;
	/** n8n's Settings → On Error: `continueErrorOutput` gives the node a second output for the failed items. */
	onError?: 'continueErrorOutput';
	executeOnce?: boolean;
	alwaysOutputData?: boolean;
};

const credentials = { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } };

function uuid(example: number, node: number): string {
	return `e0e0e0e0-0000-4000-8000-${String(example).padStart(4, '0')}${String(node).padStart(8, '0')}`;
}

function seller(
	id: string,
	name: string,
	position: [number, number],
	parameters: Record<string, unknown>,
	notes?: string,
): Node {
	return {
		id,
		name,
		type: ACTION_TYPE,
		typeVersion: 1,
		position,
		parameters,
		credentials,
		...(notes ? { notes, notesInFlow: true } : {}),
	};
}

function code(id: string, name: string, position: [number, number], jsCode: string, notes?: string): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position,
		parameters: { jsCode: jsCode.trim() + '\n' },
		...(notes ? { notes, notesInFlow: true } : {}),
	};
}

function sticky(id: string, position: [number, number], content: string, width = 420, height = 260): Node {
	return {
		id,
		name: `Note ${id.slice(-2)}`,
		type: 'n8n-nodes-base.stickyNote',
		typeVersion: 1,
		position,
		parameters: { content, width, height },
	};
}

function schedule(id: string, name: string, position: [number, number], interval: Record<string, unknown>): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.scheduleTrigger',
		typeVersion: 1.2,
		position,
		parameters: { rule: { interval: [interval] } },
	};
}

function wait(id: string, name: string, position: [number, number], amount: number, unit: 'seconds' | 'minutes'): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position,
		parameters: { resume: 'timeInterval', amount, unit },
		webhookId: id,
	};
}

/** An IF node whose true output (0) takes the items for which the boolean expression holds. */
function ifTrue(id: string, name: string, position: [number, number], expression: string, conditionId: string): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.if',
		typeVersion: 2.2,
		position,
		parameters: {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: [
					{
						id: conditionId,
						leftValue: expression,
						rightValue: '',
						operator: { type: 'boolean', operation: 'true', singleValue: true },
					},
				],
				combinator: 'and',
			},
			options: {},
		},
	};
}

const rl = (expression: string) => ({ __rl: true, mode: 'id', value: expression });

/** Order Unit → Send with the carrier and tracking number of the incoming item. */
function markUnitSent(id: string, position: [number, number]): Node {
	return seller(id, 'Mark unit sent', position, {
		resource: 'orderUnit',
		operation: 'send',
		orderUnitId: rl('={{ $json.id_order_unit }}'),
		carrierCode: 'DHL',
		trackingNumber: '={{ $json.tracking_number }}',
		additionalFields: {},
	});
}

/** main connections: [from, to], [from, to, outputIndex] or [from, to, outputIndex, inputIndex] (a Merge's second input) */
function connect(
	...links: Array<[string, string] | [string, string, number] | [string, string, number, number]>
): Record<string, unknown> {
	const out: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }> = {};
	for (const [from, to, output = 0, input = 0] of links) {
		out[from] ??= { main: [] };
		while (out[from].main.length <= output) out[from].main.push([]);
		out[from].main[output].push({ node: to, type: 'main', index: input });
	}
	return out;
}

function workflow(id: string, name: string, nodes: Node[], connections: Record<string, unknown>, tags: string[] = []) {
	return {
		id,
		name,
		active: false,
		nodes,
		connections,
		settings: { executionOrder: 'v1', saveManualExecutions: true },
		pinData: {},
		meta: { templateCredsSetupCompleted: false },
		tags: tags.map((tag) => ({ name: tag })),
	};
}

// ------------------------------------------------------------------------------------------------
// 1. New order → read it → mark its units sent with a tracking number (the demo's workflow)

const orderNew = workflow(
	'exOrderNewShip01',
	'Seller Marketplace: new order → ship with tracking',
	[
		sticky(
			uuid(1, 90),
			[-80, -260],
			[
				'## New order → read it → mark units sent',
				'Activating (publishing) this workflow subscribes the webhook URL of **New order** to `order_new` notifications; deactivating it removes the subscription.',
				'',
				'n8n must be reachable by the marketplace: set `WEBHOOK_URL` to your public https address. With the local sandbox (`npm run demo`) everything runs on 127.0.0.1.',
				'',
				'**Book parcels** stands in for your carrier: replace it with the call that books the label and returns the tracking number.',
			].join('\n'),
			560,
			240,
		),
		{
			id: uuid(1, 1),
			name: 'New order',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000a001',
			parameters: { events: ['order_new'], fallbackEmail: 'seller@example.com', options: {} },
			credentials,
		},
		seller(uuid(1, 2), 'Read order', [240, 0], {
			resource: 'order',
			operation: 'get',
			orderId: rl('={{ $json.id_order }}'),
			embedded: ['shipping_address'],
		}),
		code(
			uuid(1, 3),
			'Book parcels',
			[480, 0],
			`
// One item per order unit that still has to be sent, with the tracking number of its parcel.
// Replace the tracking number below with your carrier's (e.g. an HTTP Request node that books a label).
const parcels = [];
for (const order of $input.all()) {
  for (const unit of order.json.order_units ?? []) {
    if (unit.status !== 'need_to_be_sent') continue;
    parcels.push({
      json: {
        id_order: order.json.id_order,
        id_order_unit: unit.id_order_unit,
        title: unit.item?.title ?? '',
        ship_to: [order.json.shipping_address?.first_name, order.json.shipping_address?.last_name, order.json.shipping_address?.city].filter(Boolean).join(' '),
        carrier_code: 'DHL',
        tracking_number: '0034' + String(unit.id_order_unit).padStart(16, '0'),
      },
    });
  }
}
return parcels;
`,
			'Replace with your carrier',
		),
		markUnitSent(uuid(1, 4), [720, 0]),
	],
	connect(['New order', 'Read order'], ['Read order', 'Book parcels'], ['Book parcels', 'Mark unit sent']),
);

// ------------------------------------------------------------------------------------------------
// 2. Daily inventory update: a COMMAND import file that n8n itself serves as CSV

const inventoryCsvPath = 'seller-marketplace-inventory.csv';
const inventory = workflow(
	'exInventoryCsv01',
	'Seller Marketplace: daily inventory update (import file)',
	[
		sticky(
			uuid(2, 90),
			[-80, -320],
			[
				'## Daily inventory update from a CSV',
				"**Every day at 6:00** asks the marketplace to import a `COMMAND` file. The marketplace downloads it from this workflow's own webhook **Inventory CSV** (so this workflow must be published, and n8n reachable at `WEBHOOK_URL`).",
				'',
				'**Your stock** stands in for your stock source (a spreadsheet, your shop or ERP): one item per offer with `ean`, `id_offer`, `amount`, `listing_price` (cents).',
				'',
				'The import runs a few minutes later; **Import status** shows how it went.',
			].join('\n'),
			620,
			260,
		),
		{
			id: uuid(2, 1),
			name: 'Inventory CSV',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 260],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000a002',
			parameters: { httpMethod: 'GET', path: inventoryCsvPath, responseMode: 'responseNode', options: {} },
		},
		code(
			uuid(2, 2),
			'Your stock',
			[240, 260],
			`
// Stand-in for your stock source: replace with Google Sheets, Microsoft Excel, Extract from File, your shop...
// One item per offer; prices in cents.
return [
  { json: { ean: '4006380100015', id_offer: 'SKU-00001', amount: 25, listing_price: 9999 } },
  { json: { ean: '4006380100107', id_offer: 'SKU-00010', amount: 8, listing_price: 19999 } },
];
`,
			'Replace with your stock source',
		),
		code(
			uuid(2, 3),
			'To COMMAND CSV',
			[480, 260],
			`
// The marketplace's inventory CSV: a header row, ';' separated, one UPDATE per offer.
const columns = ['command', 'ean', 'id_offer', 'amount', 'listing_price'];
const cell = (value) => {
  const text = value === undefined || value === null ? '' : String(value);
  return /[";\\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
};
const lines = [columns.join(';')];
for (const { json } of $input.all()) {
  lines.push(columns.map((column) => cell(column === 'command' ? 'UPDATE' : json[column])).join(';'));
}
return [{ json: { csv: lines.join('\\n') + '\\n', rows: lines.length - 1 } }];
`,
		),
		{
			id: uuid(2, 4),
			name: 'Send CSV',
			type: 'n8n-nodes-base.respondToWebhook',
			typeVersion: 1.1,
			position: [720, 260],
			parameters: {
				respondWith: 'text',
				responseBody: '={{ $json.csv }}',
				options: { responseHeaders: { entries: [{ name: 'Content-Type', value: 'text/csv; charset=utf-8' }] } },
			},
		},
		schedule(uuid(2, 5), 'Every day at 6:00', [0, 0], { triggerAtHour: 6 }),
		seller(
			uuid(2, 6),
			'Import inventory file',
			[240, 0],
			{
				resource: 'importFile',
				operation: 'create',
				// this n8n's public webhook address (WEBHOOK_URL) + the path of "Inventory CSV"
				uri: `={{ $execution.resumeUrl.replace(/webhook-waiting\\/.*$/, '') }}webhook/${inventoryCsvPath}`,
				type: 'COMMAND',
			},
			'Downloads the CSV from "Inventory CSV"',
		),
		wait(uuid(2, 7), 'Wait for the import', [480, 0], 5, 'minutes'),
		seller(uuid(2, 8), 'Import status', [720, 0], {
			resource: 'importFile',
			operation: 'get',
			importFileId: '={{ $("Import inventory file").item.json.id_import_file }}',
		}),
	],
	connect(
		['Inventory CSV', 'Your stock'],
		['Your stock', 'To COMMAND CSV'],
		['To COMMAND CSV', 'Send CSV'],
		['Every day at 6:00', 'Import inventory file'],
		['Import inventory file', 'Wait for the import'],
		['Wait for the import', 'Import status'],
	),
);

// ------------------------------------------------------------------------------------------------
// 3. Answer new tickets with an interim notice

const tickets = workflow(
	'exTicketNotice01',
	'Seller Marketplace: interim notice on new tickets',
	[
		sticky(
			uuid(3, 90),
			[-80, -260],
			[
				'## Answer new tickets with an interim notice',
				'Every 15 minutes, each ticket opened since the last run gets a short "we are on it" message. It is sent as an **interim notice**, so the ticket still waits for your real answer.',
			].join('\n'),
			520,
			180,
		),
		schedule(uuid(3, 1), 'Every 15 minutes', [0, 0], { field: 'minutes', minutesInterval: 15 }),
		seller(uuid(3, 2), 'New tickets', [240, 0], {
			resource: 'ticket',
			operation: 'getMany',
			returnAll: true,
			filters: { status: 'opened', createdFrom: '={{ $now.minus({ minutes: 15 }).toISO() }}' },
			options: {},
		}),
		seller(uuid(3, 3), 'Send interim notice', [480, 0], {
			resource: 'ticketMessage',
			operation: 'send',
			ticketId: rl('={{ $json.id_ticket }}'),
			text: 'Thank you for your message. We are looking into it and will get back to you within one working day.',
			interimNotice: true,
			additionalFields: {},
		}),
	],
	connect(['Every 15 minutes', 'New tickets'], ['New tickets', 'Send interim notice']),
);

// ------------------------------------------------------------------------------------------------
// 4. Upload product data from a spreadsheet and poll its status

const productData = workflow(
	'exProductData001',
	'Seller Marketplace: upload product data and poll its status',
	[
		sticky(
			uuid(4, 90),
			[-80, -300],
			[
				'## Upload product data and poll its status',
				'**Products** stands in for your spreadsheet (Google Sheets, Microsoft Excel, Extract from File): one row per EAN with the attributes the category needs (`title`, `manufacturer`, `category`, ...).',
				'',
				'Each row is uploaded with **Create or Replace**; the marketplace checks it within minutes. The loop asks for the status every minute until it is `SUCCESS` or `FAIL`.',
			].join('\n'),
			620,
			220,
		),
		{
			id: uuid(4, 1),
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		code(
			uuid(4, 2),
			'Products',
			[200, 0],
			`
// Stand-in for your spreadsheet: one row per product.
return [
  { json: { ean: '4006380100022', title: 'Espresso machine Barista Pro', manufacturer: 'Kaffeewerk', category: 'haushalt-kaffeemaschinen', description: 'Portafilter espresso machine, 15 bar' } },
  { json: { ean: '4006380100039', title: 'Milk frother', manufacturer: 'Kaffeewerk', category: 'no-such-category', description: 'Frothing jug with whisk' } },
];
`,
			'Replace with your spreadsheet',
		),
		seller(uuid(4, 3), 'Upload product data', [400, 0], {
			resource: 'productData',
			operation: 'createOrReplace',
			ean: '={{ $json.ean }}',
			defineData: 'fields',
			attributes: {
				attribute: [
					{ name: 'title', value: '={{ $json.title }}' },
					{ name: 'manufacturer', value: '={{ $json.manufacturer }}' },
					{ name: 'category', value: '={{ $json.category }}' },
					{ name: 'description', value: '={{ $json.description }}' },
				],
			},
		}),
		wait(uuid(4, 4), 'Wait a minute', [600, 0], 1, 'minutes'),
		seller(uuid(4, 5), 'Get status', [800, 0], {
			resource: 'productData',
			operation: 'getStatus',
			ean: '={{ $json.ean }}',
		}),
		ifTrue(
			uuid(4, 6),
			'Still being checked?',
			[1000, 0],
			"={{ ['PENDING', 'IN_PROGRESS'].includes($json.update_status) }}",
			uuid(4, 61),
		),
		code(
			uuid(4, 7),
			'Result',
			[1200, 100],
			`
// One line per EAN: accepted, or why not.
return $input.all().map(({ json }) => ({
  json: {
    ean: json.ean,
    status: json.update_status,
    accepted: json.update_status === 'SUCCESS',
    reason: json.update_fail_reason ?? null,
  },
}));
`,
		),
	],
	connect(
		['Start', 'Products'],
		['Products', 'Upload product data'],
		['Upload product data', 'Wait a minute'],
		['Wait a minute', 'Get status'],
		['Get status', 'Still being checked?'],
		['Still being checked?', 'Wait a minute', 0],
		['Still being checked?', 'Result', 1],
	),
);

// ------------------------------------------------------------------------------------------------
// 5. Accept returns that arrived

const returns = workflow(
	'exReturnsAccept1',
	'Seller Marketplace: accept returns that arrived',
	[
		sticky(
			uuid(5, 90),
			[-80, -240],
			[
				'## Accept returns that arrived',
				'Every hour, each returned unit in state `return_arrived` is accepted (the buyer gets the refund). Put a check in between (an IF on the unit, or a form for your warehouse) if not every return should be accepted.',
			].join('\n'),
			520,
			180,
		),
		schedule(uuid(5, 1), 'Every hour', [0, 0], { field: 'hours', hoursInterval: 1 }),
		seller(uuid(5, 2), 'Arrived returns', [240, 0], {
			resource: 'returnUnit',
			operation: 'getMany',
			returnAll: true,
			filters: { status: ['return_arrived'] },
			options: {},
		}),
		seller(uuid(5, 3), 'Accept return', [480, 0], {
			resource: 'returnUnit',
			operation: 'accept',
			returnUnitId: '={{ $json.id_return_unit }}',
		}),
	],
	connect(['Every hour', 'Arrived returns'], ['Arrived returns', 'Accept return']),
);

// ------------------------------------------------------------------------------------------------
// 6. Without a public URL: the poll trigger finds order units to send and marks them sent

const pollShip = workflow(
	'exPollShipUnits1',
	'Seller Marketplace: order units to send (polling) → ship with tracking',
	[
		sticky(
			uuid(6, 90),
			[-80, -300],
			[
				'## Order units to send → mark them sent (no public URL needed)',
				'**Units to send** checks the marketplace every minute for order units that reached **Need to Be Sent**, so it works where the marketplace cannot reach n8n (a laptop, a NAS, an office server). The first check after publishing starts from now; each unit starts the workflow once.',
				'',
				'**Book parcel** stands in for your carrier: replace it with the call that books the label and returns the tracking number.',
			].join('\n'),
			600,
			240,
		),
		{
			id: uuid(6, 1),
			name: 'Units to send',
			type: `${PACKAGE_NAME}.sellerMarketplacePollTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				event: 'orderUnitStatus',
				orderUnitStatuses: ['need_to_be_sent'],
				options: {},
			},
			credentials,
		},
		code(
			uuid(6, 2),
			'Book parcel',
			[240, 0],
			`
// One parcel per order unit, with its tracking number.
// Replace the tracking number below with your carrier's (e.g. an HTTP Request node that books a label).
return $input.all().map(({ json: unit }) => ({
  json: {
    id_order: unit.id_order,
    id_order_unit: unit.id_order_unit,
    title: unit.item?.title ?? '',
    ship_to: [unit.shipping_address?.first_name, unit.shipping_address?.last_name, unit.shipping_address?.city].filter(Boolean).join(' '),
    carrier_code: 'DHL',
    tracking_number: '0034' + String(unit.id_order_unit).padStart(16, '0'),
  },
}));
`,
			'Replace with your carrier',
		),
		markUnitSent(uuid(6, 3), [480, 0]),
	],
	connect(['Units to send', 'Book parcel'], ['Book parcel', 'Mark unit sent']),
);

// ================================================================================================
// n8n's own nodes for what a seller would otherwise write JavaScript for: the templates hold no Code node

type Assignment = { name: string; value: unknown; type: 'string' | 'number' | 'boolean' | 'array' | 'object' };

/** Numbered ids for the entries of a node's list (fields, conditions), derived from the node's id. */
const entryId = (nodeId: string, index: number) => `${nodeId.slice(0, -2)}${String(index + 10).padStart(2, '0')}`;

/** Edit Fields (Set): each field a name, a type and a value (or expression) the seller changes in the form. */
function setFields(
	id: string,
	name: string,
	position: [number, number],
	fields: Assignment[],
	{ keepOtherFields = false, notes }: { keepOtherFields?: boolean; notes?: string } = {},
): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position,
		parameters: {
			mode: 'manual',
			assignments: { assignments: fields.map((field, index) => ({ id: entryId(id, index), ...field })) },
			includeOtherFields: keepOtherFields,
			options: {},
		},
		...(notes ? { notes, notesInFlow: true } : {}),
	};
}

/** Filter: keeps the items for which every boolean expression holds. */
function filter(id: string, name: string, position: [number, number], expressions: string[]): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.filter',
		typeVersion: 2.2,
		position,
		parameters: {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: expressions.map((leftValue, index) => ({
					id: entryId(id, index),
					leftValue,
					rightValue: '',
					operator: { type: 'boolean', operation: 'true', singleValue: true },
				})),
				combinator: 'and',
			},
			options: {},
		},
	};
}

/** Data table → Get Row(s): every row of the seller's table, found by its name in the workflow's project. */
function tableRows(id: string, name: string, position: [number, number], table: string, notes?: string): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.dataTable',
		typeVersion: 1,
		position,
		parameters: {
			resource: 'row',
			operation: 'get',
			dataTableId: { __rl: true, mode: 'name', value: table },
			returnAll: true,
		},
		...(notes ? { notes, notesInFlow: true } : {}),
	};
}

/** Merge by a field both inputs share (inner join): one item per match, with the fields of both. */
function joinOn(id: string, name: string, position: [number, number], field: string): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.merge',
		typeVersion: 3.2,
		position,
		parameters: {
			mode: 'combine',
			combineBy: 'combineByFields',
			fieldsToMatchString: field,
			joinMode: 'keepMatches',
			outputDataFrom: 'both',
			options: {},
		},
	};
}

/**
 * Split Out: one item per element of an array field (under `destination`), with the named fields of the item;
 * keeping none, each element (an object) becomes the item.
 */
function splitOut(
	id: string,
	name: string,
	position: [number, number],
	field: string,
	keep: string[] = [],
	destination = '',
): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		position,
		parameters: keep.length
			? {
					fieldToSplitOut: field,
					include: 'selectedOtherFields',
					fieldsToInclude: keep.join(', '),
					options: { destinationFieldName: destination },
				}
			: { fieldToSplitOut: field, options: {} },
	};
}

/** Summarize: one item per value of `groupBy`, each aggregation named `<aggregation>_<field>` by n8n (appended_, sum_, max_). */
function summarize(
	id: string,
	name: string,
	position: [number, number],
	groupBy: string,
	aggregations: Array<{ aggregation: 'append' | 'sum' | 'max' | 'count'; field: string }>,
): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.summarize',
		typeVersion: 1.1,
		position,
		parameters: { fieldsToSummarize: { values: aggregations }, fieldsToSplitBy: groupBy, options: {} },
	};
}

/** The seller's tables kept in n8n Data Tables: the name the templates find each by, and its columns. */
export const SELLER_TABLES = {
	priceRules: {
		name: 'Seller Marketplace price rules',
		columns: [
			{ name: 'id_offer', type: 'string' },
			{ name: 'min_price', type: 'number' },
			{ name: 'max_price', type: 'number' },
			{ name: 'cost', type: 'number' },
		],
	},
} as const;

// ================================================================================================
// The seller templates: node version 2 (API v2), no credentials, a sticky note on what to change for a live account

/** A Seller Marketplace node of version 2, without credentials: the editor asks for them on import. */
function sellerV2(
	id: string,
	name: string,
	position: [number, number],
	parameters: Record<string, unknown>,
	notes?: string,
): Node {
	return {
		id,
		name,
		type: ACTION_TYPE,
		typeVersion: 2,
		position,
		parameters,
		...(notes ? { notes, notesInFlow: true } : {}),
	};
}

function template(id: string, name: string, nodes: Node[], connections: Record<string, unknown>) {
	return {
		id,
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		meta: { templateCredsSetupCompleted: false },
		tags: [] as Array<{ name: string }>,
	};
}

/** The part of every sticky note that says what to change for a live account. */
const LIVE_ACCOUNT = [
	'### For your live account',
	'1. In each Seller Marketplace node, create or pick a **Seller Marketplace V2 API** credential: Client Key and Secret Key from the API settings of the Seller Portal, your main storefront as Default Storefront.',
];

function note(
	id: string,
	position: [number, number],
	title: string,
	what: string[],
	change: string[],
	width = 620,
	height = 420,
): Node {
	return sticky(
		id,
		position,
		[`## ${title}`, ...what, '', ...LIVE_ACCOUNT, ...change.map((line, index) => `${index + 2}. ${line}`)].join('\n'),
		width,
		height,
	);
}

const PUBLIC_URL =
	"n8n must be reachable by the marketplace: set n8n's `WEBHOOK_URL` to its public https address. Where it cannot be reached, use the polling template instead.";
const CARRIER_STAND_IN =
	'**Book parcels** stands in for your carrier: replace it with the call that books the parcel and returns its tracking number, and set the carrier in **Mark unit sent**.';

function pollTriggerV2(
	id: string,
	name: string,
	position: [number, number],
	parameters: Record<string, unknown>,
): Node {
	return { id, name, type: `${PACKAGE_NAME}.sellerMarketplacePollTrigger`, typeVersion: 2, position, parameters };
}

/** Order Unit → Send (version 2) with the carrier and tracking number of the incoming item. */
function markUnitSentV2(id: string, position: [number, number]): Node {
	return sellerV2(id, 'Mark unit sent', position, {
		resource: 'orderUnit',
		operation: 'send',
		orderUnitId: rl('={{ $json.id_order_unit }}'),
		carrierCode: '={{ $json.carrier_code }}',
		trackingNumbers: '={{ $json.tracking_number }}',
	});
}

/** The stand-in for the seller's carrier: a tracking number made from the order unit's ID (the sandbox's DHL format). */
const STAND_IN_TRACKING = (unitId: string) => `={{ '0034' + String(${unitId}).padStart(16, '0') }}`;

// ------------------------------------------------------------------------------------------------
// New order (push) → read it → mark its units sent with tracking (the demo's workflow)

const orderNewV2 = template(
	'exV2OrderNewShp1',
	'Seller Marketplace: new order → mark units sent with tracking (push)',
	[
		note(
			uuid(20, 90),
			[-80, -440],
			'New order → read it → mark units sent with tracking',
			[
				'Publishing this workflow subscribes the webhook of **New order** to `order_new` notifications of the **de** storefront; unpublishing removes the subscription. Each new order is read, and each of its units still to send is marked sent with a carrier and tracking number.',
				'',
				CARRIER_STAND_IN,
			],
			[
				PUBLIC_URL,
				"In **New order**, pick the storefront whose orders you ship (or *Credentials' Default Storefront*) and your e-mail as **Fallback Email**.",
				'Replace **Book parcels** with your carrier.',
			],
			700,
			440,
		),
		{
			id: uuid(20, 1),
			name: 'New order',
			type: TRIGGER_TYPE,
			typeVersion: 2,
			position: [0, 0],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000b002',
			parameters: { events: ['order_new'], fallbackEmail: 'seller@example.com', storefront: 'de' },
		},
		sellerV2(uuid(20, 2), 'Read order', [240, 0], {
			resource: 'order',
			operation: 'get',
			orderId: rl('={{ $json.id_order }}'),
		}),
		splitOut(uuid(20, 5), 'Units of the order', [480, 0], 'order_units', ['id_order'], 'unit'),
		filter(uuid(20, 6), 'Still to send', [720, 0], ["={{ $json.unit.status === 'need_to_be_sent' }}"]),
		setFields(
			uuid(20, 3),
			'Book parcels',
			[960, 0],
			[
				{ name: 'id_order', type: 'string', value: '={{ $json.id_order }}' },
				{ name: 'id_order_unit', type: 'number', value: '={{ $json.unit.id_order_unit }}' },
				{ name: 'title', type: 'string', value: "={{ $json.unit.product?.title ?? '' }}" },
				{ name: 'carrier_code', type: 'string', value: 'DHL' },
				{ name: 'tracking_number', type: 'string', value: STAND_IN_TRACKING('$json.unit.id_order_unit') },
			],
			{ notes: 'Replace with your carrier' },
		),
		markUnitSentV2(uuid(20, 4), [1200, 0]),
	],
	connect(
		['New order', 'Read order'],
		['Read order', 'Units of the order'],
		['Units of the order', 'Still to send'],
		['Still to send', 'Book parcels'],
		['Book parcels', 'Mark unit sent'],
	),
);

// ------------------------------------------------------------------------------------------------
// Order units to send (poll) → mark them sent with tracking; no public URL needed

const pollShipV2 = template(
	'exV2PollShip0001',
	'Seller Marketplace: order units to send → mark sent with tracking (polling)',
	[
		note(
			uuid(21, 90),
			[-80, -440],
			'Order units to send → mark them sent (no public URL needed)',
			[
				'**Units to send** checks the marketplace every minute for order units that reached *Need to Be Sent*, so it works where the marketplace cannot reach n8n (a laptop, an office server). The first check after publishing starts from now; each unit starts the workflow once.',
				'',
				'**Book parcel** stands in for your carrier: replace it with the call that books the parcel and returns its tracking number.',
			],
			[
				'In **Units to send**, pick your storefront (or all of them) and how often to check.',
				'Replace **Book parcel** with your carrier, and set the carrier it returns.',
			],
			640,
			420,
		),
		pollTriggerV2(uuid(21, 1), 'Units to send', [0, 0], {
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			event: 'orderUnitStatus',
			orderUnitStatuses: ['need_to_be_sent'],
			options: {},
		}),
		setFields(
			uuid(21, 2),
			'Book parcel',
			[240, 0],
			[
				{ name: 'id_order', type: 'string', value: '={{ $json.id_order }}' },
				{ name: 'id_order_unit', type: 'number', value: '={{ $json.id_order_unit }}' },
				{ name: 'carrier_code', type: 'string', value: 'DHL' },
				{ name: 'tracking_number', type: 'string', value: STAND_IN_TRACKING('$json.id_order_unit') },
			],
			{ notes: 'Replace with your carrier' },
		),
		markUnitSentV2(uuid(21, 3), [480, 0]),
	],
	connect(['Units to send', 'Book parcel'], ['Book parcel', 'Mark unit sent']),
);

// ------------------------------------------------------------------------------------------------
// Order units to send (poll) → buy a shipping label from the marketplace → mark sent with its tracking number

const labelShipV2 = template(
	'exV2LabelSend001',
	'Seller Marketplace: buy a shipping label and mark units sent',
	[
		note(
			uuid(22, 90),
			[-80, -480],
			'Buy a shipping label, then mark the units sent',
			[
				"**Units to send** finds order units that reached *Need to Be Sent* (every minute). **Parcel size and weight** gives each unit its weight and the parcel's size; **One parcel per order** groups the units by order (the parcel weighs what its units weigh together); **Buy label** buys a GLS label through the marketplace (its PDF goes to the binary field `label`), and **Mark unit sent** reports each unit sent with the label's tracking number.",
				'',
				'Buying a label costs money, and a second run of the same item buys a second label: the node never repeats it on its own.',
			],
			[
				'Enter the weight of one unit (grams) and your parcel size (cm) in the fields of **Parcel size and weight**.',
				'Send the PDF of **Buy label** to your printer or your e-mail.',
			],
			700,
			460,
		),
		pollTriggerV2(uuid(22, 1), 'Units to send', [0, 0], {
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			event: 'orderUnitStatus',
			orderUnitStatuses: ['need_to_be_sent'],
			options: {},
		}),
		setFields(
			uuid(22, 2),
			'Parcel size and weight',
			[240, 0],
			[
				{ name: 'weight_gram', type: 'number', value: 1000 },
				{ name: 'length_cm', type: 'number', value: 30 },
				{ name: 'width_cm', type: 'number', value: 20 },
				{ name: 'height_cm', type: 'number', value: 15 },
			],
			{ keepOtherFields: true, notes: 'Your weight per unit and parcel size' },
		),
		summarize(uuid(22, 6), 'One parcel per order', [480, 0], 'id_order', [
			{ aggregation: 'append', field: 'id_order_unit' },
			{ aggregation: 'sum', field: 'weight_gram' },
			{ aggregation: 'max', field: 'length_cm' },
			{ aggregation: 'max', field: 'width_cm' },
			{ aggregation: 'max', field: 'height_cm' },
		]),
		sellerV2(uuid(22, 3), 'Buy label', [720, 0], {
			resource: 'shippingLabel',
			operation: 'create',
			orderUnitIds: "={{ $json.appended_id_order_unit.join(',') }}",
			carriers: ['GLS'],
			weightGram: '={{ $json.sum_weight_gram }}',
			lengthCm: '={{ $json.max_length_cm }}',
			widthCm: '={{ $json.max_width_cm }}',
			heightCm: '={{ $json.max_height_cm }}',
			binaryPropertyName: 'label',
			options: {},
		}),
		// the label covers every unit of its parcel: each of them is reported sent with the label's tracking number
		splitOut(
			uuid(22, 4),
			'One item per unit',
			[960, 0],
			'ids_order_units',
			['carrier', 'tracking_number'],
			'id_order_unit',
		),
		sellerV2(uuid(22, 5), 'Mark unit sent', [1200, 0], {
			resource: 'orderUnit',
			operation: 'send',
			orderUnitId: rl('={{ $json.id_order_unit }}'),
			carrierCode: '={{ $json.carrier }}',
			trackingNumbers: '={{ $json.tracking_number }}',
		}),
	],
	connect(
		['Units to send', 'Parcel size and weight'],
		['Parcel size and weight', 'One parcel per order'],
		['One parcel per order', 'Buy label'],
		['Buy label', 'One item per unit'],
		['One item per unit', 'Mark unit sent'],
	),
);

// ------------------------------------------------------------------------------------------------
// n8n's own data nodes for the templates that need no Code node

/** The name of the seller's stock table (an n8n Data Table) the stock template reads. */
export const STOCK_TABLE = 'Seller stock';

// ------------------------------------------------------------------------------------------------
// Stock sync from a data table: only the offers whose stock or price differ are sent; every row ends in the summary

const stockSyncV2 = template(
	'exV2StockSync001',
	'Seller Marketplace: sync stock and prices from a data table (changed offers only)',
	[
		note(
			uuid(23, 90),
			[-80, -520],
			'Sync stock and prices from your data table',
			[
				`Every day at 6:00 **Your stock table** reads the n8n Data Table \`${STOCK_TABLE}\`: one row per offer with \`id_offer\` (your SKU, text), \`amount\` and \`listing_price\` in cents (numbers). **Your offers** reads your units on the marketplace; **Compare with your offers** sends on only the rows whose stock or price differ, with the unit ID of the offer, and **Update offers** writes them in bulk (150 a request) with the price from your table, so the node reads no price itself.`,
				'',
				'Nothing stops the run: a row whose SKU has no offer on the marketplace (deleted, or never created), a row repeated in the table, or a unit the marketplace refuses goes to **Summary** with its reason, next to the rows written and unchanged.',
			],
			[
				`Create the Data Table \`${STOCK_TABLE}\` (Overview → Data tables) with the three columns, and fill it from your source (Google Sheets, a CSV, your shop or ERP) with a Data Table node in another workflow; or replace **Your stock table** with that source. Keep the three fields.`,
				"Pick the storefront in **Your offers** and **Update offers** if it is not the credential's default, and set your stock rules (buffer, maximum, send 0 below) in the Options of **Update offers**.",
			],
			700,
			520,
		),
		schedule(uuid(23, 1), 'Every day at 6:00', [0, 0], { triggerAtHour: 6 }),
		{
			id: uuid(23, 2),
			name: 'Your stock table',
			type: 'n8n-nodes-base.dataTable',
			typeVersion: 1.1,
			position: [220, -100],
			parameters: {
				resource: 'row',
				operation: 'get',
				dataTableId: { __rl: true, mode: 'name', value: STOCK_TABLE },
				returnAll: true,
				filters: {},
			},
			notes: 'Your data table',
			notesInFlow: true,
		},
		setFields(
			uuid(23, 3),
			'Table rows',
			[440, -100],
			[
				{ name: 'id_offer', type: 'string', value: '={{ $json.id_offer }}' },
				{ name: 'amount', type: 'number', value: '={{ $json.amount }}' },
				{ name: 'listing_price', type: 'number', value: '={{ $json.listing_price }}' },
			],
		),
		sellerV2(uuid(23, 4), 'Your offers', [220, 100], {
			resource: 'unit',
			operation: 'getMany',
			storefront: 'credentials',
			returnAll: true,
			filters: {},
			embedded: [],
		}),
		setFields(
			uuid(23, 5),
			'Offers as rows',
			[440, 100],
			[
				{ name: 'id_offer', type: 'string', value: '={{ $json.id_offer }}' },
				{ name: 'amount', type: 'number', value: '={{ $json.amount }}' },
				{ name: 'listing_price', type: 'number', value: '={{ $json.listing_price }}' },
				{ name: 'id_unit', type: 'number', value: '={{ $json.id_unit }}' },
			],
		),
		{
			id: uuid(23, 6),
			name: 'Compare with your offers',
			type: 'n8n-nodes-base.compareDatasets',
			typeVersion: 2.3,
			position: [660, 0],
			parameters: {
				mergeByFields: { values: [{ field1: 'id_offer', field2: 'id_offer' }] },
				// the table's stock and price, with the unit ID of the offer
				resolve: 'mix',
				preferWhenMix: 'input1',
				exceptWhenMix: 'id_unit',
				options: { skipFields: 'id_unit' },
			},
		},
		{
			...sellerV2(uuid(23, 7), 'Update offers', [900, 40], {
				resource: 'unit',
				operation: 'updateMany',
				unitId: rl('={{ $json.id_unit }}'),
				storefront: 'credentials',
				updateFields: { amount: '={{ $json.amount }}', listingPrice: '={{ $json.listing_price }}' },
				options: { zeroFirst: true },
			}),
			onError: 'continueErrorOutput',
		},
		setFields(
			uuid(23, 8),
			'Written',
			[1120, -60],
			[
				{ name: 'id_offer', type: 'string', value: '={{ $json.id_offer }}' },
				{ name: 'outcome', type: 'string', value: 'written' },
				{ name: 'reason', type: 'string', value: '' },
			],
		),
		setFields(
			uuid(23, 9),
			'Refused',
			[1120, 100],
			[
				{ name: 'id_offer', type: 'string', value: "={{ $('Compare with your offers').item.json.id_offer }}" },
				{ name: 'outcome', type: 'string', value: 'refused' },
				{ name: 'reason', type: 'string', value: '={{ $json.error }}' },
			],
		),
		setFields(
			uuid(23, 10),
			'Not on the marketplace',
			[900, -160],
			[
				{ name: 'id_offer', type: 'string', value: '={{ $json.id_offer }}' },
				{ name: 'outcome', type: 'string', value: 'refused' },
				{
					name: 'reason',
					type: 'string',
					value: 'no offer with this SKU on the marketplace (deleted, or never created)',
				},
			],
		),
		setFields(
			uuid(23, 11),
			'Unchanged',
			[900, 240],
			[
				{ name: 'id_offer', type: 'string', value: '={{ $json.id_offer }}' },
				{ name: 'outcome', type: 'string', value: 'unchanged' },
				{ name: 'reason', type: 'string', value: '' },
			],
		),
		{
			id: uuid(23, 12),
			name: 'All rows',
			type: 'n8n-nodes-base.merge',
			typeVersion: 3.2,
			position: [1340, 40],
			parameters: { numberInputs: 4 },
		},
		{
			id: uuid(23, 13),
			name: 'Summary',
			type: 'n8n-nodes-base.summarize',
			typeVersion: 1.1,
			position: [1560, 40],
			parameters: {
				fieldsToSummarize: {
					values: [
						{ aggregation: 'count', field: 'id_offer' },
						{ aggregation: 'concatenate', field: 'id_offer', separateBy: ', ' },
					],
				},
				fieldsToSplitBy: 'outcome, reason',
				options: {},
			},
			notes: 'Counts by outcome and reason',
			notesInFlow: true,
		},
	],
	connect(
		['Every day at 6:00', 'Your stock table'],
		['Every day at 6:00', 'Your offers'],
		['Your stock table', 'Table rows'],
		['Your offers', 'Offers as rows'],
		['Table rows', 'Compare with your offers', 0, 0],
		['Offers as rows', 'Compare with your offers', 0, 1],
		['Compare with your offers', 'Not on the marketplace', 0],
		['Compare with your offers', 'Unchanged', 1],
		['Compare with your offers', 'Update offers', 2],
		['Update offers', 'Written', 0],
		['Update offers', 'Refused', 1],
		['Written', 'All rows', 0, 0],
		['Refused', 'All rows', 0, 1],
		['Not on the marketplace', 'All rows', 0, 2],
		['Unchanged', 'All rows', 0, 3],
		['All rows', 'Summary'],
	),
);

// ------------------------------------------------------------------------------------------------
// Nightly full stock sync through the marketplace's inventory command file, served by this workflow's own webhook

/** The n8n Data Table of the links handed to the marketplace (one random token each, forgotten after the import). */
export const INVENTORY_LINKS_TABLE = 'Inventory file links';
/** The path of the webhook that serves the inventory CSV (the link's token in its query). */
export const INVENTORY_CSV_PATH = 'seller-marketplace-inventory-command.csv';

const linksTable = { __rl: true, mode: 'name', value: INVENTORY_LINKS_TABLE };
const tokenFilter = (value: string) => ({
	matchType: 'allConditions',
	filters: { conditions: [{ keyName: 'token', condition: 'eq', keyValue: value }] },
});

const inventoryNightlyV2 = template(
	'exV2InventoryCmd',
	'Seller Marketplace: nightly full stock sync through an inventory command file',
	[
		note(
			uuid(28, 90),
			[-80, -560],
			'Nightly full stock sync: the marketplace downloads one CSV',
			[
				`For a large catalogue (50,000 offers) the marketplace's own path is a file: **Every night at 2:00** makes a new random link, **Import inventory file** asks the marketplace to download the CSV from it, and **Import result** waits until the marketplace has imported it (its lines and the errors found). The link then stops working. One request hands the whole catalogue over (then a few reads while it is imported), instead of one per 150 offers.`,
				'',
				`**Inventory CSV** is this workflow's own webhook: it answers only a link made by this workflow, with your Data Table \`${STOCK_TABLE}\` (\`id_offer\`, \`amount\`, \`listing_price\` in cents) as a \`;\`-separated CSV; any other address gets 404. No web server of your own is needed.`,
			],
			[
				"Publish this workflow, and let the marketplace reach n8n: set n8n's `WEBHOOK_URL` to its public https address.",
				`Fill the Data Table \`${STOCK_TABLE}\` (see the stock sync template), and pick the storefront in **Import inventory file** and **Import result** if it is not the credential's default.`,
			],
			720,
			560,
		),
		schedule(uuid(28, 1), 'Every night at 2:00', [0, 0], { triggerAtHour: 2 }),
		{
			id: uuid(28, 2),
			name: 'Links table',
			type: 'n8n-nodes-base.dataTable',
			typeVersion: 1.1,
			position: [220, 0],
			parameters: {
				resource: 'table',
				operation: 'create',
				tableName: INVENTORY_LINKS_TABLE,
				columns: { column: [{ name: 'token', type: 'string' }] },
				options: { createIfNotExists: true },
			},
			notes: 'Made on the first run',
			notesInFlow: true,
		},
		{
			id: uuid(28, 3),
			name: 'New link',
			type: 'n8n-nodes-base.crypto',
			typeVersion: 2,
			position: [440, 0],
			parameters: { action: 'generate', dataPropertyName: 'token', encodingType: 'hex', stringLength: 32 },
		},
		{
			id: uuid(28, 4),
			name: 'Remember the link',
			type: 'n8n-nodes-base.dataTable',
			typeVersion: 1.1,
			position: [660, 0],
			parameters: {
				resource: 'row',
				operation: 'insert',
				dataTableId: linksTable,
				columns: {
					mappingMode: 'defineBelow',
					value: { token: '={{ $json.token }}' },
					matchingColumns: [],
					schema: [
						{
							id: 'token',
							displayName: 'token',
							required: false,
							defaultMatch: false,
							display: true,
							type: 'string',
							canBeUsedToMatch: true,
						},
					],
				},
				options: {},
			},
		},
		sellerV2(
			uuid(28, 5),
			'Import inventory file',
			[880, 0],
			{
				resource: 'importFile',
				operation: 'createInventoryCommandFile',
				storefront: 'credentials',
				// this n8n's public webhook address (WEBHOOK_URL), the path of "Inventory CSV", and the link's token
				url: `={{ $execution.resumeUrl.replace(/webhook-waiting\\/.*$/, '') }}webhook/${INVENTORY_CSV_PATH}?token={{ $('New link').item.json.token }}`,
			},
			'The marketplace downloads "Inventory CSV"',
		),
		sellerV2(uuid(28, 6), 'Import result', [1100, 0], {
			resource: 'importFile',
			operation: 'getInventoryCommandFile',
			storefront: 'credentials',
			importFileId: '={{ $json.id_import_file }}',
			waitForResult: true,
			maxWaitSeconds: 600,
		}),
		{
			id: uuid(28, 7),
			name: 'Forget the link',
			type: 'n8n-nodes-base.dataTable',
			typeVersion: 1.1,
			position: [1320, 0],
			parameters: {
				resource: 'row',
				operation: 'deleteRows',
				dataTableId: linksTable,
				...tokenFilter("={{ $('New link').item.json.token }}"),
				options: {},
			},
		},
		{
			id: uuid(28, 10),
			name: 'Inventory CSV',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 300],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000b028',
			parameters: { httpMethod: 'GET', path: INVENTORY_CSV_PATH, responseMode: 'responseNode', options: {} },
		},
		{
			id: uuid(28, 11),
			name: 'Link made here?',
			type: 'n8n-nodes-base.dataTable',
			typeVersion: 1.1,
			position: [220, 300],
			parameters: {
				resource: 'row',
				operation: 'get',
				dataTableId: linksTable,
				...tokenFilter("={{ $json.query.token ?? '' }}"),
				returnAll: true,
			},
			alwaysOutputData: true,
		},
		ifTrue(uuid(28, 12), 'Known link?', [440, 300], '={{ $json.token !== undefined }}', uuid(28, 121)),
		{
			id: uuid(28, 13),
			name: 'Your stock table',
			type: 'n8n-nodes-base.dataTable',
			typeVersion: 1.1,
			position: [660, 200],
			parameters: {
				resource: 'row',
				operation: 'get',
				dataTableId: { __rl: true, mode: 'name', value: STOCK_TABLE },
				returnAll: true,
				filters: {},
			},
			executeOnce: true,
		},
		setFields(
			uuid(28, 14),
			'Inventory rows',
			[880, 200],
			[
				{ name: 'id_offer', type: 'string', value: '={{ $json.id_offer }}' },
				{ name: 'amount', type: 'number', value: '={{ $json.amount }}' },
				{ name: 'listing_price', type: 'number', value: '={{ $json.listing_price }}' },
			],
		),
		{
			id: uuid(28, 15),
			name: 'To CSV',
			type: 'n8n-nodes-base.convertToFile',
			typeVersion: 1.1,
			position: [1100, 200],
			parameters: {
				operation: 'csv',
				binaryPropertyName: 'data',
				options: { delimiter: ';', headerRow: true, fileName: 'inventory.csv' },
			},
		},
		{
			id: uuid(28, 16),
			name: 'Send CSV',
			type: 'n8n-nodes-base.respondToWebhook',
			typeVersion: 1.1,
			position: [1320, 200],
			parameters: { respondWith: 'binary', options: {} },
		},
		{
			id: uuid(28, 17),
			name: 'Unknown link',
			type: 'n8n-nodes-base.respondToWebhook',
			typeVersion: 1.1,
			position: [660, 400],
			parameters: { respondWith: 'noData', options: { responseCode: 404 } },
		},
	],
	connect(
		['Every night at 2:00', 'Links table'],
		['Links table', 'New link'],
		['New link', 'Remember the link'],
		['Remember the link', 'Import inventory file'],
		['Import inventory file', 'Import result'],
		['Import result', 'Forget the link'],
		['Inventory CSV', 'Link made here?'],
		['Link made here?', 'Known link?'],
		['Known link?', 'Your stock table', 0],
		['Known link?', 'Unknown link', 1],
		['Your stock table', 'Inventory rows'],
		['Inventory rows', 'To CSV'],
		['To CSV', 'Send CSV'],
	),
);

// ------------------------------------------------------------------------------------------------
// Price within the seller's minimum and maximum, one cent below the best other offer in the buy box, never below the
// floor that the seller's cost, the marketplace's commission and VAT set

/** The reasons the pricing template writes on each offer (field `decision`). */
export const PRICE_DECISIONS = {
	undercut: 'undercut',
	floor: 'held at floor',
	minimum: 'held at minimum',
	maximum: 'at maximum',
	unchanged: 'unchanged',
	noFloor: 'no floor',
} as const;

const repriceV2 = template(
	'exV2BuyboxPrice1',
	'Seller Marketplace: price against the buy box within your min and max, never below your floor',
	[
		note(
			uuid(24, 90),
			[-80, -600],
			'Price against the buy box, within your minimum and maximum, never below your floor',
			[
				`Every hour, **VAT rates** reads the VAT rates of your storefront and **Your price rules** your n8n Data Table *${SELLER_TABLES.priceRules.name}* (columns \`id_offer\`, \`min_price\`, \`max_price\`, \`cost\`, in cents; \`cost\` is what the item costs you, without VAT). **Offers with rules** pairs each rule with your offer, **Commission** asks the marketplace for the commission on its EAN, and **Buy box** reads the best offers of its product.`,
				'',
				'**Floor** is the lowest price that still covers your cost: the price without VAT minus the commission (a percentage of the price plus a fixed fee) must be at least the cost. **New price** sets one cent below the cheapest other seller, within your minimum and maximum, and never below the floor (the floor wins over your maximum). Its `decision` says why: `undercut`, `held at floor`, `held at minimum`, `at maximum`, `unchanged`, or `no floor` (no commission estimate, VAT rate or cost: the price stays). **Only prices that move** keeps the offers whose price changes, and **Update price** sends them.',
				'',
				"Buy box prices come in the storefront's currency (e.g. 172.25); **Buy box prices** turns them into cents. Requests per run: 1 for the VAT rates, 1 per 100 offers, then per rule 1 commission lookup, 1 buy box read and 1 update if the price moves.",
			],
			[
				`Create the Data Table *${SELLER_TABLES.priceRules.name}* (Overview → Data tables) with those four columns, one row per offer to reprice.`,
				'Check the condition in **Buy box** (new, used…) matches your offers.',
			],
			860,
			600,
		),
		schedule(uuid(24, 1), 'Every hour', [0, 0], { field: 'hours', hoursInterval: 1 }),
		sellerV2(uuid(24, 10), 'VAT rates', [220, 0], {
			resource: 'info',
			operation: 'getVatRates',
			storefront: 'credentials',
		}),
		tableRows(uuid(24, 2), 'Your price rules', [440, 0], SELLER_TABLES.priceRules.name, 'Your Data Table'),
		sellerV2(uuid(24, 3), 'Your offers', [660, 160], {
			resource: 'unit',
			operation: 'getMany',
			storefront: 'credentials',
			returnAll: true,
			filters: {},
			// the product's EANs, for the commission lookup
			embedded: ['products'],
		}),
		joinOn(uuid(24, 4), 'Offers with rules', [880, 0], 'id_offer'),
		sellerV2(uuid(24, 11), 'Commission', [1100, 0], {
			resource: 'info',
			operation: 'lookupCommissionRates',
			storefront: 'credentials',
			eans: '={{ $json.product?.eans?.[0] }}',
		}),
		sellerV2(uuid(24, 5), 'Buy box', [1320, 0], {
			resource: 'buybox',
			operation: 'getRankings',
			productId: rl("={{ $('Offers with rules').item.json.id_product }}"),
			storefront: 'credentials',
			condition: 'new',
			topOffers: 10,
		}),
		setFields(
			uuid(24, 6),
			'Buy box prices',
			[1540, 0],
			[
				{ name: 'id_unit', type: 'number', value: "={{ $('Offers with rules').item.json.id_unit }}" },
				{ name: 'id_offer', type: 'string', value: "={{ $('Offers with rules').item.json.id_offer }}" },
				{ name: 'min_price', type: 'number', value: "={{ $('Offers with rules').item.json.min_price }}" },
				{ name: 'max_price', type: 'number', value: "={{ $('Offers with rules').item.json.max_price }}" },
				{ name: 'cost', type: 'number', value: "={{ $('Offers with rules').item.json.cost ?? 0 }}" },
				{ name: 'old_price', type: 'number', value: "={{ $('Offers with rules').item.json.listing_price }}" },
				{
					// percent of the price; 0 when the marketplace has no estimate (then there is no floor)
					name: 'commission_percent',
					type: 'number',
					value: "={{ Number($('Commission').item.json.commission_rate_estimate?.variable_fee ?? 0) }}",
				},
				{
					name: 'commission_fixed_fee',
					type: 'number',
					value: "={{ Number($('Commission').item.json.commission_rate_estimate?.fixed_fee ?? 0) }}",
				},
				{
					name: 'vat_percent',
					type: 'number',
					value:
						"={{ Number(($('VAT rates').first().json.vat_rates ?? []).find((rate) => rate.vat_indicator === $('Offers with rules').item.json.vat_indicator)?.value ?? 0) }}",
				},
				{
					// a floor needs the commission estimate, the VAT rate of the offer and a cost
					name: 'floor_known',
					type: 'boolean',
					value:
						"={{ $('Commission').item.json.status === 'OK' && ($('VAT rates').first().json.vat_rates ?? []).some((rate) => rate.vat_indicator === $('Offers with rules').item.json.vat_indicator) && Number($('Offers with rules').item.json.cost) > 0 }}",
				},
				{
					// the other sellers' offers (the seller's own carries its id_unit), in cents
					name: 'other_prices',
					type: 'array',
					value:
						'={{ ($json.units ?? []).filter((offer) => offer.id_unit === undefined || offer.id_unit === null).map((offer) => Math.round(Number(offer.price) * 100)) }}',
				},
			],
		),
		setFields(
			uuid(24, 12),
			'Floor',
			[1760, 0],
			[
				{
					// price / (1 + VAT) − price × commission − fixed fee ≥ cost, rounded up to a cent; 0: no floor
					name: 'floor_price',
					type: 'number',
					value:
						'={{ $json.floor_known && 1 / (1 + $json.vat_percent / 100) > $json.commission_percent / 100 ? Math.ceil(($json.cost + $json.commission_fixed_fee) / (1 / (1 + $json.vat_percent / 100) - $json.commission_percent / 100)) : 0 }}',
				},
				{
					// one cent below the cheapest other seller; the current price when nobody else sells it
					name: 'target_price',
					type: 'number',
					value: '={{ $json.other_prices.length ? Math.min(...$json.other_prices) - 1 : $json.old_price }}',
				},
			],
			{ keepOtherFields: true },
		),
		setFields(
			uuid(24, 7),
			'New price',
			[1980, 0],
			[
				{
					name: 'listing_price',
					type: 'number',
					value:
						'={{ $json.floor_price > 0 ? Math.max($json.floor_price, $json.min_price, Math.min($json.max_price, $json.target_price)) : $json.old_price }}',
				},
				{
					name: 'decision',
					type: 'string',
					value: `={{ !($json.floor_price > 0) ? '${PRICE_DECISIONS.noFloor}' : $json.floor_price > $json.max_price || $json.target_price < Math.max($json.floor_price, $json.min_price) ? ($json.floor_price >= $json.min_price ? '${PRICE_DECISIONS.floor}' : '${PRICE_DECISIONS.minimum}') : $json.target_price > $json.max_price ? '${PRICE_DECISIONS.maximum}' : $json.target_price === $json.old_price ? '${PRICE_DECISIONS.unchanged}' : '${PRICE_DECISIONS.undercut}' }}`,
				},
			],
			{ keepOtherFields: true },
		),
		filter(uuid(24, 8), 'Only prices that move', [2200, 0], ['={{ $json.listing_price !== $json.old_price }}']),
		sellerV2(uuid(24, 9), 'Update price', [2420, 0], {
			resource: 'unit',
			operation: 'update',
			unitId: rl('={{ $json.id_unit }}'),
			storefront: 'credentials',
			updateFields: { listingPrice: '={{ $json.listing_price }}' },
			embedded: [],
		}),
	],
	connect(
		['Every hour', 'VAT rates'],
		['VAT rates', 'Your price rules'],
		['Your price rules', 'Your offers'],
		['Your price rules', 'Offers with rules'],
		['Your offers', 'Offers with rules', 0, 1],
		['Offers with rules', 'Commission'],
		['Commission', 'Buy box'],
		['Buy box', 'Buy box prices'],
		['Buy box prices', 'Floor'],
		['Floor', 'New price'],
		['New price', 'Only prices that move'],
		['Only prices that move', 'Update price'],
	),
);
// Read the offers once, not once per rule.
(repriceV2.nodes.find((node) => node.name === 'Your offers') as Node & { executeOnce?: boolean }).executeOnce = true;

// ------------------------------------------------------------------------------------------------
// Accept the returned units that arrived

const returnsV2 = template(
	'exV2ReturnsAcc01',
	'Seller Marketplace: accept returned units that arrived',
	[
		note(
			uuid(25, 90),
			[-80, -380],
			'Accept returned units that arrived',
			[
				'Every hour, each returned unit in state *Return Arrived* is accepted: the buyer gets the refund. Put a check in between (an IF on the unit, or a form for your warehouse) if not every return should be accepted.',
			],
			['Pick the storefront in **Arrived returns** (or all of them).'],
			560,
			320,
		),
		schedule(uuid(25, 1), 'Every hour', [0, 0], { field: 'hours', hoursInterval: 1 }),
		sellerV2(uuid(25, 2), 'Arrived returns', [240, 0], {
			resource: 'returnUnit',
			operation: 'getMany',
			storefront: 'credentials',
			returnAll: true,
			filters: { status: ['return_arrived'] },
			options: {},
		}),
		sellerV2(uuid(25, 3), 'Accept return', [480, 0], {
			resource: 'returnUnit',
			operation: 'accept',
			returnUnitId: rl('={{ $json.id_return_unit }}'),
		}),
	],
	connect(['Every hour', 'Arrived returns'], ['Arrived returns', 'Accept return']),
);

// ------------------------------------------------------------------------------------------------
// An interim notice on every new ticket

const ticketsV2 = template(
	'exV2TicketNote01',
	'Seller Marketplace: interim notice on new tickets',
	[
		note(
			uuid(26, 90),
			[-80, -380],
			'Answer new tickets with an interim notice',
			[
				'Every 15 minutes, each ticket opened in the last 15 minutes gets a short "we are on it" message. It is sent as an **interim notice**, so the ticket still waits for your real answer.',
			],
			[
				'Write your own text (and language) in **Send interim notice**.',
				'Keep the schedule and the 15 minutes in **New tickets** equal.',
			],
			560,
			340,
		),
		schedule(uuid(26, 1), 'Every 15 minutes', [0, 0], { field: 'minutes', minutesInterval: 15 }),
		sellerV2(uuid(26, 2), 'New tickets', [240, 0], {
			resource: 'ticket',
			operation: 'getMany',
			storefront: 'credentials',
			returnAll: true,
			filters: { status: ['opened'], createdFrom: '={{ $now.minus({ minutes: 15 }).toISO() }}' },
			options: {},
		}),
		sellerV2(uuid(26, 3), 'Send interim notice', [480, 0], {
			resource: 'ticket',
			operation: 'sendMessage',
			ticketId: rl('={{ $json.id_ticket }}'),
			text: 'Thank you for your message. We are looking into it and will get back to you within one working day.',
			interimNotice: true,
			additionalFields: {},
		}),
	],
	connect(['Every 15 minutes', 'New tickets'], ['New tickets', 'Send interim notice']),
);

// ------------------------------------------------------------------------------------------------
// Upload the invoice of every order sent in the last day

/** The stand-in invoice: a one-page PDF naming the order (a PDF reader rebuilds the cross-reference table it lacks). */
const STAND_IN_INVOICE = [
	'%PDF-1.4',
	'1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
	'2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
	'3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
	'4 0 obj << >> stream',
	'BT /F1 18 Tf 72 720 Td (Invoice for order {{ $json.id_order }}) Tj ET',
	'endstream endobj',
	'5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
	'trailer << /Root 1 0 R >>',
	'%%EOF',
	'',
].join('\n');

const invoicesV2 = template(
	'exV2InvoiceUpl01',
	'Seller Marketplace: upload invoices for sent orders',
	[
		note(
			uuid(27, 90),
			[-80, -420],
			'Upload the invoice of each sent order',
			[
				'Every day at 7:00, **Sent order units** lists the units marked sent in the last day; **One item per order** groups them by order, **Invoice per order** and **Invoice PDF** make one PDF per order (a stand-in), and **Upload invoice** attaches it to the order, where the buyer can download it.',
			],
			[
				"Replace **Invoice per order** and **Invoice PDF** with your invoicing tool (e.g. an HTTP Request node that downloads the PDF of the order's invoice into the binary field `data`).",
				'Pick the storefront in **Sent order units** (or all of them).',
			],
			700,
			380,
		),
		schedule(uuid(27, 1), 'Every day at 7:00', [0, 0], { triggerAtHour: 7 }),
		sellerV2(uuid(27, 2), 'Sent order units', [240, 0], {
			resource: 'orderUnit',
			operation: 'getMany',
			storefront: 'credentials',
			returnAll: true,
			filters: { status: ['sent'], updatedFrom: '={{ $now.minus({ days: 1 }).toISO() }}' },
			options: {},
		}),
		summarize(uuid(27, 5), 'One item per order', [480, 0], 'id_order', [
			{ aggregation: 'count', field: 'id_order_unit' },
		]),
		setFields(
			uuid(27, 3),
			'Invoice per order',
			[720, 0],
			[{ name: 'invoice', type: 'string', value: `=${STAND_IN_INVOICE}` }],
			{ notes: 'Replace with your invoicing tool' },
		),
		{
			id: uuid(27, 6),
			name: 'Invoice PDF',
			type: 'n8n-nodes-base.convertToFile',
			typeVersion: 1,
			position: [960, 0],
			parameters: {
				operation: 'toBinary',
				sourceProperty: 'invoice',
				binaryPropertyName: 'data',
				options: {
					dataIsBase64: false,
					mimeType: 'application/pdf',
					fileName: "=invoice-{{ $('One item per order').item.json.id_order }}.pdf",
				},
			},
		},
		sellerV2(uuid(27, 4), 'Upload invoice', [1200, 0], {
			resource: 'orderInvoice',
			operation: 'upload',
			orderId: rl("={{ $('One item per order').item.json.id_order }}"),
			binaryPropertyName: 'data',
			additionalFields: {},
		}),
	],
	connect(
		['Every day at 7:00', 'Sent order units'],
		['Sent order units', 'One item per order'],
		['One item per order', 'Invoice per order'],
		['Invoice per order', 'Invoice PDF'],
		['Invoice PDF', 'Upload invoice'],
	),
);

// ------------------------------------------------------------------------------------------------
// Every morning: request a report, wait until it is generated, download the CSV

const reportDailyV2 = template(
	'exV2ReportWait01',
	'Seller Marketplace: download a daily report',
	[
		note(
			uuid(7, 90),
			[-80, -420],
			'Download a report every morning',
			[
				'Every day at 5:00 **Request report** asks for an inventory report (all your offers). The marketplace generates it within minutes; the loop checks its status every minute until it is no longer `new` or `processing`, and **Download report** puts the CSV into the binary field `data`.',
			],
			[
				'Choose the **Report Type** in **Request report**: sales, cancellations, buy box reports and more.',
				'Continue after **Download report**: Extract from File, Google Drive, e-mail or S3.',
			],
			640,
			380,
		),
		schedule(uuid(7, 1), 'Every day at 5:00', [0, 0], { triggerAtHour: 5 }),
		sellerV2(uuid(7, 2), 'Request report', [220, 0], {
			resource: 'report',
			operation: 'request',
			reportType: 'account-listing',
			storefront: 'credentials',
			options: {},
		}),
		wait(uuid(7, 3), 'Wait a minute', [440, 0], 1, 'minutes'),
		sellerV2(uuid(7, 4), 'Get report status', [660, 0], {
			resource: 'report',
			operation: 'get',
			reportId: '={{ $json.id_report }}',
			options: {},
		}),
		ifTrue(
			uuid(7, 5),
			'Still being generated?',
			[880, 0],
			"={{ ['new', 'processing'].includes(String($json.status).toLowerCase()) }}",
			uuid(7, 51),
		),
		sellerV2(uuid(7, 6), 'Download report', [1100, 100], {
			resource: 'report',
			operation: 'download',
			reportId: '={{ $json.id_report }}',
			binaryPropertyName: 'data',
		}),
	],
	connect(
		['Every day at 5:00', 'Request report'],
		['Request report', 'Wait a minute'],
		['Wait a minute', 'Get report status'],
		['Get report status', 'Still being generated?'],
		['Still being generated?', 'Wait a minute', 0],
		['Still being generated?', 'Download report', 1],
	),
);

// ------------------------------------------------------------------------------------------------
// Reconcile the bookings (the sales credited to the seller) with the order units sent

/** What the reconciliation template writes on each finding (field `issue`). */
export const RECONCILE_ISSUES = {
	notPaid: 'sent, not paid',
	noSentUnit: 'paid, unit not sent',
} as const;

const reconcileV2 = template(
	'exV2Reconcile001',
	'Seller Marketplace: reconcile bookings with sent order units',
	[
		note(
			uuid(31, 90),
			[-80, -560],
			'Reconcile your bookings with the order units you sent',
			[
				'The API has no settlement report; the closest is the **bookings** report: the sales credited to your account, one row per order unit. Every day **Request bookings** asks for the bookings of the last 90 days (to tomorrow, so that today is in whatever the clock), the loop waits until the report is generated, and **Download bookings** outputs its rows as items (money in cents, times in ISO 8601 UTC).',
				'',
				`**Sent order units** reads your units in status sent or received, and **Bookings vs sent units** pairs them by \`id_order_unit\`. Units sent more than *days_unpaid* days ago (in **Settings**) without a booking come out of **Sent, not paid**; bookings of units that are not sent (cancelled or returned since) out of **Paid, unit not sent**. Each finding says so in \`issue\`.`,
				'',
				'Requests per run: 1 report request, 1 status check a minute until it is done, 1 report read and its file, and 1 per 100 sent order units.',
			],
			[
				'Set *days_unpaid* and *days_back* in **Settings**.',
				'Continue after **Sent, not paid** and **Paid, unit not sent**: e-mail, Slack or a Data Table.',
			],
			760,
			560,
		),
		schedule(uuid(31, 1), 'Every day at 6:00', [0, 0], { triggerAtHour: 6 }),
		setFields(
			uuid(31, 2),
			'Settings',
			[220, 0],
			[
				{ name: 'days_unpaid', type: 'number', value: 14 },
				{ name: 'days_back', type: 'number', value: 90 },
			],
		),
		sellerV2(uuid(31, 3), 'Request bookings', [440, 0], {
			resource: 'report',
			operation: 'request',
			reportType: 'bookings-new',
			storefront: 'credentials',
			dateFrom: "={{ $now.minus({ days: $json.days_back }).toFormat('yyyy-MM-dd') }}",
			dateTo: "={{ $now.plus({ days: 1 }).toFormat('yyyy-MM-dd') }}",
			options: {},
		}),
		wait(uuid(31, 4), 'Wait a minute', [660, 0], 1, 'minutes'),
		sellerV2(uuid(31, 5), 'Get report status', [880, 0], {
			resource: 'report',
			operation: 'get',
			reportId: '={{ $json.id_report }}',
			options: {},
		}),
		ifTrue(
			uuid(31, 6),
			'Still being generated?',
			[1100, 0],
			"={{ ['new', 'processing'].includes(String($json.status).toLowerCase()) }}",
			uuid(31, 61),
		),
		sellerV2(uuid(31, 7), 'Download bookings', [1320, 100], {
			resource: 'report',
			operation: 'download',
			reportId: '={{ $json.id_report }}',
			downloadAs: 'rows',
		}),
		sellerV2(uuid(31, 8), 'Sent order units', [1540, 260], {
			resource: 'orderUnit',
			operation: 'getMany',
			storefront: 'credentials',
			returnAll: true,
			filters: { status: ['sent', 'received'] },
			options: {},
		}),
		{
			id: uuid(31, 9),
			name: 'Bookings vs sent units',
			type: 'n8n-nodes-base.compareDatasets',
			typeVersion: 2.3,
			position: [1760, 100],
			parameters: {
				mergeByFields: { values: [{ field1: 'id_order_unit', field2: 'id_order_unit' }] },
				options: {},
			},
		},
		setFields(
			uuid(31, 10),
			'Paid, unit not sent',
			[1980, 0],
			[
				{ name: 'issue', type: 'string', value: RECONCILE_ISSUES.noSentUnit },
				{ name: 'id_order_unit', type: 'number', value: '={{ $json.id_order_unit }}' },
				{ name: 'id_order', type: 'string', value: '={{ $json.id_order }}' },
				{ name: 'booking_date', type: 'string', value: '={{ $json.booking_date }}' },
				{ name: 'amount', type: 'number', value: '={{ $json.amount }}' },
			],
		),
		filter(
			uuid(31, 11),
			'Sent more than days_unpaid ago',
			[1980, 300],
			[
				"={{ new Date($json.ts_updated_iso).getTime() < $now.minus({ days: $('Settings').first().json.days_unpaid }).toMillis() }}",
			],
		),
		setFields(
			uuid(31, 12),
			'Sent, not paid',
			[2200, 300],
			[
				{ name: 'issue', type: 'string', value: RECONCILE_ISSUES.notPaid },
				{ name: 'id_order_unit', type: 'number', value: '={{ $json.id_order_unit }}' },
				{ name: 'id_order', type: 'string', value: '={{ $json.id_order }}' },
				{ name: 'status', type: 'string', value: '={{ $json.status }}' },
				{ name: 'updated', type: 'string', value: '={{ $json.ts_updated_iso }}' },
				{ name: 'price', type: 'number', value: '={{ $json.price }}' },
			],
		),
	],
	connect(
		['Every day at 6:00', 'Settings'],
		['Settings', 'Request bookings'],
		['Request bookings', 'Wait a minute'],
		['Wait a minute', 'Get report status'],
		['Get report status', 'Still being generated?'],
		['Still being generated?', 'Wait a minute', 0],
		['Still being generated?', 'Download bookings', 1],
		['Download bookings', 'Bookings vs sent units'],
		['Download bookings', 'Sent order units'],
		['Sent order units', 'Bookings vs sent units', 0, 1],
		['Bookings vs sent units', 'Paid, unit not sent', 0],
		['Bookings vs sent units', 'Sent more than days_unpaid ago', 3],
		['Sent more than days_unpaid ago', 'Sent, not paid'],
	),
);
// Read the order units once, not once per booking.
(reconcileV2.nodes.find((node) => node.name === 'Sent order units') as Node & { executeOnce?: boolean }).executeOnce =
	true;

// ------------------------------------------------------------------------------------------------
// New order (push) → one label per order, once, with several n8n webhook processors (queue mode)

/** The tables that decide "once" for every n8n process: made by the template's own set-up step. */
const ONCE_TABLES_SQL = [
	'CREATE TABLE IF NOT EXISTS seller_marketplace_deliveries (id_message text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now());',
	'CREATE TABLE IF NOT EXISTS seller_marketplace_label_claims (id_order_unit bigint PRIMARY KEY, id_order text NOT NULL, claimed_at timestamptz NOT NULL DEFAULT now());',
].join('\n');

/**
 * n8n's Postgres node, Execute Query. A query that lets an item through once is written `WITH … INSERT … RETURNING
 * … SELECT`: for a bare INSERT that returns no row the node outputs `{ success: true }`, which would go on.
 */
function postgresQuery(id: string, name: string, position: [number, number], query: string, values?: string): Node {
	return {
		id,
		name,
		type: 'n8n-nodes-base.postgres',
		typeVersion: 2.6,
		position,
		parameters: { operation: 'executeQuery', query, options: values ? { queryReplacement: values } : {} },
	};
}

const labelOnceV2 = template(
	'exV2LabelOnce001',
	'Seller Marketplace: new order → one label per order, safe with several n8n processes',
	[
		note(
			uuid(30, 90),
			[-80, -600],
			'New order → one label per order, safe with several n8n processes',
			[
				"For n8n in queue mode (several webhook processors behind one address), where the marketplace's retry of a notification, or a load balancer's, can reach another n8n process than the first delivery. Two PostgreSQL tables decide, in one statement each, for every process at once:",
				'- **Take the delivery** lets each `id_message` through once: a repeated notification stops there.',
				'- **Claim for a label** lets each order unit through once: a unit is never on two labels, even if the workflow runs twice for one order (a re-run by hand, a second notification).',
				'',
				'A label whose purchase failed keeps its claim, because the marketplace may have sold it (the error says so): check the order unit in the Seller Portal, then delete its row from `seller_marketplace_label_claims` to buy again.',
			],
			[
				'Create a **Postgres** credential (the queue-mode database or any other) and pick it in the three Postgres nodes, then run **Create the tables (once)**: open **Create the tables** and click *Execute step*.',
				"In **Buy label**, set your parcel's weight (grams) and size (cm).",
				'In **New order**, pick your storefront and your e-mail as **Fallback Email**. ' + PUBLIC_URL,
			],
			760,
			560,
		),
		{
			id: uuid(30, 1),
			name: 'New order',
			type: TRIGGER_TYPE,
			typeVersion: 2,
			position: [0, 0],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000c003',
			parameters: { events: ['order_new'], fallbackEmail: 'seller@example.com', storefront: 'de' },
		},
		postgresQuery(
			uuid(30, 2),
			'Take the delivery',
			[220, 0],
			'WITH taken AS (INSERT INTO seller_marketplace_deliveries (id_message) VALUES ($1) ON CONFLICT (id_message) DO NOTHING RETURNING id_message) SELECT id_message, $2::text AS id_order FROM taken',
			'={{ [$json.id_message, $json.id_order] }}',
		),
		{
			...sellerV2(uuid(30, 3), 'Read order', [440, 0], {
				resource: 'order',
				operation: 'get',
				orderId: rl('={{ $json.id_order }}'),
				simple: false,
			}),
			typeVersion: 2.1,
		},
		splitOut(uuid(30, 4), 'One item per unit', [660, 0], 'order_units'),
		filter(uuid(30, 5), 'Need to be sent', [880, 0], ["={{ $json.status === 'need_to_be_sent' }}"]),
		postgresQuery(
			uuid(30, 6),
			'Claim for a label',
			[1100, 0],
			'WITH claimed AS (INSERT INTO seller_marketplace_label_claims (id_order_unit, id_order) VALUES ($1, $2) ON CONFLICT (id_order_unit) DO NOTHING RETURNING id_order_unit, id_order) SELECT id_order_unit, id_order FROM claimed',
			'={{ [$json.id_order_unit, $json.id_order] }}',
		),
		{
			id: uuid(30, 7),
			name: 'One parcel',
			type: 'n8n-nodes-base.aggregate',
			typeVersion: 1,
			position: [1320, 0],
			parameters: {
				fieldsToAggregate: {
					fieldToAggregate: [
						{ fieldToAggregate: 'id_order_unit', renameField: true, outputFieldName: 'ids_order_units' },
					],
				},
				options: {},
			},
		},
		{
			...sellerV2(uuid(30, 8), 'Buy label', [1540, 0], {
				resource: 'shippingLabel',
				operation: 'create',
				orderUnitIds: "={{ $json.ids_order_units.join(',') }}",
				carriers: ['GLS'],
				weightGram: 1000,
				lengthCm: 30,
				widthCm: 20,
				heightCm: 10,
				binaryPropertyName: 'label',
				options: {},
			}),
			typeVersion: 2.1,
		},
		splitOut(
			uuid(30, 9),
			'Each unit of the label',
			[1760, 0],
			'ids_order_units',
			['carrier', 'tracking_number'],
			'id_order_unit',
		),
		{
			...sellerV2(uuid(30, 10), 'Mark unit sent', [1980, 0], {
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: rl('={{ $json.id_order_unit }}'),
				carrierCode: '={{ $json.carrier }}',
				trackingNumbers: '={{ $json.tracking_number }}',
			}),
			typeVersion: 2.1,
		},
		{
			id: uuid(30, 11),
			name: 'Create the tables (once)',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 260],
			parameters: {},
		},
		postgresQuery(uuid(30, 12), 'Create the tables', [220, 260], ONCE_TABLES_SQL),
	],
	connect(
		['New order', 'Take the delivery'],
		['Take the delivery', 'Read order'],
		['Read order', 'One item per unit'],
		['One item per unit', 'Need to be sent'],
		['Need to be sent', 'Claim for a label'],
		['Claim for a label', 'One parcel'],
		['One parcel', 'Buy label'],
		['Buy label', 'Each unit of the label'],
		['Each unit of the label', 'Mark unit sent'],
		['Create the tables (once)', 'Create the tables'],
	),
);

// ------------------------------------------------------------------------------------------------
// An AI seller assistant in the chat: reads freely, refunds, cancels and messages buyers only after the seller approves

const LANGCHAIN = '@n8n/n8n-nodes-langchain';

/** A Seller Marketplace node (version 2.1, which has AI Tool Safety) as a tool of the agent. */
function sellerTool(id: string, name: string, position: [number, number], parameters: Record<string, unknown>): Node {
	return { id, name, type: `${ACTION_TYPE}Tool`, typeVersion: 2.1, position, parameters };
}

/** What the agent fills in itself, by name, with what it is (`$fromAI`). */
const fromAI = (key: string, description: string, type: 'string' | 'number') =>
	`={{ $fromAI('${key}', '${description}', '${type}') }}`;

export const ASSISTANT_TOOLS = {
	reads: ['Look up an order', 'Look up an order unit', 'Open tickets'],
	writes: ['Refund an order unit', 'Cancel an order unit', 'Message the buyer'],
	approval: 'Ask me first',
} as const;

const assistantV2 = template(
	'exV2AiAssistant1',
	'Seller Marketplace: AI seller assistant (reads freely, writes after your approval)',
	[
		note(
			uuid(33, 90),
			[-80, -520],
			'AI seller assistant, guarded',
			[
				'Ask in the chat: "where is order MB7UWLD?", "which tickets are open?". The agent reads orders, order units and tickets on its own.',
				'',
				'**Refund**, **Cancel** and **Message the buyer** are behind **Ask me first**: the agent asks in the chat and nothing is sent until you press Approve. Each of those three tools lists its own write under *AI Tool Safety*; every other tool is read-only (the default), so a write it tried would send nothing and the agent would be told why.',
				'',
				"Buyers' e-mail, phone, names and street addresses are left out of what the agent reads (*Leave Out Buyers' Personal Data*, on by default); the country stays.",
			],
			[
				'In **OpenAI Chat Model**, pick an OpenAI credential (its Base URL may name any OpenAI-compatible server), or replace the node by another chat model.',
				'Chat in the editor (**Open chat**); to chat from elsewhere, make **Chat with your assistant** public with authentication.',
				"Write your shop's tone and rules into the agent's System Message.",
				"Keep **Ask me first** in front of every tool that writes; remove a write from a tool's AI Tool Safety to take it from the agent.",
			],
			700,
			520,
		),
		{
			id: uuid(33, 1),
			name: 'Chat with your assistant',
			type: `${LANGCHAIN}.chatTrigger`,
			typeVersion: 1.4,
			position: [0, 0],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000a034',
			parameters: { options: { responseMode: 'responseNodes' } },
		},
		{
			id: uuid(33, 2),
			name: 'Seller assistant',
			type: `${LANGCHAIN}.agent`,
			typeVersion: 3.1,
			position: [320, 0],
			parameters: {
				options: {
					systemMessage: [
						"You are the seller's assistant for their marketplace shop. Answer questions about orders, order units and tickets with the tools; give IDs, statuses and dates as the tools return them.",
						"A refund, a cancellation or a message to a buyer needs the seller's approval: call the tool, and say it is done only when the tool answers that it is. When a tool answers refused, tell the seller what was not done and why.",
						'Amounts are in cents when you pass them to a tool (10.99 EUR is 1099).',
					].join('\n'),
				},
			},
		},
		{
			id: uuid(33, 3),
			name: 'OpenAI Chat Model',
			type: `${LANGCHAIN}.lmChatOpenAi`,
			typeVersion: 1.3,
			position: [160, 260],
			// Chat Completions, which every OpenAI-compatible server speaks (a credential's Base URL can name one)
			parameters: {
				model: { __rl: true, mode: 'list', value: 'gpt-5-mini' },
				responsesApiEnabled: false,
				options: {},
			},
		},
		{
			id: uuid(33, 4),
			name: 'Conversation memory',
			type: `${LANGCHAIN}.memoryBufferWindow`,
			typeVersion: 1.3,
			position: [320, 260],
			parameters: {},
		},
		sellerTool(uuid(33, 5), ASSISTANT_TOOLS.reads[0], [480, 260], {
			resource: 'order',
			operation: 'get',
			orderId: rl(fromAI('order_id', 'The order ID, e.g. MB7UWLD', 'string')),
		}),
		sellerTool(uuid(33, 6), ASSISTANT_TOOLS.reads[1], [640, 260], {
			resource: 'orderUnit',
			operation: 'get',
			orderUnitId: rl(fromAI('order_unit_id', 'The ID of the order unit (a number)', 'number')),
		}),
		sellerTool(uuid(33, 7), ASSISTANT_TOOLS.reads[2], [800, 260], {
			resource: 'ticket',
			operation: 'getMany',
			limit: 20,
			filters: { status: ['opened'] },
			options: {},
		}),
		{
			id: uuid(33, 8),
			name: ASSISTANT_TOOLS.approval,
			type: `${LANGCHAIN}.chatHitlTool`,
			typeVersion: 1.3,
			position: [960, 260],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000a035',
			parameters: {
				message: '=The assistant wants to run **{{ $tool.name }}** with:\n{{ JSON.stringify($tool.parameters) }}',
				approvalOptions: { values: { approvalType: 'double', approveLabel: 'Approve', disapproveLabel: 'Decline' } },
				options: {},
			},
		},
		sellerTool(uuid(33, 9), ASSISTANT_TOOLS.writes[0], [800, 520], {
			resource: 'orderUnit',
			operation: 'refund',
			orderUnitId: rl(fromAI('order_unit_id', 'The ID of the order unit (a number)', 'number')),
			amount: fromAI('amount_cents', 'How much to pay back, in cents', 'number'),
			aiToolSafety: ['orderUnit.refund'],
		}),
		sellerTool(uuid(33, 10), ASSISTANT_TOOLS.writes[1], [960, 520], {
			resource: 'orderUnit',
			operation: 'cancel',
			orderUnitId: rl(fromAI('order_unit_id', 'The ID of the order unit (a number)', 'number')),
			reason: 'NoInventory',
			aiToolSafety: ['orderUnit.cancel'],
		}),
		sellerTool(uuid(33, 11), ASSISTANT_TOOLS.writes[2], [1120, 520], {
			resource: 'ticket',
			operation: 'sendMessage',
			ticketId: rl(fromAI('ticket_id', 'The ID of the ticket', 'string')),
			text: fromAI('text', 'The message to the buyer', 'string'),
			additionalFields: {},
			aiToolSafety: ['ticket.sendMessage'],
		}),
		{
			id: uuid(33, 12),
			name: 'Answer in the chat',
			type: `${LANGCHAIN}.chat`,
			typeVersion: 1.3,
			position: [640, 0],
			parameters: { message: '={{ $json.output }}', options: {} },
		},
	],
	{
		...connect(['Chat with your assistant', 'Seller assistant'], ['Seller assistant', 'Answer in the chat']),
		'OpenAI Chat Model': { ai_languageModel: [[{ node: 'Seller assistant', type: 'ai_languageModel', index: 0 }]] },
		'Conversation memory': { ai_memory: [[{ node: 'Seller assistant', type: 'ai_memory', index: 0 }]] },
		...Object.fromEntries(
			[...ASSISTANT_TOOLS.reads, ASSISTANT_TOOLS.approval].map((name) => [
				name,
				{ ai_tool: [[{ node: 'Seller assistant', type: 'ai_tool', index: 0 }]] },
			]),
		),
		...Object.fromEntries(
			ASSISTANT_TOOLS.writes.map((name) => [
				name,
				{ ai_tool: [[{ node: ASSISTANT_TOOLS.approval, type: 'ai_tool', index: 0 }]] },
			]),
		),
	},
);

// ------------------------------------------------------------------------------------------------
// Shipping deadline (poll): order units due within the lead time → one Slack message listing what to ship first

/** The Slack incoming-webhook address the seller pastes in (the e2e points its copy at a stand-in). */
export const SLACK_WEBHOOK_PLACEHOLDER = 'https://hooks.slack.com/services/YOUR/WEBHOOK/URL';
export const DUE_SOON_LEAD_HOURS = 4;

const dueSoonV2 = template(
	'exV2DueSoonWarn1',
	'Seller Marketplace: order units due soon → Slack list of what to ship first (polling)',
	[
		note(
			uuid(32, 90),
			[-80, -460],
			'Order units due soon → warn on Slack, soonest deadline first',
			[
				`**Units due soon** checks the marketplace every 10 minutes for order units not sent yet (*Open* or *Need to Be Sent*) whose delivery deadline is less than ${DUE_SOON_LEAD_HOURS} hours away, by the marketplace's clock. Each unit starts the workflow once; units sent or cancelled in time never do. The first check after publishing starts from now.`,
				'',
				'One Slack message per check lists them, soonest deadline first. Cost: each check reads your unsent order units, 1 request per 100 of each of the two statuses (2 requests a check for up to 100 of each).',
			],
			[
				`In **Units due soon**, pick your storefront (or all of them) and the **Lead Time (Hours)** (${DUE_SOON_LEAD_HOURS} here).`,
				'In Slack, create an incoming webhook for your channel and paste its address as the URL of **Post to Slack** (the address is the secret: keep the workflow private).',
				'For late units, switch the event of **Units due soon** to *Order Unit Overdue*.',
			],
			680,
			460,
		),
		pollTriggerV2(uuid(32, 1), 'Units due soon', [0, 0], {
			pollTimes: { item: [{ mode: 'everyX', value: 10, unit: 'minutes' }] },
			event: 'orderUnitDueSoon',
			leadTimeHours: DUE_SOON_LEAD_HOURS,
			options: {},
		}),
		setFields(
			uuid(32, 2),
			'Ship-by line',
			[240, 0],
			[
				{ name: 'ship_by', type: 'string', value: '={{ $json.delivery_time_expires_iso }}' },
				{ name: 'id_order_unit', type: 'number', value: '={{ $json.id_order_unit }}' },
				{
					name: 'line',
					type: 'string',
					value:
						'=Ship by {{ $json.delivery_time_expires_iso }}: order {{ $json.id_order }}, unit {{ $json.id_order_unit }} ({{ $json.product?.title ?? $json.id_offer }}, {{ $json.status }})',
				},
			],
		),
		{
			id: uuid(32, 3),
			name: 'Soonest first',
			type: 'n8n-nodes-base.sort',
			typeVersion: 1,
			position: [480, 0],
			parameters: { sortFieldsUi: { sortField: [{ fieldName: 'ship_by', order: 'ascending' }] }, options: {} },
		},
		{
			id: uuid(32, 4),
			name: 'One list',
			type: 'n8n-nodes-base.aggregate',
			typeVersion: 1,
			position: [720, 0],
			parameters: { fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'line' }] }, options: {} },
		},
		{
			id: uuid(32, 5),
			name: 'Post to Slack',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [960, 0],
			parameters: {
				method: 'POST',
				url: SLACK_WEBHOOK_PLACEHOLDER,
				sendBody: true,
				bodyParameters: {
					parameters: [
						{
							name: 'text',
							value: `={{ $json.line.length }} order unit(s) to ship within ${DUE_SOON_LEAD_HOURS} hours, soonest first:\n{{ $json.line.join('\\n') }}`,
						},
					],
				},
				options: {},
			},
			notes: 'Paste your Slack incoming webhook',
			notesInFlow: true,
		},
	],
	connect(
		['Units due soon', 'Ship-by line'],
		['Ship-by line', 'Soonest first'],
		['Soonest first', 'One list'],
		['One list', 'Post to Slack'],
	),
);

/** The seller templates (examples/, node version 2) and the version 1 workflows (examples/v1/). */
export const EXAMPLES: Record<string, { id: string; name: string; nodes: Node[] }> = {
	'order-new-ship-with-tracking.json': orderNewV2,
	'poll-order-units-ship-with-tracking.json': pollShipV2,
	'shipping-label-buy-and-mark-sent.json': labelShipV2,
	'stock-sync-from-table.json': stockSyncV2,
	'inventory-nightly-command-file.json': inventoryNightlyV2,
	'price-buybox-within-min-max.json': repriceV2,
	'returns-accept-arrived.json': returnsV2,
	'tickets-interim-notice.json': ticketsV2,
	'invoices-upload-for-sent-orders.json': invoicesV2,
	'report-daily-download.json': reportDailyV2,
	'report-settlement-reconcile.json': reconcileV2,
	'order-new-label-once-queue-mode.json': labelOnceV2,
	'ai-seller-assistant-guarded.json': assistantV2,
	'order-units-due-soon-slack.json': dueSoonV2,
	'v1/order-new-ship-with-tracking.json': orderNew,
	'v1/inventory-daily-import-file.json': inventory,
	'v1/tickets-interim-notice.json': tickets,
	'v1/product-data-upload-and-status.json': productData,
	'v1/returns-accept-arrived.json': returns,
	'v1/poll-order-units-ship-with-tracking.json': pollShip,
};

if (require.main === module) {
	const dir = join(REPO_ROOT, 'examples');
	mkdirSync(join(dir, 'v1'), { recursive: true });
	for (const [file, content] of Object.entries(EXAMPLES)) {
		writeFileSync(join(dir, file), JSON.stringify(content, null, 2) + '\n');
		console.log(`examples/${file}`);
	}
}
