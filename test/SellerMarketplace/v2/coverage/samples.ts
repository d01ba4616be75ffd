/**
 * One valid run of operations of node version 2, for the coverage test: the node's parameters (one input item), built
 * from the seeded sandbox, keyed `resource.operation`. Optional for a new operation, whose own test file proves its run
 * (../setup.ts). A sample may prepare the sandbox (e.g. move an order unit to the status the operation needs); it is
 * called after the sandbox was reset to its seed, and the sandbox's request log is cleared after it.
 */
import type { IDataObject } from 'n8n-workflow';

import { formatTimestamp } from '../../../../sandbox';
import type { ImportFile, OrderUnit, SandboxControl, Subscription } from '../../../../sandbox';
import { allCommandFiles, type CommandFileType } from '../../../../sandbox/v2/state/command-files';
import { contactState } from '../../../../sandbox/v2/state/contacts';
import { DONE_AFTER_SECONDS, reportState } from '../../../../sandbox/model/reports';
import { variantSuggestionFilesOf } from '../../../../sandbox/v2/state/variant-suggestions';
import { voucherState, type StoredVoucher } from '../../../../sandbox/v2/state/vouchers';
import { REPORT_TYPES } from '../../../../nodes/SellerMarketplace/v2/actions/report/fields';
import type { NodeRunOptions } from '../../../harness/workflow';

export interface SampleContext {
	control: SandboxControl;
	/** A callback URL that answers the sandbox's subscription challenge. */
	callbackUrl: string;
}

/** Parameters with input items of their own (e.g. one with a binary property to upload) instead of one empty item. */
export class WithInput {
	constructor(readonly parameters: IDataObject, readonly items: NonNullable<NodeRunOptions['items']>) {}
}

/** The node's parameters for one valid run (resource and operation are added), with one empty input item unless WithInput. */
export type Sample = (context: SampleContext) => IDataObject | WithInput;

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

/** An order unit of the merchant (not fulfilled by the marketplace) on storefront de, in `status`, never refunded. */
function orderUnitIn({ control }: SampleContext, status: string): OrderUnit {
	const unit = control.db.orderUnits.find(
		(candidate) =>
			!candidate._fulfilled_by_marketplace && (candidate._storefront ?? 'de') === 'de' && candidate.status === status && !candidate._refunds.length,
	);
	if (!unit) throw new Error(`The seed has no merchant order unit in status ${status} on de`);
	return unit;
}

/** The first unit (offer) on storefront de that is not a download. */
function unitOnDe({ control }: SampleContext): number {
	return control.db.units.find((unit) => (unit._storefront ?? 'de') === 'de' && unit.condition !== 'download')!.id_unit;
}

/** An EAN of a product that has no unit on storefront de yet. */
function freeEan({ control }: SampleContext): string {
	const { db } = control;
	return db.items.find((item) => !db.units.some((unit) => unit.id_item === item.id_item && (unit._storefront ?? 'de') === 'de'))!.eans[0];
}

/** A v2 subscription on de, added to the store. */
function subscription({ control, callbackUrl }: SampleContext): number {
	const added: Subscription = {
		id_subscription: 1 + Math.max(0, ...control.db.subscriptions.map((existing) => existing.id_subscription)),
		callback_url: callbackUrl,
		fallback_email: 'ops@example.com',
		event_name: 'order_new',
		is_active: true,
		_api: 'v2',
		_storefront: 'de',
	};
	control.db.subscriptions.push(added);
	return added.id_subscription;
}

function openOrderUnit(context: SampleContext): number {
	const unit = orderUnitIn(context, 'need_to_be_sent');
	context.control.setStatus('orderUnits', unit.id_order_unit, 'open');
	return unit.id_order_unit;
}

/** Input items, one per value, each `{ json: value }`: for an operation whose form picks one of its endpoints per item. */
const eachOf = (parameters: IDataObject, values: IDataObject[]) => new WithInput(parameters, values.map((json) => ({ json })));

