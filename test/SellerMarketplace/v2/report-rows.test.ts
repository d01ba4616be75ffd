/**
 * Report → Download with Output "Rows as Items" (node version 2): the sandbox's CSV of every report type the OpenAPI
 * documents, through n8n-core, as the items a workflow gets — numbers as numbers, money in cents, times as ISO 8601
 * UTC, EANs and order ids as text. The expected rows are built from the sandbox's records, not from its CSV.
 */
import type { IDataObject } from 'n8n-workflow';

import { REPORT_TYPES } from '../../../nodes/SellerMarketplace/v2/actions/report/fields';
import { reportRows } from '../../../nodes/SellerMarketplace/v2/actions/report/rows';
import { parseCsv } from '../../../nodes/shared/helpers/csv';
import type { OrderUnit, Unit } from '../../../sandbox/core/types';
import { DONE_AFTER_SECONDS } from '../../../sandbox/model/reports';
import { storefrontOf } from '../../../sandbox/model/storefronts';
import { fromExpression, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ strict: true }, 'report');
const db = () => v2.sandbox().control.db;
const iso = (timestamp: string) => `${timestamp.replace(' ', 'T')}Z`;

/** Requests a report of `type` with the parameters it needs, lets it be generated and downloads it as rows. */
async function rowsOf(type: string, parameters: IDataObject = {}) {
	const requested = await v2.run({ operation: 'request', reportType: type, ...parameters });
	expect(requested.error).toBeUndefined();
	const id = Number(requested.items[0].json.id_report);
	await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
	v2.sandbox().control.clearRequests();
	const result = await v2.run({ operation: 'download', reportId: String(id), downloadAs: 'rows' });
	expect(result.error).toBeUndefined();
	// one signed read of the report, then its file
	expect(v2.requests().map((r) => [r.method, r.path, r.status])).toEqual([['GET', `/reports/${id}`, 200]]);
	const files = v2
		.sandbox()
		.control.requests()
		.filter((r) => r.api !== 'v2');
	expect(files.map((r) => [r.method, r.path, r.status])).toEqual([['GET', `/report-files/${id}`, 200]]);
	expect(result.items.every((item) => item.binary === undefined)).toBe(true);
	return { id, rows: result.items.map((item) => item.json), pairedItems: result.items.map((item) => item.pairedItem) };
}

const today = () => new Date(v2.sandbox().control.now()).toISOString().slice(0, 10);

describe('Report → Download → Rows as Items', () => {
	it('inventory: stock and handling time as whole numbers, prices in cents, the EAN as text', async () => {
		const { rows, pairedItems } = await rowsOf('account-listing', { storefront: 'at' });
		const units = db().units.filter((unit: Unit) => storefrontOf(unit) === 'at');
		expect(units.length).toBeGreaterThan(1);
		expect(rows).toEqual(
			units.map((u: Unit) => ({
				id_offer: u.id_offer,
				ean: u.ean,
				amount: u.amount,
				listing_price: u.listing_price,
				minimum_price: u.minimum_price,
				condition: u.condition,
				handling_time: u._handling_time ?? 1,
			})),
		);
		expect(rows.every((row) => typeof row.ean === 'string' && typeof row.listing_price === 'number')).toBe(true);
		// every row comes from the one input item
		expect(pairedItems).toEqual(rows.map(() => ({ item: 0 })));
	});

	it.each(['sales-new', 'bookings-new'])(
		'%s: only the days asked for; sales by creation, bookings by the sending through the API',
		async (type) => {
			// two units of de marked sent through the API: credited (booked) now
			const waiting = db()
				.orderUnits.filter(
					(u: OrderUnit) => u.status === 'need_to_be_sent' && storefrontOf(u) === 'de' && !u._fulfilled_by_marketplace,
				)
				.slice(0, 2);
			expect(waiting).toHaveLength(2);
			for (const unit of waiting) {
				const sent = await v2.run({
					resource: 'orderUnit',
					operation: 'send',
					orderUnitId: fromExpression(unit.id_order_unit),
					carrierCode: 'DHL',
					trackingNumbers: `00340434${unit.id_order_unit}`,
				});
				expect(sent.error).toBeUndefined();
			}
			const day = today();
			const { rows } = await rowsOf(type, { dateFrom: '2024-01-01', dateTo: day });
			const units = db().orderUnits.filter((u: OrderUnit) => storefrontOf(u) === 'de' && !u._fulfilled_by_marketplace);
			if (type === 'sales-new') {
				const sold = units.filter((u: OrderUnit) => u.ts_created.slice(0, 10) >= '2024-01-01');
				expect(rows).toEqual(
					sold.map((u: OrderUnit) => ({
						id_order: u.id_order,
						id_order_unit: u.id_order_unit,
						id_offer: u.id_offer,
						ts_created: iso(u.ts_created),
						status: u.status,
						price: u.price,
					})),
				);
				expect(rows.length).toBeGreaterThan(10);
				return;
			}
			// the seeded history carries no bookings: only the two units sent now are credited
			const booked = units.filter((u: OrderUnit) => u._booked_at);
			expect(booked.map((u: OrderUnit) => u.id_order_unit).sort()).toEqual(
				waiting.map((u: OrderUnit) => u.id_order_unit).sort(),
			);
			expect(rows).toEqual(
				booked.map((u: OrderUnit) => {
					const fee = Math.round(u.price * 0.125);
					return {
						booking_date: iso(u._booked_at!),
						booking_text: 'sale',
						id_order: u.id_order,
						id_order_unit: u.id_order_unit,
						id_offer: u.id_offer,
						order_date: iso(u.ts_created),
						price_gross: u.price,
						fee_gross: fee,
						amount: u.price - fee,
					};
				}),
			);
			expect(rows.every((row) => String(row.booking_date).startsWith(day))).toBe(true);
		},
	);

	it('cancellations: the cancelled units, the order unit as a number and the time as ISO', async () => {
		const { rows } = await rowsOf('cancellations');
		const cancelled = db().orderUnits.filter(
			(u: OrderUnit) => storefrontOf(u) === 'de' && u.status === 'cancelled' && !u._fulfilled_by_marketplace,
		);
		expect(cancelled.length).toBeGreaterThan(0);
		expect(rows).toEqual(
			cancelled.map((u: OrderUnit) => ({
				id_order: u.id_order,
				id_order_unit: u.id_order_unit,
				id_offer: u.id_offer,
				cancel_reason: u.cancel_reason ?? '',
				ts_updated: iso(u.ts_updated),
			})),
		);
	});

	it.each(['competitors-comparer', 'price-competitiveness'])(
		'%s: your price in cents next to the EAN and offer',
		async (type) => {
			const { rows } = await rowsOf(type, { storefront: 'cz' });
			const units = db().units.filter((unit: Unit) => storefrontOf(unit) === 'cz');
			expect(rows).toEqual(
				units.map((u: Unit) => ({ EAN: u.ean, Offer_id: u.id_offer, 'Your price': u.listing_price })),
			);
		},
	);

	const withoutRows = REPORT_TYPES.map((type) => type.value).filter(
		(type) =>
			![
				'account-listing',
				'sales-new',
				'bookings-new',
				'cancellations',
				'competitors-comparer',
				'price-competitiveness',
			].includes(type),
	);
	it.each(withoutRows)('%s: the sandbox writes the header only, so there are no rows and no error', async (type) => {
		let parameters: IDataObject = {};
		if (type === 'product-data-import-file-errors') {
			db().importFiles.push({ id_import_file: 77, status: 'DONE', type: 'PRODUCT_FEED' } as never);
			parameters = { importFileId: '77' };
		}
		const { rows } = await rowsOf(type, parameters);
		expect(rows).toEqual([]);
	});

	it('Output "CSV File" stays the default: a download without the option outputs the file, as saved workflows expect', async () => {
		const requested = await v2.run({ operation: 'request', reportType: 'account-listing' });
		const id = String(requested.items[0].json.id_report);
		await v2.sandbox().control.advance(DONE_AFTER_SECONDS);
		const result = await v2.run({ operation: 'download', reportId: id });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(Object.keys(result.items[0].binary ?? {})).toEqual(['data']);
	});
});

