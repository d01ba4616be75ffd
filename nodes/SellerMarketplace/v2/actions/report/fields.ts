/** The report types of API v2 (one `POST /reports/<type>` each) and the fields shared by the report operations. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { binaryOutputField } from '../../../../shared/descriptions/fields';
import { parseDateTime } from '../../../../shared/helpers/dates';
import { inputError, requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { idLocator } from '../../descriptions/fields';

interface ReportType {
	value: string;
	name: string;
	description: string;
	/** Whether the endpoint takes a storefront (the buy box reports cover every storefront; import file errors belong to one file). */
	storefront: boolean;
}

export const REPORT_TYPES: ReportType[] = [
	{
		value: 'account-listing',
		name: 'Inventory (Account Listing)',
		description: 'All your offers for sale, as a CSV you can edit and upload again',
		storefront: true,
	},
	{ value: 'bookings-new', name: 'Bookings', description: 'Your bookings between two dates', storefront: true },
	{
		value: 'buybox-opportunity',
		name: 'Buy Box Opportunity',
		description: 'Products where you could win the buy box (every storefront, data older than 24 hours)',
		storefront: false,
	},
	{ value: 'cancellations', name: 'Cancellations', description: 'Cancelled order units', storefront: true },
	{
		value: 'competitors-comparer',
		name: 'Competitors Comparison',
		description: 'Your prices next to the cheapest new and used offers',
		storefront: true,
	},
	{
		value: 'eans-not-found',
		name: 'EANs Not Found (Deprecated)',
		description: 'Deprecated: use Invalid Items. EANs without enough product data.',
		storefront: true,
	},
	{
		value: 'invalid-items',
		name: 'Invalid Items',
		description: 'Offers that cannot be listed because product data is missing, with the missing attributes',
		storefront: true,
	},
	{
		value: 'lost-buybox',
		name: 'Lost Buy Box',
		description: 'Products where you lost the buy box (every storefront, data older than 24 hours)',
		storefront: false,
	},
	{
		value: 'price-competitiveness',
		name: 'Price Competitiveness',
		description: 'How competitive your prices are (data older than 24 hours)',
		storefront: true,
	},
	{
		value: 'product-data-changes',
		name: 'Product Data Changes',
		description: 'Important changes to products you offer',
		storefront: true,
	},
	{
		value: 'product-data-import-file-errors',
		name: 'Product Data Import File Errors',
		description: 'The errors of one product data import file',
		storefront: false,
	},
	{ value: 'sales-new', name: 'Sales', description: 'Your sales between two dates', storefront: true },
];

/** Report types whose request takes a date range in its body. */
export const DATE_RANGE_REPORTS = ['bookings-new', 'sales-new'];
export const STOREFRONTLESS_REPORTS = REPORT_TYPES.filter((type) => !type.storefront).map((type) => type.value);

export const reportIdField = idLocator({
	displayName: 'Report',
	name: 'reportId',
	searchListMethod: 'searchReports',
	placeholder: 'e.g. 5000000001',
	description: 'One of your reports, picked from the newest or given by its ID (id_report)',
});

export function getReportId(context: IExecuteFunctions, itemIndex: number): number {
	return requireIntegerId(context, 'reportId', itemIndex, 'Report');
}

export function reportType(context: IExecuteFunctions, itemIndex: number): ReportType {
	const value = requireString(context, 'reportType', itemIndex, 'Report Type');
	const type = REPORT_TYPES.find((candidate) => candidate.value === value);
	if (!type) {
		throw inputError(
			context,
			itemIndex,
			`"Report Type" must be one of ${REPORT_TYPES.map((t) => t.value).join(', ')}, but it is "${value}"`,
		);
	}
	return type;
}

/** A calendar date as the report bodies take it (`YYYY-MM-DD`): the date part of what the form or an expression gives. */
export function reportDate(context: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	const value =
		raw && typeof raw === 'object' && 'toISO' in raw
			? String((raw as { toISO(): string }).toISO())
			: String(raw ?? '').trim();
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value);
	const date = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
	// Only the date counts, but a time given with it must be a real one too (2031-01-01T25:61 is no date to send).
	const timeIsReal = value.length === 10 || parseDateTime(value, 'UTC') !== undefined;
	if (
		!match ||
		!date ||
		!timeIsReal ||
		date.getUTCMonth() !== Number(match[2]) - 1 ||
		date.getUTCDate() !== Number(match[3])
	) {
		throw inputError(
			context,
			itemIndex,
			`"${label}" must be a date such as 2026-11-01, but it is ${JSON.stringify(value)}`,
		);
	}
	return `${match[1]}-${match[2]}-${match[3]}`;
}

export const binaryPropertyField = binaryOutputField(
	'Binary field of the output item that receives the report file (CSV)',
);
