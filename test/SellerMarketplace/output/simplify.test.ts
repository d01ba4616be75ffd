/**
 * Simplify on Get and Get Many of orders, order units, returns, tickets and units, node versions 1.1 (API v1) and
 * 2.1 (API v2), run through n8n-core against the sandbox: with Simplify on (the default) each record becomes at
 * most 11 flat fields; off, the node outputs the records as the API sends them; the requests are the same.
 * The expected simplified items are written out here from the raw records, field by field.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import {
	runSellerNode,
	runSellerNodeV2,
	type SellerCredentials,
	type SellerCredentialsV2,
} from '../../harness/workflow';
import { MAX_SIMPLIFIED_FIELDS } from '../../../nodes/shared/helpers/simplify';
import { ORDER_UNIT_1000001 } from './seed';

let sandbox: Sandbox;
let v1: SellerCredentials;
let v2: SellerCredentialsV2;

beforeAll(async () => {
	sandbox = await startSandbox();
	v1 = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
	v2 = {
		clientKey: sandbox.clientKey,
		secretKey: sandbox.secretKey,
		baseUrl: sandbox.v2BaseUrl,
		storefront: 'de',
		userAgent: DEFAULT_USER_AGENT,
	};
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

/** The parts of the raw API records the simplified fields come from. */
interface Address {
	first_name: string;
	last_name: string;
	country: string;
}
interface Product {
	title: string;
	eans: string[];
}
interface Item {
	title: string;
	eans: { [position: string]: string };
}
interface OrderUnitV2 {
	id_order_unit: number;
	id_order: string;
	status: string;
	cancel_reason?: string | null;
	ts_created_iso: string;
	id_offer: string;
	price: number;
	currency: string;
	product: Product;
	shipping_address: Address;
}
interface OrderUnitV1 extends Omit<OrderUnitV2, 'ts_created_iso' | 'currency' | 'product'> {
	ts_created: string;
	item: Item;
}
interface Dated {
	status: string;
	ts_created_iso: string;
	ts_updated_iso: string;
}
interface DatedV1 {
	status: string;
	ts_created: string;
	ts_updated: string;
}
interface ReturnUnit {
	id_order_unit: number;
	reason: string;
}
interface Ticket {
	id_ticket: string;
	status: string;
	messages?: Array<{ text: string }>;
	open_reason: string;
	topic: string;
	is_seller_responsible: boolean;
}

const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
/** The record without the fields it does not carry. */
const defined = (record: IDataObject): IDataObject =>
	Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
const money = (cents: number, currency: string) =>
	`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')} ${currency}`;
/** API v1 writes `YYYY-MM-DD HH:MM:SS` in UTC. */
const isoV1 = (timestamp: string) => `${timestamp.replace(' ', 'T')}Z`;
const nameOn = (address: Address) => `${address.first_name} ${address.last_name}`;
const unique = (values: unknown[]) => [...new Set(values)];

/** A ticket of either version, its dates already in ISO 8601. */
const simplifiedTicket = (ticket: Ticket, [created, updated]: string[], ids: unknown[], product?: { title: string }) =>
	defined({
		id_ticket: ticket.id_ticket,
		status: ticket.status,
		open_reason: ticket.open_reason,
		topic: ticket.topic,
		is_seller_responsible: ticket.is_seller_responsible,
		created_at: created,
		updated_at: updated,
		ids_order_units: ids,
		product_title: product?.title,
		last_message: ticket.messages?.[ticket.messages.length - 1]?.text,
	});

