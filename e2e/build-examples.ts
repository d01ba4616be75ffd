/**
 * Writes examples/*.json, the example workflows (importable as they are: n8n editor → Import from File,
 * or `n8n import:workflow --input=<file>`). Their JavaScript is easier to keep right here than inside JSON.
 *
 *   npx ts-node --transpile-only e2e/build-examples.ts
 *
 * Every example refers to the credential "Seller Marketplace sandbox" (id sellerMarketSbx1); on import
 * into another n8n, pick your own Seller Marketplace credential in each Seller Marketplace node.
 * The e2e tests run each example (e2e/tests/examples.e2e.test.ts).
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
};

const credentials = { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } };
/** API v2 examples (node version 2) use the Seller Marketplace V2 API credential. */
export const EXAMPLE_CREDENTIAL_V2 = { id: 'sellerMarketV2Sbx1', name: 'Seller Marketplace V2 sandbox' };
const credentialsV2 = { sellerMarketplaceV2Api: { ...EXAMPLE_CREDENTIAL_V2 } };

function uuid(example: number, node: number): string {
	return `e0e0e0e0-0000-4000-8000-${String(example).padStart(4, '0')}${String(node).padStart(8, '0')}`;
}

function seller(id: string, name: string, position: [number, number], parameters: Record<string, unknown>, notes?: string): Node {
	return { id, name, type: ACTION_TYPE, typeVersion: 1, position, parameters, credentials, ...(notes ? { notes, notesInFlow: true } : {}) };
}

function sellerV2(id: string, name: string, position: [number, number], parameters: Record<string, unknown>): Node {
	return { id, name, type: ACTION_TYPE, typeVersion: 2, position, parameters, credentials: credentialsV2 };
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
	return { id, name: `Note ${id.slice(-2)}`, type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position, parameters: { content, width, height } };
}

function schedule(id: string, name: string, position: [number, number], interval: Record<string, unknown>): Node {
	return { id, name, type: 'n8n-nodes-base.scheduleTrigger', typeVersion: 1.2, position, parameters: { rule: { interval: [interval] } } };
}

