/**
 * Reports of API v2 (v2-only state): requested by `POST /reports/…`, generated after a while of sandbox time
 * and downloaded, unsigned, from the `url` the report carries once it is `done`. The records live on the db object
 * (`v2Reports`), so a reset empties them and a snapshot keeps them.
 *
 * Status follows sandbox time from the request: `new`, `processing` after PROCESSING_AFTER_SECONDS, `done` after
 * DONE_AFTER_SECONDS (the v1 status names; the OpenAPI types the field as free text). Deriving it from the clock
 * instead of a scheduled task keeps it right across `advance`, `--time-scale` and snapshots.
 */
import { randomBytes } from 'crypto';
import type { SandboxCore } from '../core/sandbox-core';
import { parseTimestamp } from '../core/clock';
import type { OrderUnit, SandboxDb, Unit } from '../core/types';
import { storefrontOf } from './storefronts';
import { downloadUrl } from './downloads';

export const PROCESSING_AFTER_SECONDS = 30;
export const DONE_AFTER_SECONDS = 120;

export interface ReportParameter {
	name: string;
	value: unknown;
}

export interface StoredReport {
	id_report: number;
	report_name: string;
	/** '' for the reports that cover every storefront */
	storefront: string;
	parameters: ReportParameter[];
	date_requested: string;
	_access_token: string;
}

interface ReportState {
	lastId: number;
	rows: StoredReport[];
}

/** Report ids start high, as real ones do (they exceed 2^32). */
const FIRST_ID = 5_000_000_001;

export function reportState(db: SandboxDb): ReportState {
	const holder = db as SandboxDb & { v2Reports?: ReportState };
	holder.v2Reports ??= { lastId: FIRST_ID - 1, rows: [] };
	return holder.v2Reports;
}

export function requestReport(
	core: SandboxCore,
	report_name: string,
	storefront: string,
	parameters: ReportParameter[],
): StoredReport {
	const state = reportState(core.store.db);
	const report: StoredReport = {
		id_report: ++state.lastId,
		report_name,
		storefront,
		parameters,
		date_requested: core.timestamp(),
		_access_token: randomBytes(24).toString('hex'),
	};
	state.rows.push(report);
	return report;
}

export function findReport(core: SandboxCore, id: string): StoredReport | undefined {
	return reportState(core.store.db).rows.find((report) => String(report.id_report) === id);
}

export function reportStatus(core: SandboxCore, report: StoredReport): 'new' | 'processing' | 'done' {
	const age = (core.clock.now() - parseTimestamp(report.date_requested)) / 1000;
	return age >= DONE_AFTER_SECONDS ? 'done' : age >= PROCESSING_AFTER_SECONDS ? 'processing' : 'new';
}

/** The download address: unsigned, protected by its access token; empty until the report is done. */
export function reportUrl(core: SandboxCore, report: StoredReport): string {
	return reportStatus(core, report) === 'done'
		? downloadUrl(core, `/report-files/${report.id_report}?access_token=${report._access_token}`)
		: '';
}

function csv(rows: unknown[][]): string {
	const cell = (value: unknown) => {
		const text = value === null || value === undefined ? '' : String(value);
		return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
	};
	return rows.map((row) => row.map(cell).join(';')).join('\n') + '\n';
}

const parameter = (report: StoredReport, name: string) =>
	report.parameters.find((p) => p.name === name)?.value as string | undefined;

function inStorefront<T extends { _storefront?: string | null }>(report: StoredReport, rows: readonly T[]): T[] {
	return report.storefront ? rows.filter((row) => storefrontOf(row) === report.storefront) : [...rows];
}

/** Order units whose creation day lies within the report's date_from … date_to. */
function orderUnitsInRange(core: SandboxCore, report: StoredReport): OrderUnit[] {
	const from = parameter(report, 'date_from') ?? '0000-00-00';
	const to = parameter(report, 'date_to') ?? '9999-99-99';
	return inStorefront(report, core.store.db.orderUnits).filter(
		(unit) =>
			!unit._fulfilled_by_marketplace && unit.ts_created.slice(0, 10) >= from && unit.ts_created.slice(0, 10) <= to,
	);
}

