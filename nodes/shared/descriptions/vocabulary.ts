/**
 * The words of both API versions for statuses and events: one label and one short description per API value,
 * used by the action node, the push trigger and the poll trigger alike. An offer is a "unit" everywhere, as in
 * the node's Unit (Offer) resource; what API v1 calls an item is a "product", as in API v2.
 */
import type { IDataObject } from 'n8n-workflow';

import { labelOf, type Term } from './words';

export const ORDER_UNIT_STATUS_TERMS: Readonly<Record<string, Term>> = {
	open: { description: 'Ordered, but not yet ready to send (e.g. payment pending)' },
	need_to_be_sent: { description: 'Paid and waiting for you to send it' },
	sent: { description: 'Marked as sent' },
	received: { description: 'The buyer received it' },
	cancelled: { description: 'Cancelled by you, the buyer or the marketplace' },
	sent_and_autopaid: {
		name: 'Sent and Paid Out',
		description: 'Sent, and paid out to you without a confirmation of receipt',
	},
	returned: { description: 'The buyer sent it back' },
	returned_paid: { name: 'Returned and Refunded', description: 'Sent back, and the buyer was refunded' },
};

export const RETURN_STATUS_TERMS: Readonly<Record<string, Term>> = {
	return_requested: { description: 'The buyer asked to return units' },
	label_generated: { name: 'Return Label Created', description: 'A return shipping label was created for the buyer' },
	package_sent: { description: 'The buyer sent the package back' },
	package_received: { description: 'The returned package arrived' },
	label_deleted: { name: 'Return Label Deleted', description: 'The return shipping label was withdrawn' },
};

export const RETURN_UNIT_STATUS_TERMS: Readonly<Record<string, Term>> = {
	need_to_be_returned: { description: 'The buyer has yet to send it back' },
	return_arrived: { description: 'It arrived back and waits for you to accept, reject, repair or clarify it' },
	return_accepted: { description: 'You accepted the return' },
	return_rejected: { description: 'You rejected the return' },
	return_closed: { description: 'The return is closed' },
	return_in_repair: { description: 'You are repairing it' },
	return_in_clarification: { description: 'You asked the marketplace to clarify the return' },
};

export const TICKET_STATUS_TERMS: Readonly<Record<string, Term>> = {
	opened: { name: 'Open', description: 'Waiting for an answer' },
	buyer_closed: { name: 'Closed by Buyer', description: 'The buyer closed it' },
	seller_closed: { name: 'Closed by You', description: 'You closed it' },
	both_closed: { name: 'Closed by Both', description: 'You and the buyer closed it' },
	customer_service_closed_final: {
		name: 'Closed by Customer Service',
		description: "The marketplace's customer service closed it for good",
	},
};

export const TICKET_REASON_TERMS: Readonly<Record<string, Term>> = {
	contact_other: 'Other Reason',
};

/** Ticket topics whose value does not read as words. */
export const TICKET_TOPIC_TERMS: Readonly<Record<string, Term>> = {
	account_cash_out_balance: 'Account: Cash Out Balance',
	admonition: 'Payment Reminder',
	cs_nagative_rating: 'Negative Customer Service Rating',
	issue_applepay: 'Payment: Apple Pay',
	issue_barzahlen: 'Payment: Barzahlen',
	issue_blik: 'Payment: BLIK',
	issue_cashinadvance: 'Payment: Cash in Advance',
	issue_click_to_pay: 'Payment: Click to Pay',
	issue_consorfinanz: 'Payment: Consors Finanz',
	issue_consorsfinanz: 'Payment: Consors Finanz',
	issue_coupon: 'Payment: Coupon',
	issue_creditcard: 'Payment: Credit Card',
	issue_googlepay: 'Payment: Google Pay',
	issue_klarna: 'Payment: Klarna',
	issue_payback: 'Payment: Payback',
	issue_paypal: 'Payment: PayPal',
	issue_refund: 'Payment: Refund',
	issue_sofort: 'Payment: Sofort',
	kaufland_card: 'Kaufland Card',
};

/** The states of a voucher (API v2). */
export const VOUCHER_STATUS_TERMS: Readonly<Record<string, Term>> = {
	new: { description: 'Created, not yet valid: can still be deleted' },
	active: { description: 'Valid now: buyers can redeem it' },
	inactive: { description: 'Deactivated by you; final' },
	expired: { description: 'Its end date has passed' },
	consumed: { description: 'Redeemed as often as its usage limit allows' },
	deleted: { description: 'Deleted by you; final' },
};