function wait(id: string, name: string, position: [number, number], amount: number, unit: 'seconds' | 'minutes'): Node {
	return { id, name, type: 'n8n-nodes-base.wait', typeVersion: 1.1, position, parameters: { resume: 'timeInterval', amount, unit }, webhookId: id };
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
				conditions: [{ id: conditionId, leftValue: expression, rightValue: '', operator: { type: 'boolean', operation: 'true', singleValue: true } }],
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

/** main connections: [from, to] or [from, to, outputIndex] */
function connect(...links: Array<[string, string] | [string, string, number]>): Record<string, unknown> {
	const out: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }> = {};
	for (const [from, to, output = 0] of links) {
		out[from] ??= { main: [] };
		while (out[from].main.length <= output) out[from].main.push([]);
		out[from].main[output].push({ node: to, type: 'main', index: 0 });
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
		sticky(uuid(1, 90), [-80, -260], [
			'## New order → read it → mark units sent',
			'Activating (publishing) this workflow subscribes the webhook URL of **New order** to `order_new` notifications; deactivating it removes the subscription.',
			'',
			'n8n must be reachable by the marketplace: set `WEBHOOK_URL` to your public https address. With the local sandbox (`npm run demo`) everything runs on 127.0.0.1.',
			'',
			'**Book parcels** stands in for your carrier: replace it with the call that books the label and returns the tracking number.',
		].join('\n'), 560, 240),
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
		code(uuid(1, 3), 'Book parcels', [480, 0], `
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
`, 'Replace with your carrier'),
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
		sticky(uuid(2, 90), [-80, -320], [
			'## Daily inventory update from a CSV',
			'**Every day at 6:00** asks the marketplace to import a `COMMAND` file. The marketplace downloads it from this workflow\'s own webhook **Inventory CSV** (so this workflow must be published, and n8n reachable at `WEBHOOK_URL`).',
			'',
			'**Your stock** stands in for your stock source (a spreadsheet, your shop or ERP): one item per offer with `ean`, `id_offer`, `amount`, `listing_price` (cents).',
			'',
			'The import runs a few minutes later; **Import status** shows how it went.',
		].join('\n'), 620, 260),
		{
			id: uuid(2, 1),
			name: 'Inventory CSV',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 260],
			webhookId: '5e11e400-0de4-4c1e-9a5e-00000000a002',
			parameters: { httpMethod: 'GET', path: inventoryCsvPath, responseMode: 'responseNode', options: {} },
		},
		code(uuid(2, 2), 'Your stock', [240, 260], `
// Stand-in for your stock source: replace with Google Sheets, Microsoft Excel, Extract from File, your shop...
// One item per offer; prices in cents.
return [
  { json: { ean: '4006380100015', id_offer: 'SKU-00001', amount: 25, listing_price: 9999 } },
  { json: { ean: '4006380100107', id_offer: 'SKU-00010', amount: 8, listing_price: 19999 } },
];
`, 'Replace with your stock source'),
		code(uuid(2, 3), 'To COMMAND CSV', [480, 260], `
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
`),
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
		seller(uuid(2, 6), 'Import inventory file', [240, 0], {
			resource: 'importFile',
			operation: 'create',
			// this n8n's public webhook address (WEBHOOK_URL) + the path of "Inventory CSV"
			uri: `={{ $execution.resumeUrl.replace(/webhook-waiting\\/.*$/, '') }}webhook/${inventoryCsvPath}`,
			type: 'COMMAND',
		}, 'Downloads the CSV from "Inventory CSV"'),
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
		sticky(uuid(3, 90), [-80, -260], [
			'## Answer new tickets with an interim notice',
			'Every 15 minutes, each ticket opened since the last run gets a short "we are on it" message. It is sent as an **interim notice**, so the ticket still waits for your real answer.',
		].join('\n'), 520, 180),
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
		sticky(uuid(4, 90), [-80, -300], [
			'## Upload product data and poll its status',
			'**Products** stands in for your spreadsheet (Google Sheets, Microsoft Excel, Extract from File): one row per EAN with the attributes the category needs (`title`, `manufacturer`, `category`, ...).',
			'',
			'Each row is uploaded with **Create or Replace**; the marketplace checks it within minutes. The loop asks for the status every minute until it is `SUCCESS` or `FAIL`.',
		].join('\n'), 620, 220),
		{ id: uuid(4, 1), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		code(uuid(4, 2), 'Products', [200, 0], `
// Stand-in for your spreadsheet: one row per product.
return [
  { json: { ean: '4006380100022', title: 'Espresso machine Barista Pro', manufacturer: 'Kaffeewerk', category: 'haushalt-kaffeemaschinen', description: 'Portafilter espresso machine, 15 bar' } },
  { json: { ean: '4006380100039', title: 'Milk frother', manufacturer: 'Kaffeewerk', category: 'no-such-category', description: 'Frothing jug with whisk' } },
];
`, 'Replace with your spreadsheet'),
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
		seller(uuid(4, 5), 'Get status', [800, 0], { resource: 'productData', operation: 'getStatus', ean: '={{ $json.ean }}' }),
		ifTrue(uuid(4, 6), 'Still being checked?', [1000, 0], "={{ ['PENDING', 'IN_PROGRESS'].includes($json.update_status) }}", uuid(4, 61)),
		code(uuid(4, 7), 'Result', [1200, 100], `
// One line per EAN: accepted, or why not.
return $input.all().map(({ json }) => ({
  json: {
    ean: json.ean,
    status: json.update_status,
    accepted: json.update_status === 'SUCCESS',
    reason: json.update_fail_reason ?? null,
  },
}));
`),
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
		sticky(uuid(5, 90), [-80, -240], [
			'## Accept returns that arrived',
			'Every hour, each returned unit in state `return_arrived` is accepted (the buyer gets the refund). Put a check in between (an IF on the unit, or a form for your warehouse) if not every return should be accepted.',
		].join('\n'), 520, 180),
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
		sticky(uuid(6, 90), [-80, -300], [
			'## Order units to send → mark them sent (no public URL needed)',
			'**Units to send** checks the marketplace every minute for order units that reached **Need to Be Sent**, so it works where the marketplace cannot reach n8n (a laptop, a NAS, an office server). The first check after publishing starts from now; each unit starts the workflow once.',
			'',
			'**Book parcel** stands in for your carrier: replace it with the call that books the label and returns the tracking number.',
		].join('\n'), 600, 240),
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
		code(uuid(6, 2), 'Book parcel', [240, 0], `
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
`, 'Replace with your carrier'),
		markUnitSent(uuid(6, 3), [480, 0]),
	],
	connect(['Units to send', 'Book parcel'], ['Book parcel', 'Mark unit sent']),
);

