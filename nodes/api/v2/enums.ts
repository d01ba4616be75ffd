/**
 * Closed lists of API v2, exactly as the OpenAPI document (2.44.0) declares them; a test compares every list
 * with the document, so a new release that changes one fails loudly instead of silently.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { optionsOf, type Term } from '../../shared/descriptions/words';

export const STOREFRONTS = ['de', 'cz', 'sk', 'pl', 'at', 'fr', 'it', 'es', 'nl'] as const;
export type Storefront = (typeof STOREFRONTS)[number];

/** The storefront's country, and the currency its prices are in (minor units, e.g. cents). */
export const STOREFRONT_DETAILS: Record<Storefront, { country: string; currency: 'EUR' | 'CZK' | 'PLN' }> = {
	de: { country: 'Germany', currency: 'EUR' },
	cz: { country: 'Czechia', currency: 'CZK' },
	sk: { country: 'Slovakia', currency: 'EUR' },
	pl: { country: 'Poland', currency: 'PLN' },
	at: { country: 'Austria', currency: 'EUR' },
	fr: { country: 'France', currency: 'EUR' },
	it: { country: 'Italy', currency: 'EUR' },
	es: { country: 'Spain', currency: 'EUR' },
	nl: { country: 'Netherlands', currency: 'EUR' },
};

export const storefrontOptions: INodePropertyOptions[] = optionsOf(
	STOREFRONTS,
	Object.fromEntries(
		STOREFRONTS.map((value) => [value, `${STOREFRONT_DETAILS[value].country} (${value.toUpperCase()})`]),
	),
);

export const FULFILLMENT_TYPES = ['fulfilled_by_kaufland', 'fulfilled_by_merchant'] as const;
export const ORDER_UNIT_STATUSES = [
	'cancelled',
	'need_to_be_sent',
	'open',
	'received',
	'returned',
	'returned_paid',
	'sent',
	'sent_and_autopaid',
] as const;
export const ORDER_UNIT_CANCEL_REASONS = [
	'BuyerCancelled',
	'ShippingAddressUndeliverable',
	'WrongCatalogData',
	'GeneralAdjustment',
	'MerchandiseNotReceived',
	'NoInventory',
	'DelayedInventory',
	'WrongPrice',
	'NoReactionBuyer',
	'UndeliverableRegion',
] as const;
export const ORDER_UNIT_REFUND_REASONS = [
	'delivery_damage',
	'delivery_delay',
	'incomplete_delivery',
	'incorrect_delivery',
	'refund_postage_fee',
	'defect',
	'other_refund',
	'refund_return_postage_fee',
] as const;
export const ORDER_EMBEDDABLES = ['order_invoices', 'delivery', 'kss_delivery'] as const;
export const ORDER_UNIT_EMBEDDABLES = [
	'delivery_attempt_timestamp_iso',
	'return_unit',
	'tickets',
	'delivery',
	'kss_delivery',
	'shipping_group',
] as const;
export const UNIT_CONDITIONS = [
	'USED___ACCEPTABLE',
	'USED___VERY_GOOD',
	'USED___AS_NEW',
	'USED___GOOD',
	'NEW',
	'REFURBISHED___VERY_GOOD',
	'REFURBISHED___GOOD',
	'REFURBISHED___AS_NEW',
	'REFURBISHED___ACCEPTABLE',
] as const;
export const WRITEABLE_UNIT_STATUSES = ['AVAILABLE', 'ONHOLD'] as const;
export const WRITEABLE_VAT_INDICATORS = [
	'standard_rate',
	'reduced_rate_1',
	'reduced_rate_2',
	'super_reduced_rate',
	'zero_rate',
] as const;
/** The OpenAPI's enum also holds an empty string, which asks for nothing; it is not offered. */
export const UNIT_AND_PRODUCT_EMBEDDABLES = ['products', 'eco_participation', 'battery_participation'] as const;
export const UNIT_EMBEDDABLES = ['eco_participation', 'battery_participation'] as const;
export const PRODUCT_EMBEDDABLES = ['category', 'category_basic', 'units'] as const;
export const CATEGORY_EMBEDDABLES = [
	'parent',
	'children',
	'required_attributes',
	'optional_attributes',
	'conditional_attributes',
] as const;
/** `Locale`: the language product data is uploaded and read in. */
export const PRODUCT_DATA_LOCALES = [
	'de-DE',
	'cs-CZ',
	'sk-SK',
	'de-AT',
	'pl-PL',
	'fr-FR',
	'it-IT',
	'es-ES',
	'nl-NL',
] as const;
export const PRODUCT_DATA_IMPORT_FILE_STATUSES = [
	'NEW',
	'DOWNLOADING',
	'DOWNLOADED',
	'DOWNLOADING_FAILED',
	'PREPARING',
	'PREPARED',
	'PREPARING_FAILED',
	'CHECKING',
	'CHECKED',
	'CHECKING_FAILED',
	'PREPROCESSING',
	'PREPROCESSED',
	'PREPROCESSING_FAILED',
	'IMPORTING',
	'IMPORTED',
	'IMPORTING_FAILED',
	'IMPORTING_STOPPED',
	'ERROR',
	'ABORTED',
	'DONE',
] as const;
/** `ProductDataLocale`: the languages catalogue reads (categories, attributes) may answer in. */
export const CATALOG_LOCALES = [
	'de-DE',
	'cs-CZ',
	'sk-SK',
	'en-US',
	'zh-CN',
	'de-AT',
	'pl-PL',
	'fr-FR',
	'it-IT',
	'es-ES',
	'nl-NL',
] as const;
export const SUBSCRIPTION_EVENT_NAMES = [
	'order_new',
	'order_unit_new',
	'order_unit_status_changed',
	'item_changed',
	'category_changed',
	'return_new',
	'return_status_changed',
	'return_unit_status_changed',
	'item_unit_new',
	'item_unit_changed',
	'item_unit_deleted',
	'item_unit_out_of_stock',
	'item_unit_not_available',
	'item_unit_available',
	'item_unit_live',
	'item_unit_not_live',
	'buy_box_changed',
] as const;