/** The import statuses of both versions (v1 adds WAITING, v2 ERROR). */
export const IMPORT_FILE_STATUS_TERMS: Readonly<Record<string, Term>> = {
	NEW: { description: 'Received, not yet started' },
	WAITING: { description: 'Waiting for its turn' },
	DOWNLOADING: { description: 'The marketplace is downloading the file' },
	DOWNLOADED: { description: 'Downloaded, waiting to be prepared' },
	DOWNLOADING_FAILED: { description: 'The file could not be downloaded from its URL' },
	PREPARING: { description: 'The file is being prepared' },
	PREPARED: { description: 'Prepared, waiting to be checked' },
	PREPARING_FAILED: { description: 'The file could not be prepared' },
	CHECKING: { description: 'The lines are being checked' },
	CHECKED: { description: 'Checked, waiting to be imported' },
	CHECKING_FAILED: { description: 'The file did not pass the check' },
	PREPROCESSING: { description: 'The file is being preprocessed' },
	PREPROCESSED: { description: 'Preprocessed, waiting for the next step' },
	PREPROCESSING_FAILED: { description: 'The file could not be preprocessed' },
	IMPORTING: { description: 'The lines are being imported' },
	IMPORTED: { description: 'All lines were imported' },
	IMPORTING_FAILED: { description: 'The import failed' },
	IMPORTING_STOPPED: { description: 'The import was stopped' },
	ERROR: { description: 'The import ended with an error' },
	ABORTED: { description: 'The import was cancelled' },
	DONE: { description: 'Finished' },
	PENDING_CONVERSION: { description: 'Waiting to be converted to the import format' },
	CONVERTING: { description: 'The file is being converted to the import format' },
	CONVERSION_FAILED: { description: 'The file could not be converted to the import format' },
};

/** The push notification events of both versions (v1 has the first 14). */
export const EVENT_TERMS: Readonly<Record<string, { name: string; description: string }>> = {
	order_new: { name: 'New Order', description: 'A buyer placed an order (once per order)' },
	order_unit_new: { name: 'New Order Unit', description: 'An order unit was created (once per unit of an order)' },
	order_unit_status_changed: {
		name: 'Order Unit Status Changed',
		description: 'An order unit was sent, cancelled, returned, …',
	},
	item_changed: { name: 'Product Changed', description: 'Catalogue data of a product you offer changed' },
	category_changed: { name: 'Category Changed', description: 'A category changed' },
	return_new: { name: 'New Return', description: 'A buyer started a return' },
	return_status_changed: { name: 'Return Status Changed', description: 'The status of a return changed' },
	return_unit_status_changed: {
		name: 'Return Unit Status Changed',
		description: 'The status of a returned unit changed',
	},
	item_unit_new: { name: 'New Unit', description: 'One of your units (offers) was created' },
	item_unit_changed: { name: 'Unit Changed', description: 'One of your units (offers) changed (price, stock, …)' },
	item_unit_deleted: { name: 'Unit Deleted', description: 'One of your units (offers) was deleted' },
	item_unit_out_of_stock: {
		name: 'Unit Out of Stock',
		description: 'The stock of one of your units (offers) reached 0',
	},
	item_unit_not_available: { name: 'Unit Not Available', description: 'One of your units (offers) became unavailable' },
	item_unit_available: { name: 'Unit Available', description: 'One of your units (offers) became available again' },
	item_unit_live: { name: 'Unit Live', description: 'One of your units (offers) went live on the storefront' },
	item_unit_not_live: {
		name: 'Unit Not Live',
		description: 'One of your units (offers) stopped being live on the storefront',
	},
	buy_box_changed: {
		name: 'Buy Box Changed',
		description: 'The Buy Box of a product you offer was lost, won or repriced (early access)',
	},
};

/** Carrier codes whose own spelling is not a Title Case label; the code itself is what the API takes. */
const CARRIER_LABELS: Readonly<Record<string, string>> = {
	dtl: 'DTL',
	'trans-o-flex': 'Trans-o-Flex',
	Fedex: 'FedEx',
};

/** A carrier as the dropdown shows it: its name as the carrier writes it; the value stays the code. */
export function carrierLabel(code: string): string {
	return CARRIER_LABELS[code] ?? code;
}

/** Languages (locales) product data and catalogue reads come in. */
export const LOCALE_TERMS: Readonly<Record<string, Term>> = {
	'cs-CZ': 'Czech (Czechia, cs-CZ)',
	'de-AT': 'German (Austria, de-AT)',
	'de-DE': 'German (Germany, de-DE)',
	'en-US': 'English (United States, en-US)',
	'es-ES': 'Spanish (Spain, es-ES)',
	'fr-FR': 'French (France, fr-FR)',
	'it-IT': 'Italian (Italy, it-IT)',
	'nl-NL': 'Dutch (Netherlands, nl-NL)',
	'pl-PL': 'Polish (Poland, pl-PL)',
	'sk-SK': 'Slovak (Slovakia, sk-SK)',
	'zh-CN': 'Chinese (China, zh-CN)',
};

/** A subscription in a dropdown: its event, its storefront (API v2) and where it delivers, e.g. "New Order (DE) → https://…". */
export function subscriptionLabel(subscription: IDataObject): string {
	const event = String(subscription.event_name ?? '');
	// API v2 subscriptions name a storefront, or null for all; API v1 ones have none.
	const storefront = subscription.storefront
		? ` (${String(subscription.storefront).toUpperCase()})`
		: subscription.storefront === null
			? ' (All Storefronts)'
			: '';
	const inactive = subscription.is_active === false ? ' (Inactive)' : '';
	return `${EVENT_TERMS[event]?.name ?? labelOf(event)}${storefront} → ${String(subscription.callback_url)}${inactive}`;
}