const simplifiedV2 = {
	order: (order: {
		id_order: string;
		storefront: string;
		ts_created_iso: string;
		ts_units_updated_iso?: string;
		order_units_count?: number;
		order_units?: OrderUnitV2[];
		shipping_address?: Address;
	}) =>
		defined({
			id_order: order.id_order,
			storefront: order.storefront,
			created_at: order.ts_created_iso,
			units_updated_at: order.ts_units_updated_iso,
			order_units_count: order.order_units_count ?? order.order_units?.length,
			statuses: order.order_units && unique(order.order_units.map((unit) => unit.status)),
			product_titles: order.order_units?.map((unit) => unit.product.title),
			total:
				order.order_units &&
				money(
					order.order_units.reduce((sum, unit) => sum + unit.price, 0),
					order.order_units[0].currency,
				),
			buyer_name: order.shipping_address && nameOn(order.shipping_address),
			ship_to_country: order.shipping_address?.country,
			ids_order_units: order.order_units?.map((unit) => unit.id_order_unit),
		}),
	orderUnit: (unit: OrderUnitV2) => ({
		id_order_unit: unit.id_order_unit,
		id_order: unit.id_order,
		status: unit.status,
		created_at: unit.ts_created_iso,
		product_title: unit.product.title,
		ean: unit.product.eans[0],
		id_offer: unit.id_offer,
		price: money(unit.price, unit.currency),
		buyer_name: nameOn(unit.shipping_address),
		ship_to_country: unit.shipping_address.country,
		cancel_reason: unit.cancel_reason ?? null,
	}),
	return: (
		ret: Dated & {
			id_return: number;
			tracking_provider: string;
			tracking_code: string;
			storefront: string;
			return_units?: ReturnUnit[];
		},
	) =>
		defined({
			id_return: ret.id_return,
			status: ret.status,
			created_at: ret.ts_created_iso,
			updated_at: ret.ts_updated_iso,
			tracking_provider: ret.tracking_provider,
			tracking_code: ret.tracking_code,
			storefront: ret.storefront,
			ids_order_units: ret.return_units?.map((unit) => unit.id_order_unit),
			reasons: ret.return_units && unique(ret.return_units.map((unit) => unit.reason)),
		}),
	ticket: (ticket: Ticket & Dated & { ids_order_units: number[]; product?: Product }) =>
		simplifiedTicket(ticket, [ticket.ts_created_iso, ticket.ts_updated_iso], ticket.ids_order_units, ticket.product),
	unit: (unit: {
		id_unit: number;
		id_offer: string;
		id_product: number;
		product?: Product;
		status: string;
		is_live: boolean;
		amount: number;
		price: number;
		currency: string;
		date_lastchange_iso: string;
	}) =>
		defined({
			id_unit: unit.id_unit,
			id_offer: unit.id_offer,
			id_product: unit.id_product,
			ean: unit.product?.eans[0],
			product_title: unit.product?.title,
			status: unit.status,
			is_live: unit.is_live,
			stock: unit.amount,
			price: money(unit.price, unit.currency),
			updated_at: unit.date_lastchange_iso,
		}),
};

