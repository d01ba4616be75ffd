/**
 * Closed lists of API v2 as the node names them: the OpenAPI's own (openapi.generated.ts, generated from the
 * document), or a part of one with the reason. A new release changes them by `npm run openapi -- take`.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { OPENAPI_ENUMS } from './openapi.generated';

/** A closed list of the OpenAPI without values the node does not offer, in the OpenAPI's order. */
function without<List extends readonly string[], Left extends List[number]>(
	list: List,
	...left: Left[]
): ReadonlyArray<Exclude<List[number], Left>> {
	return list.filter((value): value is Exclude<List[number], Left> => !(left as string[]).includes(value));
}

import { optionsOf, type Term } from '../../shared/descriptions/words';

export const STOREFRONTS = OPENAPI_ENUMS.Storefront;
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

export const FULFILLMENT_TYPES = OPENAPI_ENUMS.FulfillmentType;
export const ORDER_UNIT_STATUSES = OPENAPI_ENUMS.OrderUnitStatus;
export const ORDER_UNIT_CANCEL_REASONS = OPENAPI_ENUMS.OrderUnitCancelReason;
export const ORDER_UNIT_REFUND_REASONS = OPENAPI_ENUMS.OrderUnitRefundReason;
export const ORDER_EMBEDDABLES = OPENAPI_ENUMS.OrderEmbeddable;
export const ORDER_UNIT_EMBEDDABLES = OPENAPI_ENUMS.OrderUnitEmbeddable;
export const UNIT_CONDITIONS = OPENAPI_ENUMS.UnitCondition;
export const WRITEABLE_UNIT_STATUSES = OPENAPI_ENUMS.WriteableUnitStatuses;
export const WRITEABLE_VAT_INDICATORS = OPENAPI_ENUMS.WriteableVatIndicator;
/** The OpenAPI's enums also hold an empty string, which asks for nothing; it is not offered. */
export const UNIT_AND_PRODUCT_EMBEDDABLES = without(OPENAPI_ENUMS.UnitAndProductEmbeddedEnum, '');
export const UNIT_EMBEDDABLES = without(OPENAPI_ENUMS.UnitEmbeddedEnum, '');
export const PRODUCT_EMBEDDABLES = OPENAPI_ENUMS.ProductEmbeddable;
export const CATEGORY_EMBEDDABLES = OPENAPI_ENUMS.CategoryEmbeddable;
/** `Locale`: the language product data is uploaded and read in. */
export const PRODUCT_DATA_LOCALES = OPENAPI_ENUMS.Locale;
export const PRODUCT_DATA_IMPORT_FILE_STATUSES = OPENAPI_ENUMS.ProductDataImportFileStatus;
/** `ProductDataLocale`: the languages catalogue reads (categories, attributes) may answer in. */
export const CATALOG_LOCALES = OPENAPI_ENUMS.ProductDataLocale;
export const SUBSCRIPTION_EVENT_NAMES = OPENAPI_ENUMS.SubscriptionEventName;

/** Dropdown entries for API values such as `need_to_be_sent` or `USED___AS_NEW`: "Need to Be Sent", "Used – As New". */
export function toOptions(
	values: readonly string[],
	terms: Readonly<Record<string, Term>> = {},
): INodePropertyOptions[] {
	return optionsOf(values, terms);
}

/** `ImportStatus`: the states of inventory and order command import files. */
export const IMPORT_STATUSES = OPENAPI_ENUMS.ImportStatus;
export const IMPORT_FILES_SORTINGS = OPENAPI_ENUMS.ImportFilesSortBy;
export const REPORTS_SORTINGS = OPENAPI_ENUMS.ReportsSorting;
/** `VoucherStatus` without `unknown`, which no filter asks for. */
export const VOUCHER_STATUSES = without(OPENAPI_ENUMS.VoucherStatus, 'unknown');
export const DISCOUNT_TYPES = OPENAPI_ENUMS.DiscountType;
export const CANCELLATION_TYPES = OPENAPI_ENUMS.CancellationType;
export const BOOKINGS_REPORT_VERSIONS = OPENAPI_ENUMS.BookingsReportVersion;
export const BUYBOX_CONDITIONS = OPENAPI_ENUMS.BuyboxCondition;

export const RETURN_STATUSES = OPENAPI_ENUMS.ReturnStatus;
export const RETURN_EMBEDDABLES = OPENAPI_ENUMS.ReturnEmbeddable;
export const RETURN_REASONS = OPENAPI_ENUMS.ReturnReason;
export const RETURN_UNIT_STATUSES = OPENAPI_ENUMS.ReturnUnitStatus;
export const RETURN_UNIT_EMBEDDABLES = OPENAPI_ENUMS.ReturnUnitEmbeddable;

export const TICKET_STATUSES = OPENAPI_ENUMS.TicketStatus;
export const TICKET_REASONS = OPENAPI_ENUMS.TicketReason;
export const TICKET_TOPICS = OPENAPI_ENUMS.TicketTopic;
