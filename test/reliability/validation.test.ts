/**
 * Bad input, table-driven over every operation of the action node: missing, empty, wrong type, out of
 * range, bad format and unknown closed-list values. Each row runs a real workflow with two items, a valid
 * value on item 0 and the bad one on item 1 (through an expression, as n8n refuses literally empty required
 * fields itself), with Continue On Fail so both items run. It asserts what the architecture promises:
 * - item 1 fails with an error that names the field by its form label and says `[item 1]`;
 * - item 1 sent nothing: the sandbox received exactly the requests of item 0 alone (a baseline run of
 *   item 0 only, from the same reset state).
 * The operation list comes from the node description, so a new operation without rows fails the test.
 */
import type { IDataObject, INodeProperties, INodeType } from 'n8n-workflow';

import { SellerMarketplace } from '../../nodes/SellerMarketplace/SellerMarketplace.node';
import type { Sandbox } from '../../sandbox';
import { startStrictSandbox } from '../harness/sandbox';
import { runSellerNode, type NodeRunOptions, type SellerCredentials } from '../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());

const description = (new SellerMarketplace().nodeVersions[1] as INodeType).description;

/** Every resource.operation the node offers, read from its description. */
const operationsOfNode: string[] = description.properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		((property.displayOptions?.show?.resource ?? []) as string[]).flatMap((resource) =>
			(property.options ?? []).map((option) => `${resource}.${String((option as { value: string }).value)}`),
		),
	)
	.sort();