const simplifiedV1 = {
	order: (order: {
		id_order: string;
		ts_created: string;
		ts_units_updated: string;
		seller_units_count: number;
		order_units?: OrderUnitV1[];
		shipping_address?: Address;
	}) => {
		const units = order.order_units;
		return defined({
			id_order: order.id_order,
			created_at: isoV1(order.ts_created),
			units_updated_at: isoV1(order.ts_units_updated),
			order_units_count: order.seller_units_count,
			statuses: units && unique(units.map((unit) => unit.status)),
			product_titles: units?.map((unit) => unit.item.title),
			total:
				units &&
				money(
					units.reduce((sum, unit) => sum + unit.price, 0),
					'EUR',
				),
			buyer_name: units && nameOn(order.shipping_address ?? units[0].shipping_address),
			ship_to_country: units && (order.shipping_address ?? units[0].shipping_address).country,
			ids_order_units: units?.map((unit) => unit.id_order_unit),
		});
	},
	orderUnit: (unit: OrderUnitV1) => ({
		id_order_unit: unit.id_order_unit,
		id_order: unit.id_order,
		status: unit.status,
		created_at: isoV1(unit.ts_created),
		product_title: unit.item.title,
		ean: unit.item.eans['0'],
		id_offer: unit.id_offer,
		price: money(unit.price, 'EUR'),
		buyer_name: nameOn(unit.shipping_address),
		ship_to_country: unit.shipping_address.country,
		cancel_reason: unit.cancel_reason ?? null,
	}),
	return: (
		ret: DatedV1 & { id_return: number; tracking_provider: string; tracking_code: string; units?: ReturnUnit[] },
	) =>
		defined({
			id_return: ret.id_return,
			status: ret.status,
			created_at: isoV1(ret.ts_created),
			updated_at: isoV1(ret.ts_updated),
			tracking_provider: ret.tracking_provider,
			tracking_code: ret.tracking_code,
			ids_order_units: ret.units?.map((unit) => unit.id_order_unit),
			reasons: ret.units && unique(ret.units.map((unit) => unit.reason)),
		}),
	ticket: (ticket: Ticket & DatedV1 & { ids_order_unit: string[]; item?: Item }) =>
		simplifiedTicket(ticket, [isoV1(ticket.ts_created), isoV1(ticket.ts_updated)], ticket.ids_order_unit, ticket.item),
	unit: (unit: {
		id_unit: number;
		id_offer: string;
		id_item: number;
		ean: string;
		item?: Item;
		amount: number;
		price: number;
		minimum_price: number;
		condition: string;
		date_lastchange: string;
	}) =>
		defined({
			id_unit: unit.id_unit,
			id_offer: unit.id_offer,
			id_item: unit.id_item,
			ean: unit.ean,
			product_title: unit.item?.title,
			stock: unit.amount,
			price: money(unit.price, 'EUR'),
			minimum_price: money(unit.minimum_price, 'EUR'),
			condition: unit.condition,
			updated_at: isoV1(unit.date_lastchange),
		}),
};

type Resource = keyof typeof simplifiedV2;
interface Case {
	resource: Resource;
	operation: 'get' | 'getMany';
	parameters: () => IDataObject;
	/** What the first simplified item holds, written out from the seed. */
	first?: IDataObject;
}

const firstTicketId = () => sandbox.control.db.tickets[0].id_ticket;
const firstReturnId = () => sandbox.control.db.returns[0].id_return;

