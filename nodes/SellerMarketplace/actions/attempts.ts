/**
 * What each operation attempts, in the words its failures' headline uses: "Could not <words>: <reason>". A word in
 * braces is a field of the operation, filled with the item's value (the record's ID); of several phrases, the first
 * whose fields all have a value is used, so the last one names no record. The words are the operations' own, not
 * their labels: renaming an action in the form does not change an error. An operation that declares `attempt` (with
 * `{id}` for the record it names) uses that instead; test/SellerMarketplace/errors/wording.test.ts checks that every operation has
 * words from exactly one of the two.
 */

/** The phrases of one operation, most specific first. */
export type AttemptPhrases = string | readonly string[];

type AttemptWords = Readonly<Record<string, Readonly<Record<string, AttemptPhrases>>>>;

/** Node version 1 (API v1), by resource and operation. */
export const ATTEMPTS_V1: AttemptWords = {
	status: {
		ping: 'check the connection',
	},
	category: {
		get: ['get category {categoryId}', 'get a category'],
		getMany: ['get many categories for parent category {parentCategory}', 'get many categories'],
		suggest: 'suggest categories for a product',
	},
	attribute: {
		get: ['get category attribute {attributeId}', 'get a category attribute'],
	},
	claim: {
		getMany: 'get many claims',
		close: ['close claim {claimId}', 'close a claim'],
	},
	importFile: {
		create: 'create an import file',
		getMany: 'get many import files',
		get: ['get import file {importFileId}', 'get an import file'],
	},
	item: {
		get: ['get item {itemId}', 'get an item'],
		search: ['search items for EAN {ean}', 'search items'],
	},
	order: {
		get: ['get order {orderId}', 'get an order'],
		getMany: 'get many orders',
	},
	orderInvoice: {
		delete: ['delete order invoice {invoiceId}', 'delete an order invoice'],
		download: ['download order invoice {invoiceId}', 'download an order invoice'],
		get: ['get order invoice {invoiceId}', 'get an order invoice'],
		getMany: 'get many order invoices',
		upload: ['upload an order invoice for order {orderId}', 'upload an order invoice'],
	},
	orderUnit: {
		cancel: ['cancel order unit {orderUnitId}', 'cancel an order unit'],
		fulfil: ['confirm fulfilment of order unit {orderUnitId}', 'confirm fulfilment of an order unit'],
		get: ['get order unit {orderUnitId}', 'get an order unit'],
		getMany: 'get many order units',
		refund: ['refund order unit {orderUnitId}', 'refund an order unit'],
		send: ['mark order unit {orderUnitId} as sent', 'mark an order unit as sent'],
	},
	productData: {
		createOrReplace: ['create or replace product data for EAN {ean}', 'create or replace product data'],
		update: ['update product data for EAN {ean}', 'update product data'],
		delete: ['delete product data for EAN {ean}', 'delete product data'],
		getStatus: ['get the product data status for EAN {ean}', 'get the product data status'],
		get: ['get product data for EAN {ean}', 'get product data'],
	},
	return: {
		create: 'create a return',
		get: ['get return {returnId}', 'get a return'],
		getMany: 'get many returns',
	},
	returnUnit: {
		accept: ['accept returned unit {returnUnitId}', 'accept a returned unit'],
		clarify: ['ask the buyer to clarify returned unit {returnUnitId}', 'ask the buyer to clarify a returned unit'],
		get: ['get returned unit {returnUnitId}', 'get a returned unit'],
		getMany: 'get many returned units',
		reject: ['reject returned unit {returnUnitId}', 'reject a returned unit'],
		repair: ['send returned unit {returnUnitId} to repair', 'send a returned unit to repair'],
	},
	shippingGroup: {
		getMany: 'get many shipping groups',
	},
	subscription: {
		create: 'create a subscription',
		getMany: 'get many subscriptions',
		get: ['get subscription {subscriptionId}', 'get a subscription'],
		update: ['update subscription {subscriptionId}', 'update a subscription'],
		delete: ['delete subscription {subscriptionId}', 'delete a subscription'],
	},
	ticket: {
		getMany: 'get many tickets',
		get: ['get ticket {ticketId}', 'get a ticket'],
		open: 'open a ticket',
		close: ['close ticket {ticketId}', 'close a ticket'],
	},
	ticketMessage: {
		getMany: 'get many ticket messages',
	},
	unit: {
		create: [
			'create a unit for offer {offerId}',
			'create a unit for EAN {ean}',
			'create a unit for item {itemId}',
			'create a unit',
		],
		getMany: 'get many units',
		get: ['get unit {unitId}', 'get a unit'],
		update: ['update unit {unitId}', 'update a unit'],
		delete: ['delete unit {unitId}', 'delete a unit'],
	},
	warehouse: {
		getMany: 'get many warehouses',
	},
};