describe('reading a report CSV', () => {
	it('quoted fields keep separators, doubled quotes and line breaks; CRLF, a byte order mark and empty lines are skipped', () => {
		const csv = '\uFEFFid_offer;note;ean\r\n"A;1";"say ""hi""\r\nthere";0400\r\n\r\nB;;0123\r\n';
		expect(parseCsv(csv)).toEqual({
			header: ['id_offer', 'note', 'ean'],
			rows: [
				{ line: 2, values: { id_offer: 'A;1', note: 'say "hi"\r\nthere', ean: '0400' } },
				{ line: 5, values: { id_offer: 'B', note: '', ean: '0123' } },
			],
		});
		expect(parseCsv('a,b\n1,2').rows).toEqual([{ line: 2, values: { a: '1', b: '2' } }]);
		expect(parseCsv('a\tb\n1\t2\n').rows).toEqual([{ line: 2, values: { a: '1', b: '2' } }]);
	});

	it('amounts of the currency become cents exactly, in either decimal style; an empty cell is null', () => {
		const csv = [
			'booking_date;amount;price_gross;fee_%;id_order_unit',
			'2026-11-20 07:30:00;12.5;1.234,56;12,5;42',
			'2026-11-20T08:00:00+01:00;-0.07;1,234.56;7;43',
			'2026-11-20;0.29;19;0;',
		].join('\n');
		expect(reportRows(csv, 'bookings-new', 1)).toEqual({
			rows: [
				{ booking_date: '2026-11-20T07:30:00Z', amount: 1250, price_gross: 123456, 'fee_%': 12.5, id_order_unit: 42 },
				{ booking_date: '2026-11-20T07:00:00Z', amount: -7, price_gross: 123456, 'fee_%': 7, id_order_unit: 43 },
				{ booking_date: '2026-11-20T00:00:00Z', amount: 29, price_gross: 1900, 'fee_%': 0, id_order_unit: null },
			],
		});
	});

	it.each([
		['bookings-new', 'amount', '12.3456'],
		['bookings-new', 'amount', '12.3.4'],
		['bookings-new', 'booking_date', '2026-02-30 10:00:00'],
		['account-listing', 'listing_price', '99.99'],
		['sales-new', 'id_order_unit', '1e3'],
	])('%s: %s %s is an error naming the report, the line and the column', (type, column, value) => {
		const read = reportRows(`x;${column}\na;${value}\n`, type, 5000000001);
		const problem = 'problem' in read ? read.problem : '';
		expect(
			problem.startsWith(`Report 5000000001 (${type}), line 2, column "${column}": ${JSON.stringify(value)} is `),
		).toBe(true);
	});

	it('columns the node does not know stay text as written', () => {
		expect(reportRows('ean;id_order;price\n0400638133393;MB7UWLD;1999\n', 'invalid-items', 1)).toEqual({
			rows: [{ ean: '0400638133393', id_order: 'MB7UWLD', price: '1999' }],
		});
	});
});