/** A report requested `ageSeconds` ago, added to the store. */
function report({ control }: SampleContext, ageSeconds: number): string {
	const state = reportState(control.db);
	state.rows.push({
		id_report: ++state.lastId,
		report_name: 'account-listing',
		storefront: 'de',
		parameters: [],
		date_requested: formatTimestamp(control.now() - ageSeconds * 1000),
		_access_token: 'coverage-sample-token',
	});
	return String(state.lastId);
}

/** A done import file of `type`, added to `files` (the store's product data files, or the variant suggestion files). */
function doneImportFile({ control }: SampleContext, type: string, files: ImportFile[]): number {
	const now = formatTimestamp(control.now());
	const file: ImportFile = {
		id_import_file: 1 + Math.max(0, ...files.map((existing) => existing.id_import_file)),
		uri: 'http://127.0.0.1/products.csv',
		status: 'DONE',
		type,
		note: '',
		total_lines: 1,
		current_line: 1,
		error_count: 0,
		product_feed_async_done: 1,
		ts_created: now,
		ts_updated: now,
		ts_last_row_updated: now,
		ts_completed: now,
		_errors: [],
	};
	files.push(file);
	return file.id_import_file;
}

/** A done product data import file, added to the store. */
const productDataFile = (context: SampleContext) => doneImportFile(context, 'PRODUCT_FEED', context.control.db.importFiles);

/** One input item per file type, `{kind, id}` with the ID of a done file of that type: for the import file operations. */
const importFilesOfEachKind = (context: SampleContext) => [
	{ kind: 'productData', id: productDataFile(context) },
	{ kind: 'variantSuggestions', id: doneImportFile(context, 'VARIANT_SUGGESTIONS', variantSuggestionFilesOf(context.control.db)) },
];

/** A finished v2 command import file (inventory feed, inventory command or order command), added to the store. */
function commandFile({ control }: SampleContext, type: CommandFileType, storefront: string | null): string {
	const { db } = control;
	const now = formatTimestamp(control.now());
	const id = (db.lastIds.importFiles = 1 + Math.max(db.lastIds.importFiles ?? 0, ...db.importFiles.map((file) => file.id_import_file)));
	allCommandFiles(db).push({
		id_import_file: id,
		uri: 'http://127.0.0.1/file.csv',
		status: 'IMPORTED',
		type,
		storefront,
		note: '',
		total_lines: 1,
		current_line: 1,
		error_count: 0,
		product_feed_async_done: 0,
		ts_created: now,
		ts_updated: now,
		ts_last_row_updated: now,
		ts_completed: now,
		_errors: [],
	});
	return String(id);
}

/** The manufacturer contact of a manufacturer and of a product, added to the store: the two owners GPSR Contact names. */
function gpsrContacts({ control }: SampleContext): IDataObject[] {
	const [item] = control.db.items;
	const contact = {
		contact_type: 'manufacturer',
		contact: {
			name: 'Kaffeewerk GmbH',
			postal_address: { street: 'Hauptstraße', house_number: '5a', city: 'Köln', postal_code: '50667', country_code: 'DE', address_additional: null },
			contact_info: { email_address: 'gpsr@kaffeewerk.example', phone_number: null },
		},
		created_at: formatTimestamp(control.now()).replace(' ', 'T') + 'Z',
		updated_at: null,
	};
	const state = contactState(control.db);
	state[`manufacturer:${item.manufacturer}`] = { manufacturer: contact };
	state[`product:${item.eans[0]}`] = { manufacturer: contact };
	return [
		{ contactFor: 'manufacturer', manufacturerName: item.manufacturer },
		{ contactFor: 'product', ean: item.eans[0] },
	];
}

const gpsrOwner = { contactFor: '={{ $json.contactFor }}', manufacturerName: '={{ $json.manufacturerName }}', ean: '={{ $json.ean }}' };
const gpsrAddress = { name: 'Kaffeewerk GmbH', street: 'Hauptstraße', houseNumber: '5a', city: 'Köln', countryCode: 'de', additionalFields: { postalCode: '50667', email: 'gpsr@kaffeewerk.example' } };

/** The first return unit of the seed in `status`. */
function returnUnitIn({ control }: SampleContext, status: string): number {
	const unit = control.db.returnUnits.find((candidate) => candidate.status === status);
	if (!unit) throw new Error(`The seed has no return unit in status ${status}`);
	return unit.id_return_unit;
}

