/**
 * Record shapes held by the sandbox and the public option/handle types of docs/sandbox-contract.md.
 *
 * Records are stored "API-shaped": the fields a read returns, plus sandbox-internal bookkeeping whose
 * names start with `_` (never sent over HTTP, see `publicView` in store.ts).
 */

export type Timestamp = string; // 'YYYY-MM-DD HH:MM:SS' (UTC)

export interface Address {
	first_name: string;
	last_name: string;
	gender: string;
	company_name: string;
	street: string;
	house_number: string;
	postcode: string;
	additional_field: string;
	city: string;
	phone: string;
	country: string;
}

export interface Buyer {
	id_buyer: number;
	email: string;
}

export interface Attribute {
	id_attribute: number;
	name: string;
	title: string;
	is_multiple_allowed: boolean;
	type: string;
}

export interface Category {
	id_category: number;
	name: string;
	id_parent_category: number;
	title_singular: string;
	title_plural: string;
	level: number;
	url: string;
	shipping_category: string;
	variable_fee: string;
	fixed_fee: number;
	vat: string;
	real_main_category_id: number;
	_mandatory_attributes: number[];
	_optional_attributes: number[];
	_is_leaf: boolean;
}

export interface Item {
	id_item: number;
	title: string;
	eans: string[];
	id_category: number;
	main_picture: string;
	manufacturer: string;
	url: string;
	real_mgb_article_number: string | null;
	age_rating: number;
	is_valid: boolean;
	dangerous_goods_li_shipping: string | null;
	danger_label_9A: string | null;
}

export interface Unit {
	id_unit: number;
	id_item: number;
	ean: string;
	id_offer: string;
	condition: string;
	location: string;
	warehouse: string;
	amount: number;
	price: number;
	listing_price: number;
	minimum_price: number;
	reference_price: number | null;
	note: string;
	delivery_time_min: number;
	delivery_time_max: number;
	shipping_group: string;
	shipping_rate: number;
	seller: { pseudonym: string };
	date_inserted: Timestamp;
	date_lastchange: Timestamp;
	/** sandbox time (ms) from which the unit shows in GET /units/seller/ */
	_visible_from: number;
	// API v2 only (absent on records made through v1: the v2 view supplies defaults, see sandbox/v2/views.ts)
	_storefront?: string;
	_status?: 'AVAILABLE' | 'ONHOLD';
	_handling_time?: number;
	_vat_indicator?: string;
	_eco_participation?: number | null;
	_battery_participation?: number | null;
	_manufacturer_guarantee_years?: number | null;
}

export interface Order {
	id_order: string;
	ts_created: Timestamp;
	ts_units_updated: Timestamp;
	is_marketplace_deemed_supplier: boolean;
	seller_units_count: number;
	buyer: Buyer;
	billing_address: Address;
	shipping_address: Address;
	_fulfilled_by_marketplace: boolean;
	/** API v2 storefront; absent means 'de' */
	_storefront?: string;
}

export interface OrderUnitItem {
	id_item: number;
	title: string;
	eans: Record<string, string>;
	id_category: number;
	main_picture: string;
	manufacturer: string;
	url: string;
}

export interface Refund {
	amount: number;
	reason: string;
	path_form: 'underscore' | 'hyphen';
	ts: Timestamp;
	/** the API that made the refund; absent means v1 */
	api?: 'v2';
}

export interface OrderUnit {
	id_order_unit: number;
	id_order: string;
	ts_created: Timestamp;
	ts_updated: Timestamp;
	is_marketplace_deemed_supplier: boolean;
	status: string;
	cancel_reason: string | null;
	price: number;
	id_offer: string;
	revenue_gross: number;
	revenue_net: number;
	vat: number;
	note: string;
	unit_condition: string;
	delivery_time_min: number;
	delivery_time_max: number;
	delivery_time_expires: Timestamp;
	order_received_timestamp: Timestamp;
	shipping_rate: string;
	buyer: Buyer;
	billing_address: Address;
	shipping_address: Address;
	invoice: { id_invoice: number; id_order_unit: number; number: string; type: string; url: string } | null;
	item: OrderUnitItem;
	_id_unit: number;
	_fulfilled_by_marketplace: boolean;
	_shipment: { carrier_code: string; tracking_number: string; source_country?: string; ts: Timestamp } | null;
	_fulfilled_at: Timestamp | null;
	/**
	 * When the sale was credited to the seller's account: marking a unit sent through the API does that (the
	 * order-files page: it "transfers credit for the sale to the seller's account"); the bookings report lists it.
	 * Seeded history and statuses moved by the control carry none.
	 */
	_booked_at?: Timestamp;
	_refunds: Refund[];
	/** API v2 storefront (the order's); absent means 'de' */
	_storefront?: string;
}

