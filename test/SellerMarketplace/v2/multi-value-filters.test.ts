/**
 * Issue 33 item 1: a filter of several values loses none however the server reads the query. The sandbox here
 * reads it as PHP does (`phpQuery`: of a repeated key only the last value counts), the reading under which
 * `status=need_to_be_sent&status=sent` returned only the sent units. Get Many sends one request per value and
 * merges the lists (each record once, newest first); the pickers leave such a filter out and check it themselves.
 * The poll triggers: test/SellerMarketplacePollTrigger/multi-value.test.ts.
 */
import * as listSearch from '../../../nodes/SellerMarketplace/v2/methods/listSearch';
import { loadOptionsContextV2 } from '../../harness/workflow';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 120, phpQuery: true });
const db = () => v2.sandbox().control.db;
const onDe = (row: { _storefront?: string }) => (row._storefront ?? 'de') === 'de';
const merchantUnits = (statuses: string[]) =>
	db().orderUnits.filter((unit) => onDe(unit) && !unit._fulfilled_by_marketplace && statuses.includes(unit.status));

describe('Get Many with two statuses against a server that keeps the last key only', () => {
	it('Order Unit → Get Many returns every unit of both statuses, once each, newest first (before: only the sent ones)', async () => {
		const statuses = ['need_to_be_sent', 'sent'];
		const expected = merchantUnits(statuses);
		expect(merchantUnits(['need_to_be_sent']).length).toBeGreaterThan(0);
		expect(merchantUnits(['sent']).length).toBeGreaterThan(0);

		const run = await v2.run({
			resource: 'orderUnit',
			operation: 'getMany',
			returnAll: true,
			filters: { status: statuses },
			sort: { sortBy: 'ts_created:desc' },
		});

		expect(run.error).toBeUndefined();
		for (const request of v2.requests()) {
			expect(request.queryValues!.status).toHaveLength(1);
			expectSigned(request, v2.credentials());
		}
		expect(new Set(v2.requests().map((request) => request.query.status))).toEqual(new Set(statuses));
		const got = run.items.map((item) => item.json.id_order_unit);
		expect(new Set(got).size).toBe(got.length);
		expect([...got].sort()).toEqual(expected.map((unit) => unit.id_order_unit).sort());
		const created = run.items.map((item) => Date.parse(String(item.json.ts_created_iso)));
		expect(created).toEqual([...created].sort((a, b) => b - a));
	});

	it('with a Limit, the newest of both statuses together, not the first status only', async () => {
		const statuses = ['need_to_be_sent', 'sent'];
		const newest = merchantUnits(statuses)
			.map((unit) => ({ id: unit.id_order_unit, time: Date.parse(`${unit.ts_created.replace(' ', 'T')}Z`) }))
			.sort((a, b) => b.time - a.time || b.id - a.id)
			.slice(0, 5);
		const run = await v2.run({
			resource: 'orderUnit',
			operation: 'getMany',
			returnAll: false,
			limit: 5,
			filters: { status: statuses },
			sort: { sortBy: 'ts_created:desc' },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => Date.parse(String(item.json.ts_created_iso)))).toEqual(
			newest.map((unit) => unit.time),
		);
	});

	it('Ticket → Get Many: two statuses and two reasons, every matching ticket once', async () => {
		const status = ['opened', 'buyer_closed'];
		const reasons = ['product_defect', 'product_not_delivered'];
		const ticketOnDe = (ids: string[]) =>
			onDe(db().orderUnits.find((unit) => String(unit.id_order_unit) === ids[0]) ?? {});
		const expected = db().tickets.filter(
			(ticket) =>
				ticketOnDe(ticket.ids_order_unit) && status.includes(ticket.status) && reasons.includes(ticket.open_reason),
		);
		expect(expected.length).toBeGreaterThan(1);
		const run = await v2.run({
			resource: 'ticket',
			operation: 'getMany',
			returnAll: true,
			filters: { status, openReason: reasons },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(4);
		expect(run.items.map((item) => item.json.id_ticket).sort()).toEqual(
			expected.map((ticket) => ticket.id_ticket).sort(),
		);
	});
});

describe('pickers with two statuses against a server that keeps the last key only', () => {
	it('Order Unit → Cancel offers open units and units waiting to be sent, both', async () => {
		const result = await listSearch.searchOrderUnits.call(
			loadOptionsContextV2(v2.credentials(), { resource: 'orderUnit', operation: 'cancel' }),
		);
		expect(v2.requests().every((request) => request.queryValues!.status === undefined)).toBe(true);
		const offered = new Set(result.results.map((entry) => String(entry.value)));
		const statuses = db()
			.orderUnits.filter((unit) => offered.has(String(unit.id_order_unit)))
			.map((unit) => unit.status);
		expect(new Set(statuses)).toEqual(new Set(['open', 'need_to_be_sent'].filter((s) => statuses.includes(s))));
		expect(statuses).toContain('need_to_be_sent');
		expect(statuses.every((status) => ['open', 'need_to_be_sent'].includes(status))).toBe(true);
	});
});