/** Node version 2 (API v2), by resource and operation. */
export const ATTEMPTS_V2: AttemptWords = {
	status: {
		ping: 'ping the API',
	},
	carrier: {
		getMany: 'get many carriers',
	},
	order: {
		get: ['get order {orderId}', 'get an order'],
		getMany: 'get many orders',
	},
	orderUnit: {
		cancel: ['cancel order unit {orderUnitId}', 'cancel an order unit'],
		fulfil: ['confirm fulfilment of order unit {orderUnitId}', 'confirm fulfilment of an order unit'],
		get: ['get order unit {orderUnitId}', 'get an order unit'],
		getMany: 'get many order units',
		refund: ['refund order unit {orderUnitId}', 'refund an order unit'],
		send: ['mark order unit {orderUnitId} as sent', 'mark an order unit as sent'],
	},
	subscription: {
		create: 'create a subscription',
		delete: ['delete subscription {subscriptionId}', 'delete a subscription'],
		get: ['get subscription {subscriptionId}', 'get a subscription'],
		getMany: 'get many subscriptions',
		update: ['update subscription {subscriptionId}', 'update a subscription'],
	},
	unit: {
		create: [
			'create a unit for offer {offerId}',
			'create a unit for EAN {ean}',
			'create a unit for product {productId}',
			'create a unit',
		],
		delete: ['delete unit {unitId}', 'delete a unit'],
		get: ['get unit {unitId}', 'get a unit'],
		getMany: 'get many units',
		update: ['update unit {unitId}', 'update a unit'],
	},
	product: {
		get: ['get product {productId}', 'get a product for EAN {ean}', 'get a product'],
		search: 'search products',
	},
	productData: {
		createOrReplace: ['create or replace product data for EAN {ean}', 'create or replace product data'],
		delete: ['delete product data for EAN {ean}', 'delete product data'],
		get: ['get product data for EAN {ean}', 'get product data'],
		getStatus: ['get the status of product data for EAN {ean}', 'get the status of product data'],
		update: ['update product data for EAN {ean}', 'update product data'],
	},
	category: {
		get: ['get category {categoryId}', 'get a category'],
		getMany: 'get many categories',
		getTree: 'get the category tree',
		suggest: 'suggest categories for a product',
	},
	attribute: {
		downloadSharedSet: [
			'download the shared set of attribute {attributeId}',
			'download the shared set of an attribute',
		],
		get: ['get attribute {attributeId}', 'get an attribute'],
		getMany: 'get many attributes',
		getSharedSetValues: [
			'get the shared set values of attribute {attributeId}',
			'get the shared set values of an attribute',
		],
	},
	importFile: {
		create: 'create an import file',
		get: ['get import file {importFileId}', 'get an import file'],
		getMany: 'get many import files',
		createInventoryFeed: 'create an inventory feed',
		getInventoryFeed: ['get an inventory feed for import file {importFileId}', 'get an inventory feed'],
		getManyInventoryFeeds: 'get many inventory feeds',
		createInventoryCommandFile: 'create an inventory command file',
		getInventoryCommandFile: [
			'get an inventory command file for import file {importFileId}',
			'get an inventory command file',
		],
		getManyInventoryCommandFiles: 'get many inventory command files',
		createOrderCommandFile: 'create an order command file',
		getOrderCommandFile: ['get an order command file for import file {importFileId}', 'get an order command file'],
		getManyOrderCommandFiles: 'get many order command files',
	},
	report: {
		download: ['download report {reportId}', 'download a report'],
		get: ['get report {reportId}', 'get a report'],
		getMany: 'get many reports',
		request: ['request a report for import file {importFileId}', 'request a report'],
		requestEansNotFound: 'request an EANs not found report',
	},
	info: {
		getLocales: 'get the locales',
		getStorefronts: 'get the storefronts',
		getVatRates: 'get the VAT rates',
		lookupCommissionRates: 'look up commission rates',
	},
	gpsrContact: {
		upsert: ['create or update a GPSR contact for EAN {ean}', 'create or update a GPSR contact'],
		delete: ['delete a GPSR contact for EAN {ean}', 'delete a GPSR contact'],
		getMany: ['get GPSR contacts for EAN {ean}', 'get GPSR contacts'],
	},
	assortmentInsight: {
		getMany: 'get many assortment insights',
	},
	orderInvoice: {
		delete: [
			'delete order invoice {invoiceId}',
			'delete an order invoice for order {orderId}',
			'delete an order invoice',
		],
		download: [
			'download order invoice {invoiceId}',
			'download an order invoice for order {orderId}',
			'download an order invoice',
		],
		get: ['get order invoice {invoiceId}', 'get an order invoice for order {orderId}', 'get an order invoice'],
		getMany: 'get many order invoices',
		upload: ['upload an order invoice for order {orderId}', 'upload an order invoice'],
	},
	return: {
		addOrderUnits: ['add order units to return {returnId}', 'add order units to a return'],
		create: 'create a return',
		get: ['get return {returnId}', 'get a return'],
		getMany: 'get many returns',
	},
	returnUnit: {
		accept: ['accept return unit {returnUnitId}', 'accept a return unit'],
		clarify: ['ask to clarify return unit {returnUnitId}', 'ask to clarify a return unit'],
		get: ['get return unit {returnUnitId}', 'get a return unit'],
		getMany: 'get many return units',
		reject: ['reject return unit {returnUnitId}', 'reject a return unit'],
		repair: ['send return unit {returnUnitId} to repair', 'send a return unit to repair'],
	},
	ticket: {
		close: ['close ticket {ticketId}', 'close a ticket'],
		get: ['get ticket {ticketId}', 'get a ticket'],
		getMany: 'get many tickets',
		getManyMessages: 'get many ticket messages',
		open: 'open a ticket',
		sendMessage: ['send a message to ticket {ticketId}', 'send a message to a ticket'],
	},
	warehouse: {
		create: 'create a warehouse',
		delete: ['delete warehouse {warehouseId}', 'delete a warehouse'],
		get: ['get warehouse {warehouseId}', 'get a warehouse'],
		getMany: 'get many warehouses',
		update: ['update warehouse {warehouseId}', 'update a warehouse'],
	},
	shippingGroup: {
		get: ['get shipping group {shippingGroupId}', 'get a shipping group'],
		getMany: 'get many shipping groups',
	},
	shipment: {
		getAddresses: 'get shipping addresses',
	},
	shippingLabel: {
		create: 'create a shipping label',
	},
	voucher: {
		create: 'create a voucher',
		deactivate: ['deactivate voucher {voucherId}', 'deactivate a voucher'],
		delete: ['delete voucher {voucherId}', 'delete a voucher'],
		get: ['get voucher {voucherId}', 'get a voucher'],
		getMany: 'get many vouchers',
		getProducts: ['get the products of voucher {voucherId}', 'get the products of a voucher'],
	},
	similarProduct: {
		getGroups: 'get similar product groups',
		getVirtualBuybox: [
			'get the virtual buy box of product {productId}',
			'get the virtual buy box of a product for EAN {ean}',
			'get the virtual buy box of a product',
		],
	},
};