// ------------------------------------------------------------------------------------------------
// 7. API v2: request a report, wait until it is generated, download the CSV

const reportAndWait = workflow(
	'exV2ReportWait01',
	'Seller Marketplace (API v2): request a report and download it when done',
	[
		sticky(uuid(7, 90), [-80, -300], [
			'## Request a report, wait for it, download the CSV',
			'**Request report** queues an inventory report (all your offers) for the storefront of the credential. The marketplace generates it within minutes; the loop checks its status every minute until it is no longer `new` or `processing`.',
			'',
			'**Download report** puts the CSV into the binary field `data`: continue with Extract from File, or write it to Google Drive, e-mail or S3. Choose another **Report Type** in *Request report* for sales, cancellations, buy box reports and more.',
		].join('\n'), 640, 240),
		{ id: uuid(7, 1), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		sellerV2(uuid(7, 2), 'Request report', [220, 0], { resource: 'report', operation: 'request', reportType: 'account-listing', storefront: 'credentials', options: {} }),
		wait(uuid(7, 3), 'Wait a minute', [440, 0], 1, 'minutes'),
		sellerV2(uuid(7, 4), 'Get report status', [660, 0], { resource: 'report', operation: 'get', reportId: '={{ $json.id_report }}', options: {} }),
		ifTrue(uuid(7, 5), 'Still being generated?', [880, 0], "={{ ['new', 'processing'].includes(String($json.status).toLowerCase()) }}", uuid(7, 51)),
		sellerV2(uuid(7, 6), 'Download report', [1100, 100], { resource: 'report', operation: 'download', reportId: '={{ $json.id_report }}', binaryPropertyName: 'data' }),
	],
	connect(
		['Start', 'Request report'],
		['Request report', 'Wait a minute'],
		['Wait a minute', 'Get report status'],
		['Get report status', 'Still being generated?'],
		['Still being generated?', 'Wait a minute', 0],
		['Still being generated?', 'Download report', 1],
	),
	['API v2'],
);

export const EXAMPLES: Record<string, ReturnType<typeof workflow>> = {
	'order-new-ship-with-tracking.json': orderNew,
	'inventory-daily-import-file.json': inventory,
	'tickets-interim-notice.json': tickets,
	'product-data-upload-and-status.json': productData,
	'returns-accept-arrived.json': returns,
	'poll-order-units-ship-with-tracking.json': pollShip,
	'v2-report-request-and-wait.json': reportAndWait,
};

if (require.main === module) {
	const dir = join(REPO_ROOT, 'examples');
	mkdirSync(dir, { recursive: true });
	for (const [file, content] of Object.entries(EXAMPLES)) {
		writeFileSync(join(dir, file), JSON.stringify(content, null, 2) + '\n');
		console.log(`examples/${file}`);
	}
}