export interface OrderInvoice {
	id_invoice: number;
	id_order: string;
	original_name: string;
	mime_type: string;
	url: string;
	ts_created: Timestamp;
	_access_token: string;
	_data_base64: string;
}

export interface ReturnRecord {
	id_return: number;
	ts_created: Timestamp;
	ts_updated: Timestamp;
	tracking_provider: string;
	tracking_code: string;
	status: string;
	_id_buyer: number;
	_reason: string;
	_note: string;
}

export interface ReturnUnit {
	id_return_unit: number;
	id_return: number;
	id_order_unit: number;
	ts_created: Timestamp;
	status: string;
	note: string;
	reason: string;
	_id_claim: number | null;
}

export interface MessageFile {
	filename: string;
	mime_type: string;
	ts_created: Timestamp;
	uri: string;
}

export interface Ticket {
	id_ticket: string;
	ids_order_unit: string[];
	id_buyer: number;
	ts_created: Timestamp;
	ts_updated: Timestamp;
	status: string;
	open_reason: string;
	topic: string;
	callback_phone: string;
	is_seller_responsible: boolean;
}

export interface TicketMessage {
	id_ticket_message: number;
	id_ticket: string;
	author: { role: string; name: string };
	text: string;
	interim_notice: boolean;
	ts_created: Timestamp;
	files: MessageFile[];
}

export interface Claim {
	id_claim: number;
	id_order_unit: number;
	id_buyer: number;
	ts_created: Timestamp;
	ts_updated: Timestamp;
	status: string;
	open_reason: string;
	callback_phone: string;
	is_seller_responsible: boolean;
}

export interface ClaimMessage {
	id_claim_message: number;
	id_claim: number;
	author: { role: string; name: string };
	text: string;
	interim_notice: boolean;
	ts_created: Timestamp;
}

export interface Subscription {
	id_subscription: number;
	callback_url: string;
	fallback_email: string;
	event_name: string;
	is_active: boolean;
	/** made through API v2: notified in the v2 format (absent: v1) */
	_api?: 'v2';
	/** API v2 storefront whose events it receives; null or absent: every storefront */
	_storefront?: string | null;
}

export interface ImportFile {
	id_import_file: number;
	uri: string;
	status: string;
	type: string;
	note: string;
	total_lines: number;
	current_line: number;
	error_count: number;
	product_feed_async_done: number;
	ts_created: Timestamp;
	ts_updated: Timestamp;
	ts_last_row_updated: Timestamp | null;
	ts_completed: Timestamp | null;
	_errors: string[];
}

export interface AttributeValueState {
	attribute: string;
	original_value: string;
	state: string;
	message: string;
}

export interface ProductData {
	ean: string;
	/** the seller's uploaded data: attribute name → values */
	data: Record<string, unknown[]>;
	additional_attributes: Array<{ attribute: string; value: unknown[] }>;
	status: ProductDataStatus;
	_revision: number;
}

export interface ProductDataStatus {
	ean: string;
	item_ready: boolean;
	item_not_ready_reason: string | null;
	id_item: number | null;
	item_quality: number;
	missing_attributes: string[];
	min_one_missing_attributes: string[];
	update_status: 'PENDING' | 'IN_PROGRESS' | 'SUCCESS' | 'FAIL';
	update_fail_reason: string | null;
	attribute_values: AttributeValueState[];
}

export interface Warehouse {
	id_warehouse: number;
	name: string;
	address: { street: string; house_number: string; postcode: string; city: string; country: string; phone: string };
	is_pickup_possible: boolean;
	is_default: boolean;
}

export interface ShippingGroup {
	name: string;
}