function openTicket({ control }: SampleContext): string {
	const ticket = control.db.tickets.find((candidate) => candidate.status === 'opened');
	if (!ticket) throw new Error('The seed has no open ticket');
	return ticket.id_ticket;
}

/** The order and invoice IDs of the seed's first uploaded invoice. */
function invoice({ control }: SampleContext): IDataObject {
	const [stored] = control.db.orderInvoices;
	if (!stored) throw new Error('The seed has no order invoice');
	return { orderId: byId(stored.id_order), invoiceId: String(stored.id_invoice) };
}

/** A warehouse that is not the default and that no unit uses, added to the store. */
function spareWarehouse({ control }: SampleContext): number {
	const { warehouses } = control.db;
	const id = 1 + Math.max(0, ...warehouses.map((existing) => existing.id_warehouse));
	warehouses.push({
		id_warehouse: id,
		name: 'Coverage Spare Warehouse',
		address: { street: 'Bahnhofstraße', house_number: '1', postcode: '86150', city: 'Augsburg', country: 'DE', phone: '' },
		is_pickup_possible: false,
		is_default: false,
	});
	return id;
}

/** A seeded return still open for more units, and a sent or received unit of its order that is in no return. */
export function returnWithRoom({ control }: SampleContext): { idReturn: number; idOrderUnit: number } {
	const { db } = control;
	const inReturn = (id: number) => db.returnUnits.some((line) => line.id_order_unit === id);
	for (const record of db.returns.filter((candidate) => ['return_requested', 'label_generated'].includes(candidate.status))) {
		const returned = db.orderUnits.find((unit) => unit.id_order_unit === db.returnUnits.find((line) => line.id_return === record.id_return)?.id_order_unit);
		const free = db.orderUnits.find(
			(unit) => unit.id_order === returned?.id_order && ['sent', 'received'].includes(unit.status) && !inReturn(unit.id_order_unit),
		);
		if (free) return { idReturn: record.id_return, idOrderUnit: free.id_order_unit };
	}
	throw new Error('The seed has no open return with a free unit of its order');
}