/** Labels of every field the form shows for one operation, collections and fixed collections included. */
function labelsOf(resource: string, operation: string): Set<string> {
	const labels = new Set<string>();
	const visit = (properties: INodeProperties[]) => {
		for (const property of properties) {
			labels.add(property.displayName);
			for (const option of (property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>) {
				if ('type' in option && 'displayName' in option) visit([option as INodeProperties]);
				else if ('values' in option && option.values) visit(option.values);
			}
		}
	};
	visit(
		description.properties.filter((property) => {
			const show = property.displayOptions?.show;
			if (!show) return false;
			const resources = show.resource as string[] | undefined;
			const operations = show.operation as string[] | undefined;
			return !!resources?.includes(resource) && (!operations || operations.includes(operation));
		}),
	);
	return labels;
}

const MISSING = Symbol('missing');
type Bad = unknown;

type Binary = NonNullable<NodeRunOptions['items']>[number]['binary'];

interface Row {
	/** Parameter path, e.g. 'amount', 'filters.createdFrom', 'attributes.attribute.0.value'. */
	field: string;
	/** The form label the error must name. */
	label: string;
	kind: 'missing' | 'empty' | 'wrong type' | 'out of range' | 'bad format' | 'unknown value' | 'no such binary field';
	bad: Bad;
	/** Value for item 0 when the base parameters hold none at `field`. */
	good?: unknown;
	/** Parameters merged over the operation's base for this row only. */
	base?: IDataObject;
	/** Binary data of item 1 when it differs from item 0's. */
	binary1?: Binary;
}

interface Spec {
	/** Valid parameters (resource and operation are added). */
	base: IDataObject;
	/** Resource locator parameters: the bad value goes into their `value`. */
	locators?: string[];
	binary?: Binary;
	rows: Row[];
}

/** Operations with nothing to validate: no field, or only Return All / Limit (see "fields every Get Many shares"). */
const NO_INPUT = ['orderInvoice.getMany', 'shippingGroup.getMany', 'status.ping', 'warehouse.getMany'];

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const PDF = { text: '%PDF-1.4 invoice', fileName: 'invoice.pdf', mimeType: 'application/pdf' };

// Row builders: one row per bad value.
const rows = (field: string, label: string, kind: Row['kind'], values: Bad[], extra: Partial<Row> = {}): Row[] =>
	values.map((bad) => ({ field, label, kind, bad, ...extra }));
const requiredText = (field: string, label: string, extra: Partial<Row> = {}) => [
	...rows(field, label, 'missing', [MISSING], extra),
	...rows(field, label, 'empty', ['', '   '], extra),
];
/** Text that Number() would read as a number, but that is no whole number a seller means (issue 11, item 4). */
const NUMBER_LOOKALIKES = ['0x10', '1e3', '0b11', '0o17', '+5', '12.0'];
const integerId = (field: string, label: string, extra: Partial<Row> = {}) => [
	...requiredText(field, label, extra),
	...rows(field, label, 'wrong type', ['abc', '12a', { id: 5 }, ...NUMBER_LOOKALIKES], extra),
	...rows(field, label, 'out of range', ['-5', '0', '12.5', 1.5, '99999999999999999999', 1e21, 2 ** 53], extra),
];
/** A free-text ID that goes into the path: `.` and `..` would move the signed request elsewhere (issue 11, item 3). */
const textId = (field: string, label: string, extra: Partial<Row> = {}) => [
	...requiredText(field, label, extra),
	...rows(field, label, 'bad format', ['.', '..', ' .. ', '../x', 'a/b', 'a\\b', 'a\nb'], extra),
];
const ean = (field: string, label = 'EAN', extra: Partial<Row> = {}) => [
	...rows(field, label, 'bad format', ['1234567', '123456789012345', '40063813339AB', '4006 3813 3393'], extra),
];
const cents = (field: string, label: string, { zero = false } = {}, extra: Partial<Row> = {}) => [
	...rows(field, label, 'out of range', [-100, 19.99, '12.5', 1e21, '1e21', 2 ** 53, ...(zero ? [0] : [])], extra),
	...rows(field, label, 'wrong type', ['ten', true, ...NUMBER_LOOKALIKES], extra),
];
/** Not dates, impossible dates and dates with trailing text (issue 11, item 5). */
const badDate = (field: string, label: string, extra: Partial<Row> = {}) =>
	rows(
		field,
		label,
		'bad format',
		[
			'yesterday',
			'31/12/2025',
			'not a date',
			'2024-13-45',
			'2023-02-29',
			'2024-01-01T25:61',
			'2024-01-01T10:00:00 garbage',
			'2024-01-01T10:00:00+25:00',
		],
		extra,
	);

const conversationFilterRows = (withTopic: boolean): Row[] => [
	...rows('filters.buyerId', 'Buyer ID', 'wrong type', ['abc'], { good: '12345' }),
	...rows('filters.buyerId', 'Buyer ID', 'out of range', ['-4', '1.5'], { good: '12345' }),
	...badDate('filters.createdFrom', 'Created After', { good: '2025-01-01' }),
	...badDate('filters.updatedFrom', 'Updated After', { good: '2025-01-01' }),
	...rows('filters.status', 'Status', 'unknown value', ['nope'], { good: 'opened' }),
	...rows('filters.openReason', 'Open Reason', 'unknown value', ['nope'], { good: 'product_defect' }),
	...(withTopic ? rows('filters.topic', 'Topic', 'unknown value', ['nope'], { good: 'order_cancel' }) : []),
];

const productDataRows = (): Row[] => [
	...requiredText('ean', 'EAN'),
	...ean('ean'),
	...rows('attributes.attribute.0.value', 'Attributes', 'empty', ['', '  ']),
	...rows('attributes.attribute.0.value', 'Attributes', 'wrong type', [[{ nested: true }]]),
	...rows('attributes.attribute.0.name', 'Attributes', 'empty', ['']),
	...rows('productDataJson', 'Product Data (JSON)', 'bad format', ['{not json', '"just text"'], {
		base: { defineData: 'json' },
		good: '{"title": ["Headphones"]}',
	}),
	...rows(
		'productDataJson',
		'Product Data (JSON)',
		'wrong type',
		['[1, 2]', '{"title": "not a list"}', '{"title": [{"a": 1}]}'],
		{
			base: { defineData: 'json' },
			good: '{"title": ["Headphones"]}',
		},
	),
	...rows('productDataJson', 'Product Data (JSON)', 'empty', ['{}'], {
		base: { defineData: 'json' },
		good: '{"title": ["Headphones"]}',
	}),
];

const productDataBase = {
	ean: '4006381333931',
	defineData: 'fields',
	attributes: { attribute: [{ name: 'title', value: 'Headphones' }] },
};

/** Offer fields of Unit → Create (top level and Additional Fields) and Unit → Update (Update Fields). */
const offerRows = (container: string | undefined, extraBase: IDataObject = {}): Row[] => {
	const at = (name: string) => (container ? `${container}.${name}` : name);
	const withMax = container ? { base: { [container]: { ...extraBase, deliveryTimeMax: 3 } } } : {};
	return [
		...rows(at('condition'), 'Condition', 'unknown value', ['broken'], { good: 'new' }),
		...cents(at('listingPrice'), 'Listing Price (in Cents)', { zero: true }, { good: 1999 }),
		...rows(at('amount'), 'Stock', 'out of range', [-1, 2.5, 1e21], { good: 3 }),
		...rows(at('amount'), 'Stock', 'wrong type', ['many', '1e3', '0x10'], { good: 3 }),
		...cents(at('minimumPrice'), 'Minimum Price (in Cents)', {}, { good: 999 }),
		...rows(at('deliveryTimeMin'), 'Delivery Time Min (Days)', 'out of range', [-1, 1.5, '0b11'], { good: 1 }),
		// more than Delivery Time Max (3)
		...rows(at('deliveryTimeMin'), 'Delivery Time Min (Days)', 'out of range', [5], { good: 1, ...withMax }),
		...rows(at('deliveryTimeMax'), 'Delivery Time Max (Days)', 'out of range', [-2, 2.5], { good: 4 }),
		...rows(at('location'), 'Location', 'bad format', ['Germany', 'D1'], { good: 'DE' }),
	];
};

const SPECS: Record<string, Spec> = {
	'attribute.get': { base: { attributeId: '15' }, rows: integerId('attributeId', 'Attribute ID') },
	'category.get': {
		base: { categoryId: rl('1') },
		locators: ['categoryId'],
		rows: integerId('categoryId', 'Category'),
	},
	'category.getMany': {
		base: { filterBy: 'parent', parentCategory: rl('1'), returnAll: false, limit: 5 },
		locators: ['parentCategory'],
		rows: [
			...integerId('parentCategory', 'Parent Category'),
			...requiredText('searchTerm', 'Search Term', { base: { filterBy: 'search' }, good: 'head' }),
		],
	},
	'category.suggest': {
		base: {
			title: 'Wireless Headphones',
			productDescription: 'Over-ear, noise cancelling',
			manufacturer: 'Nordlicht',
			price: 4999,
		},
		rows: [
			...requiredText('title', 'Product Title'),
			...requiredText('productDescription', 'Product Description'),
			...requiredText('manufacturer', 'Manufacturer'),
			...cents('price', 'Price (in Cents)', { zero: true }),
			...rows('price', 'Price (in Cents)', 'missing', [MISSING]),
		],
	},
	'claim.close': { base: { claimId: '4711' }, rows: integerId('claimId', 'Claim') },
	'claim.getMany': { base: { returnAll: false, limit: 5, filters: {} }, rows: conversationFilterRows(false) },
	'claimMessage.send': {
		base: { claimId: '4711', text: 'We are on it', interimNotice: false },
		rows: [
			...integerId('claimId', 'Claim'),
			...requiredText('text', 'Text'),
			...rows('interimNotice', 'Interim Notice', 'wrong type', ['yes', 1]),
		],
	},
	'importFile.create': {
		base: { uri: 'https://shop.example.com/exports/inventory.csv', type: 'COMMAND' },
		rows: [
			...requiredText('uri', 'File URL'),
			...rows('uri', 'File URL', 'bad format', [
				'not a url',
				'ftp://shop.example.com/a.csv',
				'javascript:alert(1)',
				'https://',
			]),
			...rows('type', 'Type', 'unknown value', ['XML', 'command']),
		],
	},
	'importFile.get': { base: { importFileId: '1234' }, rows: integerId('importFileId', 'Import File') },
	'importFile.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: [
			...badDate('filters.createdFrom', 'Created After', { good: '2025-01-01' }),
			...badDate('filters.updatedFrom', 'Updated After', { good: '2025-01-01' }),
			...rows('filters.status', 'Status', 'unknown value', ['nope'], { good: 'DONE' }),
			...rows('filters.type', 'Type', 'unknown value', ['nope'], { good: 'COMMAND' }),
		],
	},
	'item.get': { base: { itemId: '20574181' }, rows: integerId('itemId', 'Item') },
	'item.search': {
		base: { searchTerm: '', ean: '4006381333931', returnAll: false, limit: 5 },
		rows: [
			...ean('ean'),
			...rows('ean', 'EAN', 'missing', [MISSING, '  ']),
			...rows('searchTerm', 'Search Term', 'missing', [MISSING, ''], { base: { ean: '' }, good: 'headphones' }),
		],
	},
	'order.get': { base: { orderId: rl('MHRYPC1') }, locators: ['orderId'], rows: textId('orderId', 'Order') },
	'order.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: [
			...badDate('filters.createdFrom', 'Created After', { good: '2025-01-01' }),
			...badDate('filters.unitsUpdatedFrom', 'Units Updated After', { good: '2025-01-01T10:00:00' }),
		],
	},
	'orderInvoice.delete': { base: { invoiceId: '5012' }, rows: integerId('invoiceId', 'Invoice') },
	'orderInvoice.download': {
		base: { invoiceId: '5012', binaryPropertyName: 'data' },
		rows: [...integerId('invoiceId', 'Invoice'), ...requiredText('binaryPropertyName', 'Put Output File in Field')],
	},
	'orderInvoice.get': { base: { invoiceId: '5012' }, rows: integerId('invoiceId', 'Invoice') },
	'orderInvoice.upload': {
		base: { orderId: rl('MHRYPC1'), binaryPropertyName: 'data', additionalFields: {} },
		locators: ['orderId'],
		binary: { data: PDF },
		rows: [
			...textId('orderId', 'Order'),
			...rows('binaryPropertyName', 'Input Binary Field', 'no such binary field', ['invoice', '', MISSING]),
			...rows('binaryPropertyName', 'Input Binary Field', 'no such binary field', ['data'], {
				binary1: { other: PDF },
			}),
			...rows('additionalFields.fileName', 'File Name', 'missing', ['  '], {
				binary1: { data: { text: '%PDF', mimeType: 'application/pdf' } },
				good: '',
			}),
		],
	},
	'orderUnit.cancel': {
		base: { orderUnitId: rl('123456789'), reason: 'NoInventory' },
		locators: ['orderUnitId'],
		rows: [
			...integerId('orderUnitId', 'Order Unit'),
			...rows('reason', 'Reason', 'unknown value', ['OutOfStock', '', MISSING]),
		],
	},
	'orderUnit.fulfil': {
		base: { orderUnitId: rl('123456789') },
		locators: ['orderUnitId'],
		rows: integerId('orderUnitId', 'Order Unit'),
	},
	'orderUnit.get': {
		base: { orderUnitId: rl('123456789') },
		locators: ['orderUnitId'],
		rows: integerId('orderUnitId', 'Order Unit'),
	},
	'orderUnit.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: [
			...rows('filters.status', 'Status', 'unknown value', [['nope'], ['sent', 'lost']], { good: ['sent'] }),
			...badDate('filters.createdFrom', 'Created After', { good: '2025-01-01' }),
			...badDate('filters.updatedFrom', 'Updated After', { good: '2025-01-01' }),
		],
	},
	'orderUnit.refund': {
		base: { orderUnitId: rl('123456789'), amount: 500, reason: 'delivery_delay' },
		locators: ['orderUnitId'],
		rows: [
			...integerId('orderUnitId', 'Order Unit'),
			...cents('amount', 'Amount (in Cents)', { zero: true }),
			...rows('amount', 'Amount (in Cents)', 'missing', [MISSING, '']),
			...rows('reason', 'Reason', 'unknown value', ['because', '']),
		],
	},
	'orderUnit.send': {
		base: {
			orderUnitId: rl('123456789'),
			carrierCode: 'DHL',
			trackingNumber: '00340434161094042557',
			additionalFields: {},
		},
		locators: ['orderUnitId'],
		rows: [
			...integerId('orderUnitId', 'Order Unit'),
			...rows('carrierCode', 'Carrier', 'unknown value', ['Pigeon Post', 'dhl', '']),
			...requiredText('trackingNumber', 'Tracking Number'),
			...rows('trackingNumber', 'Tracking Number', 'empty', [' , , ', []]),
			...rows('additionalFields.sourceCountry', 'Source Country', 'bad format', ['Germany', 'D1', 'DEU'], {
				good: 'DE',
			}),
		],
	},
	'productData.createOrReplace': { base: productDataBase, rows: productDataRows() },
	'productData.update': { base: productDataBase, rows: productDataRows() },
	'productData.delete': { base: { ean: '4006381333931' }, rows: [...requiredText('ean', 'EAN'), ...ean('ean')] },
	'productData.get': { base: { ean: '4006381333931' }, rows: [...requiredText('ean', 'EAN'), ...ean('ean')] },
	'productData.getStatus': { base: { ean: '4006381333931' }, rows: [...requiredText('ean', 'EAN'), ...ean('ean')] },
	'return.create': {
		base: { orderUnitIds: '123456789', reason: 'defect', note: 'Screen flickers' },
		rows: [
			...requiredText('orderUnitIds', 'Order Unit IDs'),
			...rows('orderUnitIds', 'Order Unit IDs', 'wrong type', ['abc', '1, x', [1, 'two']]),
			...rows('orderUnitIds', 'Order Unit IDs', 'out of range', ['1.5', '-3', '0']),
			...rows('reason', 'Reason', 'unknown value', ['changed_my_mind', MISSING]),
			...requiredText('note', 'Note'),
			...rows('note', 'Note', 'out of range', ['abcd', ' ab ']),
		],
	},
	'return.get': { base: { returnId: '1234' }, rows: integerId('returnId', 'Return') },
	'return.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: [
			...badDate('filters.createdFrom', 'Created After', { good: '2025-01-01' }),
			...badDate('filters.updatedFrom', 'Updated After', { good: '2025-01-01' }),
			...rows('filters.status', 'Status', 'unknown value', [['nope']], { good: ['package_sent'] }),
		],
	},
	'returnUnit.accept': { base: { returnUnitId: '4321' }, rows: integerId('returnUnitId', 'Return Unit') },
	'returnUnit.clarify': {
		base: { returnUnitId: '4321', message: 'Which part is missing?' },
		rows: [...integerId('returnUnitId', 'Return Unit'), ...requiredText('message', 'Message')],
	},
	'returnUnit.get': { base: { returnUnitId: '4321' }, rows: integerId('returnUnitId', 'Return Unit') },
	'returnUnit.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: [
			...badDate('filters.createdFrom', 'Created After', { good: '2025-01-01' }),
			...rows('filters.status', 'Status', 'unknown value', [['nope']], { good: ['return_arrived'] }),
		],
	},
	'returnUnit.reject': {
		base: { returnUnitId: '4321', message: 'The seal is broken' },
		rows: [...integerId('returnUnitId', 'Return Unit'), ...requiredText('message', 'Message')],
	},
	'returnUnit.repair': { base: { returnUnitId: '4321' }, rows: integerId('returnUnitId', 'Return Unit') },
	'subscription.create': {
		base: {
			eventName: 'order_new',
			callbackUrl: 'https://n8n.example.com/webhook/x/webhook',
			fallbackEmail: 'ops@seller.example',
		},
		rows: [
			...rows('eventName', 'Event', 'unknown value', ['order_deleted', '', MISSING]),
			...requiredText('callbackUrl', 'Callback URL'),
			...rows('callbackUrl', 'Callback URL', 'bad format', [
				'n8n.example.com/webhook',
				'ftp://n8n.example.com/x',
				'http://',
			]),
			...requiredText('fallbackEmail', 'Fallback Email'),
			...rows('fallbackEmail', 'Fallback Email', 'bad format', [
				'ops',
				'ops@seller',
				'a b@seller.example',
				'ops@seller.example, boss@seller.example',
			]),
		],
	},
	'subscription.delete': { base: { subscriptionId: '7' }, rows: integerId('subscriptionId', 'Subscription') },
	'subscription.get': { base: { subscriptionId: '7' }, rows: integerId('subscriptionId', 'Subscription') },
	'subscription.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: rows('filters.eventName', 'Event', 'unknown value', ['order_deleted'], { good: 'order_new' }),
	},
	'subscription.update': {
		base: { subscriptionId: '7', updateFields: { fallbackEmail: 'ops@seller.example' } },
		rows: [
			...integerId('subscriptionId', 'Subscription'),
			...rows('updateFields.callbackUrl', 'Callback URL', 'bad format', ['', 'not a url'], {
				good: 'https://n8n.example.com/webhook/y/webhook',
			}),
			...rows('updateFields.fallbackEmail', 'Fallback Email', 'bad format', ['', 'ops@']),
			...rows('updateFields.eventName', 'Event', 'unknown value', ['order_deleted'], { good: 'order_new' }),
			...rows('updateFields.isActive', 'Active', 'wrong type', ['maybe', 2], { good: true }),
			// nothing to change: the only field resolves to nothing
			...rows('updateFields.isActive', 'Update Fields', 'empty', [MISSING], { base: { updateFields: {} }, good: true }),
		],
	},
	'ticket.close': { base: { ticketId: rl('0013163664') }, locators: ['ticketId'], rows: textId('ticketId', 'Ticket') },
	'ticket.get': { base: { ticketId: rl('0013163664') }, locators: ['ticketId'], rows: textId('ticketId', 'Ticket') },
	'ticket.getMany': { base: { returnAll: false, limit: 5, filters: {} }, rows: conversationFilterRows(true) },
	'ticket.open': {
		base: { orderUnitIds: '123456789', reason: 'product_defect', message: 'Please check the package' },
		rows: [
			...requiredText('orderUnitIds', 'Order Unit IDs'),
			...rows('orderUnitIds', 'Order Unit IDs', 'wrong type', ['abc', '1; 2']),
			...rows('orderUnitIds', 'Order Unit IDs', 'out of range', ['1.5', '-3']),
			...rows('reason', 'Reason', 'unknown value', ['angry', '']),
			...requiredText('message', 'Message'),
		],
	},
	'ticketMessage.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: badDate('filters.writtenFrom', 'Written From', { good: '2025-01-01' }),
	},
	'ticketMessage.send': {
		base: { ticketId: rl('0013163664'), text: 'We are on it', interimNotice: false, additionalFields: {} },
		locators: ['ticketId'],
		binary: { data: PDF },
		rows: [
			...textId('ticketId', 'Ticket'),
			...requiredText('text', 'Text'),
			...rows('interimNotice', 'Interim Notice', 'wrong type', ['yes', 1]),
			...rows(
				'additionalFields.attachments',
				'Attachments (Input Binary Fields)',
				'no such binary field',
				['photo', 'data, photo', 'data, data'],
				{ good: 'data' },
			),
		],
	},
	'unit.create': {
		base: {
			identifyBy: 'ean',
			ean: '4006381333931',
			condition: 'new',
			listingPrice: 1999,
			amount: 3,
			offerId: '',
			additionalFields: {},
		},
		rows: [
			...requiredText('ean', 'EAN'),
			...ean('ean'),
			...integerId('itemId', 'Item', { base: { identifyBy: 'itemId' }, good: '20574181' }),
			...offerRows(undefined).filter((row) => ['condition', 'listingPrice', 'amount'].includes(row.field)),
			...offerRows('additionalFields').filter((row) => /minimumPrice|deliveryTime|location/.test(row.field)),
			// above the Listing Price (1999)
			...rows('additionalFields.minimumPrice', 'Minimum Price (in Cents)', 'out of range', [5000], { good: 999 }),
			...rows('listingPrice', 'Listing Price (in Cents)', 'missing', [MISSING, '']),
			...rows('amount', 'Stock', 'missing', [MISSING]),
		],
	},
	'unit.delete': { base: { unitId: '151177892008' }, rows: integerId('unitId', 'Unit') },
	'unit.get': { base: { unitId: '151177892008' }, rows: integerId('unitId', 'Unit') },
	'unit.getMany': {
		base: { returnAll: false, limit: 5, filters: {} },
		rows: [
			...rows('filters.itemId', 'Item ID', 'wrong type', ['abc', '-1', '1.5'], { good: '20574181' }),
			...ean('filters.ean', 'EAN', { good: '4006381333931' }),
		],
	},
	'unit.update': {
		base: { unitId: '151177892008', updateFields: { listingPrice: 1999 } },
		rows: [
			...integerId('unitId', 'Unit'),
			...offerRows('updateFields', { listingPrice: 1999 }),
			...rows('updateFields.minimumPrice', 'Minimum Price (in Cents)', 'out of range', [5000], { good: 999 }),
			// nothing to change: the only field resolves to nothing
			...rows('updateFields.note', 'Update Fields', 'empty', [MISSING, '  '], {
				base: { updateFields: {} },
				good: 'Like new',
			}),
		],
	},
};