/** The sales credited to the seller (order units marked sent through the API) on a day within date_from … date_to. */
function bookingsInRange(core: SandboxCore, report: StoredReport): OrderUnit[] {
	const from = parameter(report, 'date_from') ?? '0000-00-00';
	const to = parameter(report, 'date_to') ?? '9999-99-99';
	return inStorefront(report, core.store.db.orderUnits)
		.filter((unit) => unit._booked_at && unit._booked_at.slice(0, 10) >= from && unit._booked_at.slice(0, 10) <= to)
		.sort((a, b) => a._booked_at!.localeCompare(b._booked_at!) || a.id_order_unit - b.id_order_unit);
}

/** The commission on a sale, in cents: its category's fee (percent of the price, and the fixed fee). */
function commissionOf(core: SandboxCore, unit: OrderUnit): number {
	const category = core.store.find('categories', unit.item.id_category);
	return category ? Math.round((unit.price * Number(category.variable_fee)) / 100) + category.fixed_fee : 0;
}

/** Money of the bookings as the seller portal's booking export writes it: an amount of the currency, e.g. 173.99. */
function currency(cents: number): string {
	return (cents / 100).toFixed(2);
}

function offers(core: SandboxCore, report: StoredReport): Unit[] {
	return inStorefront(report, core.store.db.units);
}

/** The CSV a report holds: built from the store when it is downloaded. */
export function reportFile(core: SandboxCore, report: StoredReport): string {
	switch (report.report_name) {
		case 'account-listing':
			return csv([
				['id_offer', 'ean', 'amount', 'listing_price', 'minimum_price', 'condition', 'handling_time'],
				...offers(core, report).map((u) => [
					u.id_offer,
					u.ean,
					u.amount,
					u.listing_price,
					u.minimum_price,
					u.condition,
					u._handling_time ?? 1,
				]),
			]);
		case 'bookings-new':
			return csv([
				[
					'booking_date',
					'booking_text',
					'id_order',
					'id_order_unit',
					'id_offer',
					'order_date',
					'price_gross',
					'fee_gross',
					'amount',
				],
				...bookingsInRange(core, report).map((u) => {
					const fee = commissionOf(core, u);
					return [
						u._booked_at,
						'sale',
						u.id_order,
						u.id_order_unit,
						u.id_offer,
						u.ts_created,
						currency(u.price),
						currency(fee),
						currency(u.price - fee),
					];
				}),
			]);
		case 'sales-new':
			return csv([
				['id_order', 'id_order_unit', 'id_offer', 'ts_created', 'status', 'price'],
				...orderUnitsInRange(core, report).map((u) => [
					u.id_order,
					u.id_order_unit,
					u.id_offer,
					u.ts_created,
					u.status,
					u.price,
				]),
			]);
		case 'cancellations':
			return csv([
				['id_order', 'id_order_unit', 'id_offer', 'cancel_reason', 'ts_updated'],
				...inStorefront(report, core.store.db.orderUnits)
					.filter((u) => u.status === 'cancelled' && !u._fulfilled_by_marketplace)
					.map((u) => [u.id_order, u.id_order_unit, u.id_offer, u.cancel_reason ?? '', u.ts_updated]),
			]);
		case 'competitors-comparer':
		case 'price-competitiveness':
			return csv([
				['EAN', 'Offer_id', 'Your price'],
				...offers(core, report).map((u) => [u.ean, u.id_offer, u.listing_price]),
			]);
		default:
			return csv([['ean', 'reason']]);
	}
}

export function reportFileName(report: StoredReport): string {
	return `${report.report_name}-${report.id_report}-${report.date_requested.slice(0, 10)}.csv`;
}
