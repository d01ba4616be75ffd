/** Value lists of the public v1 SDK. Case and spaces matter. */

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

export const REFUND_REASONS = [
	'delivery_damage',
	'delivery_delay',
	'incomplete_delivery',
	'incorrect_delivery',
	'refund_postage_fee',
	'other_refund',
] as const;

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

export const RETURN_STATUSES = [
	'return_requested',
	'label_generated',
	'package_sent',
	'package_received',
	'label_deleted',
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

export const TICKET_STATUSES = [
	'opened',
	'buyer_closed',
	'seller_closed',
	'both_closed',
	'customer_service_closed_final',
] as const;

/** open_reason of tickets and claims; also the `reason` of POST /tickets/ */
export const TICKET_REASONS = [
	'product_not_as_described',
	'product_defect',
	'product_not_delivered',
	'product_return',
	'contact_other',
] as const;

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

export const IMPORT_FILE_TYPES = ['PRODUCT_FEED', 'DUMP', 'COMMAND'] as const;

export const UNIT_CONDITIONS = [
	'new',
	'used - as new',
	'used - very good',
	'used - good',
	'used - acceptable',
	'download',
] as const;

export const MIME_TYPES = [
	'application/pdf',
	'image/jpeg',
	'image/png',
	'image/gif',
	'image/tiff',
	'application/msexcel',
	'application/mspowerpoint',
	'application/json',
	'text/plain',
	'text/comma-separated-values',
	'text/csv',
	'text/tab-separated-values',
	'text/x-comma-separated-values',
	'text/x-csv',
	'application/csv',
	'application/x-csv',
	'application/vnd.ms-excel',
	'application/vnd.oasis.opendocument.text',
	'application/vnd.oasis.opendocument.spreadsheet',
	'application/vnd.oasis.opendocument.presentation',
	'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	'application/msword',
	'audio/wav',
	'audio/x-wav',
	'application/CDFV2',
] as const;

/** Mandatory attributes of every category (spec: "Mandatory attributes of the category shown"). */
export const MANDATORY_ATTRIBUTES = ['ean', 'manufacturer', 'title', 'category'] as const;