const casesV2: Case[] = [
	{
		resource: 'order',
		operation: 'get',
		parameters: () => ({ orderId: byId('M10011') }),
		first: {
			id_order: 'M10011',
			order_units_count: 2,
			total: '493.98 EUR',
			buyer_name: 'Jonas Weber',
			ship_to_country: 'DE',
		},
	},
	{ resource: 'order', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{
		resource: 'orderUnit',
		operation: 'get',
		parameters: () => ({ orderUnitId: byId(1000001) }),
		first: ORDER_UNIT_1000001,
	},
	{ resource: 'orderUnit', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{
		resource: 'return',
		operation: 'get',
		parameters: () => ({ returnId: byId(firstReturnId()), embedded: ['return_units'] }),
	},
	{ resource: 'return', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{
		resource: 'ticket',
		operation: 'get',
		parameters: () => ({ ticketId: byId(firstTicketId()) }),
		first: {
			id_ticket: '0013163664',
			product_title: 'Blauwal Smartphones A102',
			last_message: 'Wo bleibt meine Bestellung?',
		},
	},
	{ resource: 'ticket', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{
		resource: 'unit',
		operation: 'get',
		parameters: () => ({ unitId: '500001' }),
		first: { id_unit: 500001, id_offer: 'SKU-00001', stock: 27, price: '101.99 EUR', status: 'AVAILABLE' },
	},
	{ resource: 'unit', operation: 'getMany', parameters: () => ({ limit: 5, embedded: ['products'] }) },
];

const casesV1: Case[] = [
	{
		resource: 'order',
		operation: 'get',
		parameters: () => ({ orderId: byId('M10011') }),
		first: { id_order: 'M10011', created_at: '2024-01-01T10:35:39Z', order_units_count: 2, total: '493.98 EUR' },
	},
	{ resource: 'order', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{
		resource: 'orderUnit',
		operation: 'get',
		parameters: () => ({ orderUnitId: byId(1000001) }),
		first: ORDER_UNIT_1000001,
	},
	{ resource: 'orderUnit', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{ resource: 'return', operation: 'get', parameters: () => ({ returnId: String(firstReturnId()) }) },
	{ resource: 'return', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{
		resource: 'ticket',
		operation: 'get',
		parameters: () => ({ ticketId: byId(firstTicketId()), embedded: ['messages', 'item'] }),
		first: {
			id_ticket: '0013163664',
			ids_order_units: ['1000001'],
			product_title: 'Blauwal Smartphones A102',
			last_message: 'Wo bleibt meine Bestellung?',
		},
	},
	{ resource: 'ticket', operation: 'getMany', parameters: () => ({ limit: 5 }) },
	{
		resource: 'unit',
		operation: 'get',
		parameters: () => ({ unitId: '500001' }),
		first: { id_unit: 500001, ean: '4006380100015', stock: 27, price: '101.99 EUR', minimum_price: '81.59 EUR' },
	},
	{ resource: 'unit', operation: 'getMany', parameters: () => ({ limit: 5 }) },
];

const requestsSeen = () => sandbox.control.requests().map(({ method, path, query }) => ({ method, path, query }));

/** A simplified record: at most MAX_SIMPLIFIED_FIELDS fields, none of them a nested object. */
function expectFlat(record: IDataObject): void {
	expect(Object.keys(record).length).toBeLessThanOrEqual(MAX_SIMPLIFIED_FIELDS);
	for (const value of Object.values(record)) {
		if (Array.isArray(value)) expect(value.every((entry) => entry === null || typeof entry !== 'object')).toBe(true);
		else expect(value === null || typeof value !== 'object').toBe(true);
	}
}

describe.each([
	{
		version: 2.1,
		cases: casesV2,
		simplified: simplifiedV2,
		run: (parameters: IDataObject) => runSellerNodeV2(v2, { parameters, typeVersion: 2.1 }),
	},
	{
		version: 1.1,
		cases: casesV1,
		simplified: simplifiedV1,
		run: (parameters: IDataObject) => runSellerNode(v1, { parameters, typeVersion: 1.1 }),
	},
])('node version $version', ({ cases, simplified, run }) => {
	it.each(cases)(
		'$resource → $operation: Simplify (on by default) outputs each record as at most 11 flat fields; off, the records as sent',
		async ({ resource, operation, parameters, first }) => {
			const raw = await run({ resource, operation, ...parameters(), simple: false });
			expect(raw.error).toBeUndefined();
			const rawRequests = requestsSeen();
			sandbox.control.clearRequests();

			const simple = await run({ resource, operation, ...parameters() });

			expect(simple.error).toBeUndefined();
			expect(requestsSeen()).toEqual(rawRequests);
			expect(raw.items.length).toBeGreaterThan(0);
			// Off, the API's own field names (its dates are ts_… or date_…); on, the simplified names only.
			const apiDates = (json: IDataObject) => Object.keys(json).filter((key) => /^(ts|date)_/.test(key));
			for (const item of raw.items) expect(apiDates(item.json).length).toBeGreaterThan(0);
			for (const item of simple.items) expect(apiDates(item.json)).toEqual([]);
			expect(simple.items.map((item) => item.json)).toEqual(
				raw.items.map((item) => simplified[resource](item.json as never)),
			);
			expect(simple.items.map((item) => item.pairedItem)).toEqual(raw.items.map((item) => item.pairedItem));
			for (const item of simple.items) expectFlat(item.json);
			if (first) expect(simple.items[0].json).toMatchObject(first);
		},
	);
});

it('version 2.1 Simplify leaves out the secret download addresses as Raw does, and never adds them', async () => {
	const run = await runSellerNodeV2(v2, {
		parameters: { resource: 'order', operation: 'get', orderId: byId('M10011'), embedded: ['order_invoices'] },
		typeVersion: 2.1,
	});

	expect(run.error).toBeUndefined();
	expect(JSON.stringify(run.items)).not.toMatch(/access_token|https?:\/\//);
});