// ----------------------------------------------------------------------------------------------------------

function getPath(object: unknown, path: string[]): unknown {
	return path.reduce<unknown>(
		(value, key) => (value && typeof value === 'object' ? (value as IDataObject)[key] : undefined),
		object,
	);
}

function setPath(object: IDataObject, path: string[], value: unknown): void {
	let current: IDataObject = object;
	path.forEach((key, index) => {
		if (index === path.length - 1) {
			current[key] = value as never;
			return;
		}
		const next = current[key];
		current[key] = (next && typeof next === 'object' ? next : /^\d+$/.test(path[index + 1]) ? [] : {}) as never;
		current = current[key] as IDataObject;
	});
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

interface Case {
	op: string;
	resource: string;
	operation: string;
	spec: Spec;
	row: Row;
}

/** The workflow of a row: parameters with the field read from `$json.v`, item 0 good, item 1 bad. */
function build({ resource, operation, spec, row }: Case) {
	const parameters: IDataObject = { resource, operation, ...clone(spec.base), ...clone(row.base ?? {}) };
	const path = row.field.split('.');
	const locator = spec.locators?.includes(row.field);
	const current = getPath(parameters, path);
	const good = row.good !== undefined ? row.good : locator ? (current as { value: unknown }).value : current;
	if (good === undefined) throw new Error(`row ${row.field} of ${resource}.${operation} has no good value`);
	setPath(parameters, path, locator ? rl('={{ $json.v }}') : '={{ $json.v }}');
	const item0 = { json: { v: good } as IDataObject, ...(spec.binary ? { binary: spec.binary } : {}) };
	const binary1 = row.binary1 ?? spec.binary;
	const item1 = {
		json: (row.bad === MISSING ? {} : { v: row.bad }) as IDataObject,
		...(binary1 ? { binary: binary1 } : {}),
	};
	return { parameters, item0, item1 };
}

/** What a request was, without what differs from run to run (time, signature, sequence). */
const requestsSeen = () =>
	sandbox.control.requests().map((request) => `${request.method} ${request.rawUrl} ${request.body}`);

const cases: Case[] = Object.entries(SPECS).flatMap(([op, spec]) => {
	const [resource, operation] = op.split('.');
	return spec.rows.map((row) => ({ op, resource, operation, spec, row }));
});

const describeBad = (bad: Bad) => (bad === MISSING ? 'missing' : JSON.stringify(bad));

const figures = {
	operations: 0,
	withInput: 0,
	noInput: NO_INPUT.length,
	badInputsTried: 0,
	refusedCorrectly: 0,
	workflowRuns: 0,
};

describe('the table covers every operation of the node', () => {
	it('every operation in the description has rows or is listed as having no input', () => {
		figures.operations = operationsOfNode.length;
		figures.withInput = Object.keys(SPECS).length;
		expect(operationsOfNode.length).toBeGreaterThan(50);
		expect([...Object.keys(SPECS), ...NO_INPUT].sort()).toEqual(operationsOfNode);
		for (const op of NO_INPUT) expect(SPECS[op]).toBeUndefined();
		for (const [op, spec] of Object.entries(SPECS)) expect([op, spec.rows.length > 0]).toEqual([op, true]);
	});

	it('every label a row expects is a label of that operation in the form', () => {
		for (const { resource, operation, row } of cases) {
			const labels = labelsOf(resource, operation);
			const known = labels.has(row.label) || labels.has(`${row.label} Name or ID`);
			expect({ op: `${resource}.${operation}`, label: row.label, known }).toEqual({
				op: `${resource}.${operation}`,
				label: row.label,
				known: true,
			});
		}
	});
});

const baselines = new Map<string, string[]>();

/**
 * What became of item 1: its error message (or what it output instead) and the requests the sandbox got
 * beyond those of item 0 alone. Compared as one object, so a failure shows the whole story.
 */
function outcome(items: Array<{ json: IDataObject; pairedItem?: unknown }>, baseline: string[]) {
	const ofItem1 = items.filter((item) => (item.pairedItem as { item: number } | undefined)?.item === 1);
	const error = ofItem1.length === 1 ? ofItem1[0].json.error : undefined;
	const seen = requestsSeen();
	return {
		item1:
			typeof error === 'string'
				? error
				: `accepted: output ${ofItem1.length} item(s) ${JSON.stringify(ofItem1.map((item) => item.json)).slice(0, 300)}`,
		firstRequestsAreItem0s: seen.slice(0, baseline.length).join('\n') === baseline.join('\n'),
		sentForItem1: seen.slice(baseline.length),
	};
}

const refused = (label: string) => ({
	item1: expect.stringMatching(new RegExp(`${label.replace(/[()]/g, '\\$&')}.*\\[item 1\\]`, 's')),
	firstRequestsAreItem0s: true,
	sentForItem1: [],
});

describe.each(Object.keys(SPECS))('%s', (op) => {
	const opCases = cases.filter((candidate) => candidate.op === op);
	it.each(
		opCases.map(
			(item) => [`${item.row.label} (${item.row.field}): ${item.row.kind} ${describeBad(item.row.bad)}`, item] as const,
		),
	)('%s → error naming the field and [item 1], nothing sent for item 1', async (_name, testCase) => {
		const { parameters, item0, item1 } = build(testCase);
		figures.badInputsTried++;

		// Baseline: item 0 alone, from the seed state. It must pass validation and reach the API.
		const key = JSON.stringify([parameters, item0]);
		if (!baselines.has(key)) {
			sandbox.control.reset();
			const alone = await runSellerNode(credentials, { parameters, items: [item0], continueOnFail: true });
			figures.workflowRuns++;
			expect(alone.error).toBeUndefined();
			expect(String(alone.items[0]?.json.error ?? '')).not.toMatch(/\[item 0\]/);
			baselines.set(key, requestsSeen());
		}
		const baseline = baselines.get(key)!;
		expect(baseline.length).toBeGreaterThan(0);

		sandbox.control.reset();
		const run = await runSellerNode(credentials, { parameters, items: [item0, item1], continueOnFail: true });
		figures.workflowRuns++;
		expect(run.error).toBeUndefined();
		expect(outcome(run.items, baseline)).toEqual(refused(testCase.row.label));
		figures.refusedCorrectly++;
	});
});

describe('fields every Get Many shares (checked once, on Order → Get Many and Order Unit → Get Many)', () => {
	const shared: Array<[string, Case]> = [
		...[-5, 2.5, 'abc', 0, '0x10', '1e3', 1e21].map(
			(bad) =>
				[
					`Limit: out of range ${JSON.stringify(bad)}`,
					{
						op: 'order.getMany',
						resource: 'order',
						operation: 'getMany',
						spec: { base: { returnAll: false, limit: 5, filters: {} }, rows: [] },
						row: { field: 'limit', label: 'Limit', kind: 'out of range', bad },
					},
				] as [string, Case],
		),
		...(
			[
				['maxRetries', 'Max Retries', [-1, 11, 2.5, '0x10', '1e1', 1e21]],
				['pageConcurrency', 'Page Concurrency', [0, 9, 1.5, '0b11', 1e21]],
			] as const
		).flatMap(([name, label, values]) =>
			values.map(
				(bad) =>
					[
						`${label}: out of range ${JSON.stringify(bad)}`,
						{
							op: 'order.getMany',
							resource: 'order',
							operation: 'getMany',
							spec: { base: { returnAll: true, filters: {}, requestOptions: { [name]: 2 } }, rows: [] },
							row: { field: `requestOptions.${name}`, label, kind: 'out of range', bad },
						},
					] as [string, Case],
			),
		),
		[
			'Sort: unknown value',
			{
				op: 'orderUnit.getMany',
				resource: 'orderUnit',
				operation: 'getMany',
				spec: { base: { returnAll: false, limit: 5, options: { sort: 'ts_created:desc' }, filters: {} }, rows: [] },
				row: { field: 'options.sort', label: 'Sort', kind: 'unknown value', bad: 'price:desc' },
			},
		],
		[
			'Include (embedded): unknown value',
			{
				op: 'order.get',
				resource: 'order',
				operation: 'get',
				spec: { base: { orderId: rl('MHRYPC1'), embedded: ['buyer'] }, locators: ['orderId'], rows: [] },
				row: { field: 'embedded', label: 'Include', kind: 'unknown value', bad: ['buyer', 'password_hash'] },
			},
		],
	];
	it.each(shared)('%s → error naming the field and [item 1], nothing sent for item 1', async (_name, testCase) => {
		const { parameters, item0, item1 } = build(testCase);
		figures.badInputsTried++;
		sandbox.control.reset();
		await runSellerNode(credentials, { parameters, items: [item0], continueOnFail: true });
		const baseline = requestsSeen();
		sandbox.control.reset();
		const run = await runSellerNode(credentials, { parameters, items: [item0, item1], continueOnFail: true });
		figures.workflowRuns += 2;
		expect(outcome(run.items, baseline)).toEqual(refused(testCase.row.label));
		figures.refusedCorrectly++;
	});
});

it('reports the figures (for the issue note)', () => {
	console.log(`validation figures: ${JSON.stringify(figures)}`);
	expect(figures.badInputsTried).toBeGreaterThan(300);
});