export interface SandboxDb {
	categories: Category[];
	attributes: Attribute[];
	items: Item[];
	units: Unit[];
	orders: Order[];
	orderUnits: OrderUnit[];
	orderInvoices: OrderInvoice[];
	returns: ReturnRecord[];
	returnUnits: ReturnUnit[];
	tickets: Ticket[];
	ticketMessages: TicketMessage[];
	claims: Claim[];
	claimMessages: ClaimMessage[];
	subscriptions: Subscription[];
	importFiles: ImportFile[];
	productData: ProductData[];
	shippingGroups: ShippingGroup[];
	warehouses: Warehouse[];
	/** last id handed out per collection */
	lastIds: Record<string, number>;
}

export type CollectionName = Exclude<keyof SandboxDb, 'lastIds'>;

// ---------------------------------------------------------------------------------------------
// Public handle types (docs/sandbox-contract.md)

export interface SandboxOptions {
	port?: number;
	host?: string;
	clientKey?: string;
	secretKey?: string;
	seed?: number;
	orders?: number;
	clockWindowSeconds?: number;
	pageLimits?: Record<string, number>;
	timeScale?: number;
	unitVisibilityDelaySeconds?: number;
	snapshotPath?: string;
	/** folder for snapshots saved and loaded by name over HTTP; default .sandbox/snapshots under the working directory */
	dataDir?: string;
	/** host names besides 127.0.0.1, localhost, [::1] and `host` that clients may call the sandbox by (e.g. host.docker.internal) */
	allowedHosts?: string[];
	/** request log entries kept (the oldest go first); default 10,000 */
	requestLogLimit?: number;
	log?: (line: string) => void;
	/** extension: sandbox seconds each asynchronous processing step takes (product data, import files); default 10 */
	processingSeconds?: number;
	/** extension: real-time limit for verification and notification calls; default 15 */
	callbackTimeoutSeconds?: number;
	/** extension: PRODUCT_FEED import files allowed per 24 h of sandbox time; default 30 */
	productFeedsPerDay?: number;
	/** only the spec's literal paths and body shapes, no aliases (docs/decisions.md); default false */
	strict?: boolean;
}

export interface RequestLogEntry {
	seq: number;
	time: string;
	method: string;
	rawUrl: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	/** raw body as received, or its first 64 KiB and a marker when longer */
	body: string;
	/** size of the body as received */
	bodyBytes: number;
	bodyTruncated?: true;
	json?: unknown;
	signatureValid: boolean;
	authError?: string;
	status: number;
	/** when the request was logged and when its answer was handed to the socket: monotonic ms (performance.now()) */
	receivedMs: number;
	answeredMs?: number;
	route?: string;
	fault?: string;
	refundPathForm?: 'underscore' | 'hyphen';
	/** the alias the request used instead of the spec's form (lenient mode), e.g. 'path /orders/{id}/' */
	alias?: string;
	/** 'v2' for requests to /v2 (path is then relative to /v2); absent for /api/v1 */
	api?: 'v2';
	/** v2: the OpenAPI operationId the request matched */
	operationId?: string;
	/** v2: every value of each query parameter, in order (repeated keys stay apart) */
	queryValues?: Record<string, string[]>;
}

export interface FaultRule {
	method?: string;
	path?: string;
	kind: 'status' | 'reset' | 'latency';
	status?: number;
	retryAfter?: string;
	times?: number;
	rate?: number;
	latencyMs?: number;
	jitterMs?: number;
}

export interface CreateOrderOptions {
	/** seller units to buy (by id_unit) with a quantity each; default: the first seeded unit once */
	units?: Array<{ id_unit: number; quantity?: number }>;
	/** status of the new order units; default need_to_be_sent */
	status?: string;
	/** create a marketplace-fulfilled order: hidden from lists, 403 on reads, fires no events */
	fulfilledByMarketplace?: boolean;
	id_order?: string;
	/** API v2 storefront of the order (de, at, cz, ...); default de */
	storefront?: string;
}

export interface NotificationDelivery {
	seq: number;
	kind: 'verification' | 'event';
	id_subscription: number | null;
	url: string;
	event_name?: string;
	resource?: string;
	id_message?: string;
	/** 1 for the first try of an event, 2 for the first retry, ... */
	attempt: number;
	/** sandbox time the attempt was due (retry schedule is computed from these) */
	scheduledAt: Timestamp;
	scheduledAtMs: number;
	attemptedAtMs: number;
	requestHeaders: Record<string, string>;
	requestBody: string;
	status?: number;
	responseBody?: string;
	error?: string;
	ok: boolean;
}

export interface Mail {
	to: string;
	subject: string;
	body: string;
	time: Timestamp;
	id_subscription: number;
}
