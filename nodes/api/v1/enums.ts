/** Closed lists of values from the public v1 SDK (see README, "Where the values come from"). */
import type { INodePropertyOptions } from 'n8n-workflow';

import {
	carrierLabel,
	EVENT_TERMS,
	IMPORT_FILE_STATUS_TERMS,
	ORDER_UNIT_STATUS_TERMS,
	RETURN_STATUS_TERMS,
	RETURN_UNIT_STATUS_TERMS,
	TICKET_REASON_TERMS,
	TICKET_STATUS_TERMS,
	TICKET_TOPIC_TERMS,
} from '../../shared/descriptions/vocabulary';
import { optionsOf, sortOptions } from '../../shared/descriptions/words';

export const CARRIER_CODES = [
	'Other',
	'Other Hauler',
	'Amazon Logistics DE (Swiship)',
	'Austrian Post',
	'Bursped',
	'Cargoline',
	'Cargo International',
	'China Post',
	'Chronopost',
	'Chukou1 Logistics',
	'CNE Express',
	'Correos',
	'Czech Post',
	'Dachser',
	'Deutsche Post',
	'DHL',
	'DHL 2 MH',
	'DHL Express',
	'DHL Ecommerce',
	'DHL Freight',
	'DHL Hong Kong',
	'DPD',
	'DPD France',
	'DPD Romania',
	'DPD UK',
	'dtl',
	'DSV',
	'Emons',
	'Fedex',
	'Flyt Express',
	'4PX',
	'Geis',
	'GEL',
	'GLS',
	'GLS Italy',
	'Hellmann',
	'Hermes',
	'Hermes 2 MH',
	'Hong Kong Post',
	'Hua Han Logistics',
	'IDS Logistik',
	'Iloxx',
	'Iloxx Spedition',
	'Jersey Post',
	'Kuehne & Nagel',
	'La Poste',
	'Post Italiane',
	'PostNL',
	'PostNL 3S',
	'PPL',
	'Raben Group',
	'Redur Spain',
	'Rhenus',
	'Schenker',
	'Seur',
	'SFC Service',
	'Slovakia Post',
	'Spedition Guettler',
	'TNT',
	'Trans FM',
	'trans-o-flex',
	'UBI Smart Parcel',
	'UPS',
	'Wanb Express',
	'Winit',
	'WnDirect',
	'Yanwen',
	'YDH',
	'Yun Express',
	'Zufall',
] as const;
export const carrierOptions = sortOptions(CARRIER_CODES.map((code) => ({ name: carrierLabel(code), value: code })));

export const ORDER_UNIT_STATUSES = [
	'open',
	'need_to_be_sent',
	'sent',
	'received',
	'cancelled',
	'sent_and_autopaid',
	'returned',
	'returned_paid',
] as const;
export const orderUnitStatusOptions = optionsOf(ORDER_UNIT_STATUSES, ORDER_UNIT_STATUS_TERMS);

export const CANCEL_REASONS = [
	'GeneralAdjustment',
	'BuyerCancelled',
	'CustomerExchange',
	'CustomerReturn',
	'ShippingAddressUndeliverable',
	'WrongCatalogData',
	'MerchandiseNotReceived',
	'NoInventory',
	'WrongPrice',
	'UndeliverableRegion',
	'DelayedInventory',
	'NoReactionBuyer',
] as const;
export const cancelReasonOptions = optionsOf(CANCEL_REASONS);

export const REFUND_REASONS = [
	'delivery_damage',
	'delivery_delay',
	'incomplete_delivery',
	'incorrect_delivery',
	'refund_postage_fee',
	'other_refund',
] as const;
export const refundReasonOptions = optionsOf(REFUND_REASONS);

export const RETURN_REASONS = [
	'return',
	'other',
	'no_reason',
	'defect',
	'wrong_article',
	'wrong_size',
	'too_late',
	'bad_quality',
] as const;
export const returnReasonOptions = optionsOf(RETURN_REASONS);

export const RETURN_STATUSES = [
	'return_requested',
	'label_generated',
	'package_sent',
	'package_received',
	'label_deleted',
] as const;
export const returnStatusOptions = optionsOf(RETURN_STATUSES, RETURN_STATUS_TERMS);

export const RETURN_UNIT_STATUSES = [
	'need_to_be_returned',
	'return_arrived',
	'return_accepted',
	'return_rejected',
	'return_closed',
	'return_in_repair',
	'return_in_clarification',
] as const;
export const returnUnitStatusOptions = optionsOf(RETURN_UNIT_STATUSES, RETURN_UNIT_STATUS_TERMS);

export const TICKET_STATUSES = [
	'opened',
	'buyer_closed',
	'seller_closed',
	'both_closed',
	'customer_service_closed_final',
] as const;
export const ticketStatusOptions = optionsOf(TICKET_STATUSES, TICKET_STATUS_TERMS);

export const TICKET_REASONS = [
	'product_not_as_described',
	'product_defect',
	'product_not_delivered',
	'product_return',
	'contact_other',
] as const;
export const ticketReasonOptions = optionsOf(TICKET_REASONS, TICKET_REASON_TERMS);

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
	'issue_consorfinanz',
	'issue_cashinadvance',
	'issue_payback',
	'issue_barzahlen',
	'issue_coupon',
	'invoice_needed',
	'issue_refund',
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
] as const;
export const ticketTopicOptions = optionsOf(TICKET_TOPICS, TICKET_TOPIC_TERMS);

export const EVENT_NAMES = [
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
] as const;
export const eventNameOptions: INodePropertyOptions[] = optionsOf(EVENT_NAMES, EVENT_TERMS);

export const importFileTypeOptions: INodePropertyOptions[] = [
	{ name: 'Command (Inventory Changes)', value: 'COMMAND', description: 'A list of changes to your units' },
	{
		name: 'Dump (Full Inventory)',
		value: 'DUMP',
		description: 'Your whole inventory: units not in the file are deleted',
	},
	{ name: 'Product Feed (Product Data)', value: 'PRODUCT_FEED', description: 'Product data CSV; at most 30 a day' },
];

export const IMPORT_FILE_STATUSES = [
	'NEW',
	'WAITING',
	'DOWNLOADING',
	'DOWNLOADED',
	'DOWNLOADING_FAILED',
	'PREPROCESSING',
	'PREPROCESSED',
	'PREPROCESSING_FAILED',
	'PREPARING',
	'PREPARED',
	'PREPARING_FAILED',
	'CHECKING',
	'CHECKED',
	'CHECKING_FAILED',
	'IMPORTING',
	'IMPORTED',
	'IMPORTING_FAILED',
	'IMPORTING_STOPPED',
	'DONE',
	'ABORTED',
] as const;
export const importFileStatusOptions = optionsOf(IMPORT_FILE_STATUSES, IMPORT_FILE_STATUS_TERMS);

export const UNIT_CONDITIONS = [
	'new',
	'used - as new',
	'used - very good',
	'used - good',
	'used - acceptable',
	'download',
] as const;
export const unitConditionOptions = optionsOf(UNIT_CONDITIONS);