/** The sandbox clock's date, YYYY-MM-DD. */
const today = (control: SandboxControl, days = 0) => new Date(control.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A voucher that starts tomorrow (status new), added to the store. */
function voucher({ control }: SampleContext): StoredVoucher {
	const state = voucherState(control.db);
	const added: StoredVoucher = {
		id_voucher: ++state.lastId,
		title: 'Coverage Voucher',
		storefront: 'de',
		discount_type: 'ABSOLUTE',
		discount_amount: 500,
		begin_at: today(control, 1),
		end_at: today(control, 8),
		created_at: '2026-11-01T10:00:00Z',
		usage_limit: 10,
		export_to_third_parties: false,
		products: [control.db.items[0].id_item],
		redemptions: {},
	};
	state.rows.push(added);
	return added;
}

/** The attribute with a shared set in the sandbox. */
const manufacturerAttribute = ({ control }: SampleContext) => String(control.db.attributes.find((attribute) => attribute.name === 'manufacturer')!.id_attribute);

const warehouseForm = { name: 'Lager Nord', street: 'Hafenweg', houseNumber: '3a', postcode: '24103', city: 'Kiel', country: 'de', phone: '+49 431 55555' };

export const samples: Record<string, Sample> = {
	'status.ping': () => ({}),
	'carrier.getMany': () => ({}),
	'order.getMany': () => ({ returnAll: false, limit: 5 }),
	'order.get': ({ control }) => ({ orderId: byId(control.db.orders.find((order) => !order._fulfilled_by_marketplace)!.id_order) }),
	'orderUnit.getMany': () => ({ returnAll: false, limit: 5 }),
	'orderUnit.get': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'sent').id_order_unit) }),
	'orderUnit.send': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'need_to_be_sent').id_order_unit), carrierCode: 'DHL', trackingNumbers: '00340434161094042557' }),
	'orderUnit.cancel': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'need_to_be_sent').id_order_unit), reason: 'NoInventory' }),
	'orderUnit.fulfil': (context) => ({ orderUnitId: byId(openOrderUnit(context)) }),
	'orderUnit.refund': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'sent').id_order_unit), amount: 100, reason: 'delivery_delay' }),
	'subscription.create': ({ callbackUrl }) => ({ eventName: 'order_new', callbackUrl, fallbackEmail: 'ops@example.com' }),
	'subscription.getMany': () => ({ returnAll: true }),
	'subscription.get': (context) => ({ subscriptionId: String(subscription(context)) }),
	'subscription.update': (context) => ({ subscriptionId: subscription(context), updateFields: { isActive: false } }),
	'subscription.delete': (context) => ({ subscriptionId: String(subscription(context)) }),
	'unit.getMany': () => ({ returnAll: false, limit: 5 }),
	'unit.get': (context) => ({ unitId: String(unitOnDe(context)) }),
	'unit.create': (context) => ({ identifyBy: 'ean', ean: freeEan(context), offerId: 'SKU-COVERAGE-1', condition: 'NEW', listingPrice: 1999, handlingTime: 2 }),
	'unit.update': (context) => ({ unitId: String(unitOnDe(context)), updateFields: { amount: 3 } }),
	// Four units of one storefront take their prices from its offer list, one of another is read by itself.
	'unit.updateMany': ({ control }) => {
		const offers = control.db.units.filter((unit) => unit.condition !== 'download');
		const on = (storefront: string) => offers.filter((unit) => (unit._storefront ?? 'de') === storefront);
		const other = offers.find((unit) => (unit._storefront ?? 'de') !== 'de')!;
		return eachOf({ unitId: '={{ $json.id }}', storefront: '={{ $json.storefront }}', updateFields: { handlingTime: 3 } }, [
			...on('de').slice(0, 4).map((unit) => ({ id: unit.id_unit, storefront: 'de' })),
			{ id: other.id_unit, storefront: other._storefront! },
		]);
	},
	'unit.getStatus': (context) => new WithInput({ unitId: '={{ $json.id }}' }, [{ json: { id: unitOnDe(context) } }]),
	'unit.delete': (context) => ({ unitId: String(unitOnDe(context)) }),
	'info.getLocales': () => ({}),
	'info.getStorefronts': () => ({}),
	'info.getVatRates': () => ({ storefront: 'at' }),
	'info.lookupCommissionRates': ({ control }) => ({ storefront: 'de', eans: control.db.items[0].eans[0] }),
	'buybox.getRankings': ({ control }) => ({ productId: String(control.db.units.find((unit) => unit.id_offer === 'SKU-00002')!.id_item), condition: 'new' }),
	'assortmentInsight.getMany': () => ({ returnAll: false, limit: 3 }),
	'gpsrContact.getMany': (context) => eachOf(gpsrOwner, gpsrContacts(context)),
	'gpsrContact.upsert': (context) => eachOf({ ...gpsrOwner, contactType: 'eu-responsible-person', ...gpsrAddress }, gpsrContacts(context)),
	'gpsrContact.delete': (context) => eachOf({ ...gpsrOwner, contactType: 'manufacturer' }, gpsrContacts(context)),
	'report.request': (context) =>
		eachOf(
			{ reportType: '={{ $json.type }}', storefront: 'de', dateFrom: '2024-01-01', dateTo: '2024-01-31', importFileId: String(productDataFile(context)) },
			REPORT_TYPES.filter(({ value }) => value !== 'eans-not-found').map(({ value }) => ({ type: value })),
		),
	'report.requestEansNotFound': () => ({ storefront: 'cz' }),
	'report.getMany': () => ({ storefront: 'all', returnAll: false, limit: 5 }),
	'report.get': (context) => ({ reportId: report(context, 0) }),
	'report.download': (context) => ({ reportId: report(context, DONE_AFTER_SECONDS) }),
	'product.get': ({ control }) =>
		eachOf({ identifyBy: '={{ $json.by }}', ean: '={{ $json.ean }}', productId: '={{ $json.id }}' }, [
			{ by: 'ean', ean: control.db.items[0].eans[0] },
			{ by: 'id', id: control.db.items[1].id_item },
		]),
	'product.search': () => ({ q: 'a', returnAll: false, limit: 2 }),
	'category.get': ({ control }) => ({ categoryId: byId(control.db.categories.find((category) => category._is_leaf)!.id_category) }),
	'category.getMany': () => ({ returnAll: false, limit: 5 }),
	'category.getTree': () => ({}),
	'category.suggest': () => ({ title: 'Apfel Smartphones 128 GB', description: 'Ein Telefon', manufacturer: 'Apfel', price: 49999 }),
	'attribute.get': () => eachOf({ identifyBy: '={{ $json.by }}', name: '={{ $json.name }}', attributeId: '={{ $json.id }}' }, [{ by: 'name', name: 'title' }, { by: 'id', id: 3 }]),
	'attribute.getMany': () => eachOf({ returnAll: true, filters: { q: '={{ $json.q }}' } }, [{ q: '' }, { q: 'beschreibung' }]),
	'attribute.getSharedSetValues': (context) => ({ attributeId: manufacturerAttribute(context), locale: 'de-DE', returnAll: true }),
	'attribute.downloadSharedSet': (context) => ({ attributeId: manufacturerAttribute(context), locale: 'de-DE' }),
	'productData.createOrReplace': () => ({
		ean: '4006381333931',
		defineData: 'fields',
		attributes: { attribute: [{ name: 'title', value: 'Kopfhörer X1' }, { name: 'description', value: 'Leichte Kopfhörer' }] },
	}),
	'productData.update': ({ control }) => ({ ean: control.db.productData[0].ean, attributes: { attribute: [{ name: 'description', value: 'Neu' }] } }),
	'productData.get': ({ control }) => ({ ean: control.db.productData[0].ean }),
	'productData.getStatus': ({ control }) => ({ ean: control.db.productData[0].ean }),
	'productData.delete': ({ control }) => ({ ean: control.db.productData[0].ean }),
	'importFile.create': (context) => eachOf({ fileType: '={{ $json.kind }}', url: context.callbackUrl }, importFilesOfEachKind(context)),
	'importFile.getMany': (context) => eachOf({ fileType: '={{ $json.kind }}', returnAll: true }, importFilesOfEachKind(context)),
	'importFile.get': (context) => eachOf({ fileType: '={{ $json.kind }}', importFileId: '={{ $json.id }}' }, importFilesOfEachKind(context)),
	'importFile.createInventoryFeed': ({ callbackUrl }) => ({ url: callbackUrl }),
	'importFile.getInventoryFeed': (context) => ({ importFileId: commandFile(context, 'INVENTORY_FEED', 'de') }),
	'importFile.getManyInventoryFeeds': () => ({ returnAll: true }),
	'importFile.createInventoryCommandFile': ({ callbackUrl }) => ({ storefront: 'cz', url: callbackUrl }),
	'importFile.getInventoryCommandFile': (context) => ({ storefront: 'cz', importFileId: commandFile(context, 'INVENTORY_COMMAND', 'cz') }),
	'importFile.getManyInventoryCommandFiles': () => ({ returnAll: false, limit: 5 }),
	'importFile.createOrderCommandFile': ({ callbackUrl }) => ({ url: callbackUrl }),
	'importFile.getOrderCommandFile': (context) => ({ importFileId: commandFile(context, 'ORDER_COMMAND', null), waitForResult: true }),
	'importFile.getManyOrderCommandFiles': () => ({ returnAll: true, filters: { status: 'IMPORTED' } }),
	'orderInvoice.upload': ({ control }) =>
		new WithInput({ orderId: byId(control.db.orders.find((order) => !order._fulfilled_by_marketplace && (order._storefront ?? 'de') === 'de')!.id_order), binaryPropertyName: 'invoice' }, [
			{ json: {}, binary: { invoice: { text: '%PDF-1.4\n%%EOF\n', fileName: 'invoice-1.pdf', mimeType: 'application/pdf' } } },
		]),
	'orderInvoice.getMany': () => ({ returnAll: false, limit: 5 }),
	'orderInvoice.get': (context) => invoice(context),
	'orderInvoice.download': (context) => invoice(context),
	'orderInvoice.delete': (context) => invoice(context),
	'return.getMany': () => ({ returnAll: false, limit: 5 }),
	'return.get': ({ control }) => ({ returnId: byId(control.db.returns[0].id_return) }),
	'return.create': (context) => ({ orderUnitIds: String(orderUnitIn(context, 'sent').id_order_unit), reason: 'wrong_size', note: 'Buyer called: too small' }),
	'return.addOrderUnits': (context) => {
		const { idReturn, idOrderUnit } = returnWithRoom(context);
		return { returnId: byId(idReturn), orderUnitIds: String(idOrderUnit), reason: 'defect', note: 'Second unit broken too' };
	},
	'returnUnit.getMany': () => ({ returnAll: false, limit: 5 }),
	'returnUnit.get': ({ control }) => ({ returnUnitId: byId(control.db.returnUnits[0].id_return_unit) }),
	'returnUnit.accept': (context) => ({ returnUnitId: byId(returnUnitIn(context, 'return_arrived')) }),
	'returnUnit.repair': (context) => ({ returnUnitId: byId(returnUnitIn(context, 'return_arrived')) }),
	'returnUnit.reject': (context) => ({ returnUnitId: byId(returnUnitIn(context, 'need_to_be_returned')), message: 'Seal broken, item used' }),
	'returnUnit.clarify': (context) => ({ returnUnitId: byId(returnUnitIn(context, 'need_to_be_returned')), message: 'Please send a photo' }),
	'ticket.getMany': () => ({ returnAll: false, limit: 5 }),
	'ticket.getManyMessages': () => ({ returnAll: false, limit: 5 }),
	'ticket.get': (context) => ({ ticketId: byId(openTicket(context)) }),
	'ticket.open': (context) => ({ orderUnitIds: String(orderUnitIn(context, 'sent').id_order_unit), reason: 'product_not_delivered', message: 'Your parcel is on its way' }),
	'ticket.sendMessage': (context) => ({ ticketId: byId(openTicket(context)), text: 'Thank you, we are on it' }),
	'ticket.close': (context) => ({ ticketId: byId(openTicket(context)) }),
	'warehouse.getMany': () => ({ returnAll: true }),
	'warehouse.get': ({ control }) => ({ warehouseId: byId(control.db.warehouses[0].id_warehouse) }),
	'warehouse.create': () => warehouseForm,
	'warehouse.update': (context) => ({ warehouseId: byId(spareWarehouse(context)), ...warehouseForm }),
	'warehouse.delete': (context) => ({ warehouseId: byId(spareWarehouse(context)) }),
	'shippingGroup.getMany': () => ({ returnAll: false, limit: 5 }),
	'shippingGroup.get': () => ({ shippingGroupId: 2 }),
	'shipment.add': (context) => ({ orderUnitId: byId(orderUnitIn(context, 'sent').id_order_unit), carrierCode: 'GLS', trackingNumber: '60012345678' }),
	'shipment.getAddresses': () => ({ returnAll: false, limit: 5 }),
	'shippingLabel.create': (context) => ({ orderUnitIds: String(orderUnitIn(context, 'need_to_be_sent').id_order_unit), weightGram: 1500, lengthCm: 30, widthCm: 20, heightCm: 10 }),
	'similarProduct.getGroups': () => ({ storefront: 'de', returnAll: false, limit: 3 }),
	'similarProduct.getVirtualBuybox': (context) => ({ identifyBy: 'id', productId: String(context.control.db.units.find((unit) => unit.id_offer === 'SKU-00002')!.id_item) }),
	'voucher.create': ({ control }) => ({ title: 'Coverage Sale', discountType: 'PERCENTAGE', discountPercent: 10, beginAt: today(control), endAt: today(control), usageLimit: 5, productIds: String(control.db.items[0].id_item) }),
	'voucher.getMany': () => ({ storefront: 'all', returnAll: true }),
	'voucher.get': (context) => ({ voucherId: String(voucher(context).id_voucher) }),
	'voucher.getProducts': (context) => ({ voucherId: String(voucher(context).id_voucher), returnAll: true }),
	'voucher.deactivate': (context) => ({ voucherId: String(voucher(context).id_voucher) }),
	'voucher.delete': (context) => ({ voucherId: String(voucher(context).id_voucher) }),
};
