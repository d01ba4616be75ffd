/**
 * A report's CSV as items: one item per row, keyed by the header's column names. The OpenAPI documents no report's
 * columns, so the columns the node types are those of the reports it knows (the sandbox writes them, see
 * docs/sandbox.md); every other column stays text, as written — an EAN or an order id is never turned into a number.
 *
 *  - ids and counts: whole numbers;
 *  - money: whole cents (the minor unit), as everywhere in API v2. Columns written in cents (the API's own names, e.g.
 *    `listing_price`) are read as they are; columns written as amounts of the currency (the bookings, e.g. `12.50`,
 *    `1.234,50`) are turned into cents without rounding;
 *  - times: ISO 8601 in UTC (`2026-11-20T07:30:00Z`); a time without an offset is read as UTC, as the API writes it.
 *
 * An empty cell is null. A cell a typed column cannot read is an error naming the report, the line and the column:
 * a report that no longer reads as documented must not slip wrong amounts into a workflow.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseCsv } from '../../../../shared/helpers/csv';
import { formatInstant, parseDateTime } from '../../../../shared/helpers/dates';

type ColumnKind = 'integer' | 'cents' | 'currency' | 'decimal' | 'datetime';

const SALE_COLUMNS: Record<string, ColumnKind> = { id_order_unit: 'integer', ts_created: 'datetime', price: 'cents' };
const PRICE_COLUMNS: Record<string, ColumnKind> = { 'Your price': 'cents' };

/** The typed columns of each report type; the rest stay text. */
export const REPORT_COLUMNS: Record<string, Record<string, ColumnKind>> = {
	'account-listing': { amount: 'integer', listing_price: 'cents', minimum_price: 'cents', handling_time: 'integer' },
	'sales-new': SALE_COLUMNS,
	'bookings-new': {
		booking_date: 'datetime',
		order_date: 'datetime',
		id_order_unit: 'integer',
		price_gross: 'currency',
		shipping_charges_gross: 'currency',
		'fee_%': 'decimal',
		fee_net: 'currency',
		fee_vat: 'currency',
		fee_gross: 'currency',
		amount: 'currency',
		balance: 'currency',
		payout: 'currency',
	},
	cancellations: { id_order_unit: 'integer', ts_updated: 'datetime' },
	'competitors-comparer': PRICE_COLUMNS,
	'price-competitiveness': PRICE_COLUMNS,
};

const WHOLE = /^[+-]?\d+$/;
/** Amounts of the currency: up to two decimals after `.` or `,`; thousands may be grouped by the other sign. */
const AMOUNTS = [
	/^(\d+)(?:[.,](\d{1,2}))?$/,
	/^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/,
	/^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/,
];

/** Why a cell cannot be read, e.g. "is not a whole number". */
class Problem {
	constructor(readonly reason: string) {}
}

function read(kind: ColumnKind, text: string): number | string | Problem {
	switch (kind) {
		case 'integer':
		case 'cents': {
			const value = Number(text);
			if (!WHOLE.test(text) || !Number.isSafeInteger(value))
				return new Problem(kind === 'cents' ? 'is not a whole number of cents' : 'is not a whole number');
			return value;
		}
		case 'currency': {
			const negative = text.startsWith('-');
			const unsigned = text.replace(/^[+-]/, '');
			const match = AMOUNTS.map((pattern) => pattern.exec(unsigned)).find(Boolean);
			if (!match) return new Problem('is not an amount such as 12.50');
			const [, whole, decimals = ''] = match;
			const cents = Number(whole.replace(/[.,]/g, '')) * 100 + Number(decimals.padEnd(2, '0'));
			if (!Number.isSafeInteger(cents)) return new Problem('is too large an amount');
			return negative && cents !== 0 ? -cents : cents;
		}
		case 'decimal': {
			const normalized = text.replace(',', '.');
			if (!/^[+-]?\d+(?:\.\d+)?$/.test(normalized)) return new Problem('is not a number');
			return Number(normalized);
		}
		case 'datetime': {
			const instant = parseDateTime(text.replace(' ', 'T'), 'UTC');
			if (!instant) return new Problem('is not a date and time');
			return formatInstant(instant, 'iso');
		}
	}
}

/**
 * The rows of a report's CSV as records, typed by the columns of its report type; or the problem with the first cell
 * that cannot be read, naming the report, the line and the column.
 */
export function reportRows(
	csv: string,
	reportName: string,
	idReport: number | string,
): { rows: IDataObject[] } | { problem: string } {
	const kinds = REPORT_COLUMNS[reportName] ?? {};
	const records: IDataObject[] = [];
	for (const { line, values } of parseCsv(csv).rows) {
		const record: IDataObject = {};
		for (const [column, text] of Object.entries(values)) {
			const kind = kinds[column];
			const value = !kind ? text : text === '' ? null : read(kind, text);
			if (value instanceof Problem)
				return {
					problem: `Report ${idReport} (${reportName}), line ${line}, column "${column}": ${JSON.stringify(text)} ${value.reason}`,
				};
			record[column] = value;
		}
		records.push(record);
	}
	return { rows: records };
}