/** Dropdown entries for API values such as `need_to_be_sent` or `USED___AS_NEW`: "Need to Be Sent", "Used – As New". */
export function toOptions(
	values: readonly string[],
	terms: Readonly<Record<string, Term>> = {},
): INodePropertyOptions[] {
	return optionsOf(values, terms);
}

/** `ImportStatus`: the states of inventory and order command import files. */
export const IMPORT_STATUSES = [
	'NEW',
	'DOWNLOADING',
	'DOWNLOADED',
	'DOWNLOADING_FAILED',
	'PENDING_CONVERSION',
	'CONVERTING',
	'CONVERSION_FAILED',
	'PREPARING',
	'PREPARED',
	'PREPARING_FAILED',
	'CHECKING',
	'CHECKED',
	'CHECKING_FAILED',
	'PREPROCESSING',
	'PREPROCESSED',
	'PREPROCESSING_FAILED',
	'IMPORTING',
	'IMPORTED',
	'IMPORTING_FAILED',
	'IMPORTING_STOPPED',
	'ABORTED',
] as const;
export const IMPORT_FILES_SORTINGS = ['id:asc', 'id:desc', 'ts_created:asc', 'ts_created:desc'] as const;
export const REPORTS_SORTINGS = [
	'id_report:asc',
	'id_report:desc',
	'date_requested:asc',
	'date_requested:desc',
] as const;
/** `VoucherStatus` without `unknown`, which no filter asks for. */
export const VOUCHER_STATUSES = ['new', 'active', 'inactive', 'expired', 'consumed', 'deleted'] as const;
export const DISCOUNT_TYPES = ['PERCENTAGE', 'ABSOLUTE'] as const;
export const CANCELLATION_TYPES = ['all', 'seller_related'] as const;
export const BOOKINGS_REPORT_VERSIONS = ['v2'] as const;
export const BUYBOX_CONDITIONS = [
	'new',
	'used',
	'used - as new',
	'used - very good',
	'used - good',
	'used - acceptable',
	'refurbished',
	'refurbished - as new',
	'refurbished - very good',
	'refurbished - good',
	'refurbished - acceptable',
] as const;

export const RETURN_STATUSES = [
	'return_requested',
	'label_generated',
	'package_sent',
	'package_received',
	'label_deleted',
] as const;
export const RETURN_EMBEDDABLES = ['buyer', 'return_units'] as const;
export const RETURN_REASONS = [
	'accidentally_ordered',
	'bad_quality',
	'better_price',
	'defect',
	'delivered_damaged',
	'dislike',
	'misleading_description',
	'missing_parts',
	'no_reason',
	'too_late',
	'wrong_article',
	'wrong_size',
] as const;
export const RETURN_UNIT_STATUSES = [
	'need_to_be_returned',
	'return_arrived',
	'return_accepted',
	'return_rejected',
	'return_closed',
	'return_in_repair',
	'return_in_clarification',
] as const;
export const RETURN_UNIT_EMBEDDABLES = ['return', 'order_unit', 'tickets'] as const;

export const TICKET_STATUSES = [
	'opened',
	'buyer_closed',
	'seller_closed',
	'both_closed',
	'customer_service_closed_final',
] as const;
export const TICKET_REASONS = [
	'product_not_as_described',
	'product_defect',
	'product_not_delivered',
	'product_return',
	'contact_other',
] as const;
export const TICKET_TOPICS = [
	'order_cancel',
	'order_product_defect',
	'order_other_question',
	'delivery_not_received',
	'delivery_delayed',
	'delivery_wrong_products',
	'delivery_parts_missing',
	'delivery_change_address',
	'delivery_to_store',
	'delivery_other_question',
	'return_check_status',
	'return_request_label',
	'issue_paypal',
	'issue_klarna',
	'issue_creditcard',
	'issue_sofort',
	'issue_consorsfinanz',
	'issue_cashinadvance',
	'issue_payback',
	'issue_barzahlen',
	'issue_coupon',
	'invoice_needed',
	'admonition',
	'account_newsletter',
	'account_login',
	'account_cancel',
	'account_other',
	'account_age_verification',
	'product_properties',
	'product_availability',
	'product_other_question',
	'account_cash_out_balance',
	'old_device_take_back',
	'other_question',
	'fraud',
	'issue_googlepay',
	'issue_applepay',
	'issue_click_to_pay',
	'invoice_problem',
	'issue_blik',
	'kaufland_card',
	'cs_nagative_rating',
] as const;
