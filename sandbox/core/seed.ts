/**
 * Deterministic seed data. The same seed and order count always give the same records and ids,
 * whatever the date, so tests can rely on them (the facts are listed in sandbox/README.md).
 */
import { formatTimestamp, parseTimestamp } from './clock';
import { CANCEL_REASONS, MANDATORY_ATTRIBUTES, RETURN_REASONS, RETURN_STATUSES, TICKET_REASONS } from './enums';
import { emptyDb, Store } from './store';
import type { Address, Buyer, Category, Item, Order, OrderUnit, ReturnUnit, SandboxDb, Ticket, Unit } from './types';

/** mulberry32: a small, fast, seeded PRNG. */
export function createRandom(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
		pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
	};
}
export type Random = ReturnType<typeof createRandom>;

export const SEED_EPOCH = Date.UTC(2024, 0, 1, 8, 0, 0);
const SEED_SPAN_MS = 180 * 24 * 3600 * 1000;
export const SELLER_PSEUDONYM = 'sandbox-seller';
export const FIRST_UNIT_ID = 500001;
export const FIRST_ORDER_UNIT_ID = 1000001;
const FIRST_ITEM_ID = 10001;

const AREAS: Array<[string, string, string[]]> = [
	['elektronik', 'Elektronik', ['Smartphones', 'Kopfhörer', 'Ladegeräte']],
	['mode', 'Mode', ['T-Shirts', 'Jacken', 'Schuhe']],
	['haushalt', 'Haushalt', ['Kaffeemaschinen', 'Töpfe', 'Messer']],
	['garten', 'Garten', ['Gartenschläuche', 'Rasenmäher', 'Pflanzkübel']],
	['spielzeug', 'Spielzeug', ['Bausteine', 'Puppen', 'Brettspiele']],
	['sport', 'Sport', ['Fahrräder', 'Laufschuhe', 'Hanteln']],
	['buecher', 'Bücher', ['Romane', 'Kochbücher', 'Sachbücher']],
	['musik', 'Musik', ['Vinyl', 'CDs', 'Instrumente']],
	['film', 'Film', ['Blu-rays', 'DVDs', 'Serien']],
	['beauty', 'Beauty', ['Parfum', 'Haarpflege', 'Make-up']],
	['baby', 'Baby', ['Kinderwagen', 'Windeln', 'Babyphone']],
	['lebensmittel', 'Lebensmittel', ['Kaffee', 'Tee', 'Schokolade']],
	['auto', 'Auto', ['Reifen', 'Motoröl', 'Autopflege']],
];

const ATTRIBUTES: Array<[string, string, string, boolean]> = [
	['ean', 'EAN', 'Ean', true],
	['manufacturer', 'Hersteller', 'ShortText', false],
	['title', 'Titel', 'TinyText', false],
	['category', 'Kategorie', 'ShortText', false],
	['description', 'Beschreibung', 'Text', false],
	['short_description', 'Kurzbeschreibung', 'SmallText', false],
	['picture', 'Bild', 'Picture', true],
	['mpn', 'Herstellernummer', 'ShortText', false],
	['list_price', 'Listenpreis', 'Si_Eurocent', false],
	['length', 'Länge', 'Si_Meter', false],
];

const BRANDS = ['Acme', 'Nordlicht', 'Bergmann', 'Kraftwerk', 'Sonnenschein', 'Blauwal', 'Eisvogel', 'Rheingold'];
const FIRST_NAMES = [
	'Anna',
	'Ben',
	'Clara',
	'David',
	'Emma',
	'Felix',
	'Greta',
	'Hannes',
	'Ida',
	'Jonas',
	'Lena',
	'Max',
];
const LAST_NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann'];
const CITIES: Array<[string, string]> = [
	['Berlin', '10115'],
	['Hamburg', '20095'],
	['München', '80331'],
	['Köln', '50667'],
	['Frankfurt am Main', '60311'],
	['Stuttgart', '70173'],
	['Düsseldorf', '40213'],
	['Leipzig', '04109'],
	['Dortmund', '44135'],
	['Bremen', '28195'],
];
const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Lindenallee', 'Schulstraße', 'Marktplatz'];

/** EAN-13 with a valid check digit. */
export function ean13(body12: string): string {
	const digits = body12.split('').map(Number);
	const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
	return body12 + String((10 - (sum % 10)) % 10);
}

/** Order ids like the marketplace's: `M8CXTB1`, and every fourth one with a suffix such as `M8CXTB1-2`. */
export function orderIdFor(counter: number): string {
	const id = 'M' + (1679616 + counter * 37).toString(36).toUpperCase();
	return counter % 4 === 3 ? `${id}-2` : id;
}

export function makeBuyer(random: Random, idBuyer: number): { buyer: Buyer; address: Address } {
	const first = random.pick(FIRST_NAMES);
	const last = random.pick(LAST_NAMES);
	const [city, postcode] = random.pick(CITIES);
	const address: Address = {
		first_name: first,
		last_name: last,
		gender: random.next() < 0.5 ? 'female' : 'male',
		company_name: '',
		street: random.pick(STREETS),
		house_number: String(random.int(1, 120)),
		postcode,
		additional_field: '',
		city,
		phone: `+49 30 ${random.int(1000000, 9999999)}`,
		country: 'DE',
	};
	return { buyer: { id_buyer: idBuyer, email: `buyer-${idBuyer}@example.test` }, address };
}

export function newOrder(
	store: Store,
	random: Random,
	tsMs: number,
	fulfilledByMarketplace: boolean,
	idOrder?: string,
	storefront = 'de',
): Order {
	const counter = store.nextId('orders');
	const { buyer, address } = makeBuyer(random, 300000 + counter);
	const ts = formatTimestamp(tsMs);
	return store.insert('orders', {
		id_order: idOrder ?? orderIdFor(counter),
		ts_created: ts,
		ts_units_updated: ts,
		is_marketplace_deemed_supplier: false,
		seller_units_count: 0,
		buyer,
		billing_address: address,
		shipping_address: address,
		_fulfilled_by_marketplace: fulfilledByMarketplace,
		_storefront: storefront,
	});
}

export function newOrderUnit(
	store: Store,
	order: Order,
	unit: Unit,
	status: string,
	tsMs: number,
	origin: string,
): OrderUnit {
	const item = store.find('items', unit.id_item)!;
	const id = store.nextId('orderUnits', FIRST_ORDER_UNIT_ID);
	const ts = formatTimestamp(tsMs);
	const revenueNet = Math.round(unit.listing_price / 1.19);
	const hasInvoice = status !== 'need_to_be_sent' && status !== 'open' && status !== 'cancelled';
	order.seller_units_count++;
	return store.insert('orderUnits', {
		id_order_unit: id,
		id_order: order.id_order,
		ts_created: ts,
		ts_updated: ts,
		is_marketplace_deemed_supplier: false,
		status,
		cancel_reason: null,
		price: unit.listing_price,
		id_offer: unit.id_offer,
		revenue_gross: unit.listing_price,
		revenue_net: revenueNet - Math.round(unit.listing_price * 0.1),
		vat: 19,
		note: unit.note,
		unit_condition: unit.condition,
		delivery_time_min: unit.delivery_time_min,
		delivery_time_max: unit.delivery_time_max,
		delivery_time_expires: formatTimestamp(tsMs + unit.delivery_time_max * 86400000),
		order_received_timestamp: ts,
		shipping_rate: '4.95',
		buyer: order.buyer,
		billing_address: order.billing_address,
		shipping_address: order.shipping_address,
		invoice: hasInvoice
			? {
					id_invoice: id,
					id_order_unit: id,
					number: `RE-${id}`,
					type: 'invoice_buyer',
					url: `${origin}/api/v1/order-units/${id}/invoice?key=${(id * 2654435761).toString(16)}`,
				}
			: null,
		item: {
			id_item: item.id_item,
			title: item.title,
			eans: Object.fromEntries(item.eans.map((ean, i) => [String(i), ean])),
			id_category: item.id_category,
			main_picture: item.main_picture,
			manufacturer: item.manufacturer,
			url: item.url,
		},
		_id_unit: unit.id_unit,
		_fulfilled_by_marketplace: order._fulfilled_by_marketplace,
		_shipment: null,
		_fulfilled_at: null,
		_refunds: [],
		_storefront: order._storefront ?? 'de',
	});
}

function seedCatalog(store: Store, random: Random): void {
	ATTRIBUTES.forEach(([name, title, type, multiple], i) =>
		store.insert('attributes', { id_attribute: i + 1, name, title, is_multiple_allowed: multiple, type }),
	);
	const mandatory = ATTRIBUTES.map((a, i) => ({ name: a[0], id: i + 1 }))
		.filter((a) => (MANDATORY_ATTRIBUTES as readonly string[]).includes(a.name))
		.map((a) => a.id);
	const optional = ATTRIBUTES.map((_, i) => i + 1).filter((id) => !mandatory.includes(id));
	const category = (
		id: number,
		name: string,
		title: string,
		parent: number,
		level: number,
		main: number,
		isLeaf: boolean,
	): Category => ({
		id_category: id,
		name,
		id_parent_category: parent,
		title_singular: title,
		title_plural: title,
		level,
		url: `https://marketplace.example.test/${name}/`,
		shipping_category: 'paket',
		variable_fee: '12.50',
		fixed_fee: 0,
		vat: '19.00',
		real_main_category_id: main,
		_mandatory_attributes: mandatory,
		_optional_attributes: optional,
		_is_leaf: isLeaf,
	});
	store.insert('categories', category(1, 'root', 'Alle Kategorien', 0, 0, 1, false));
	AREAS.forEach(([name, title], a) => store.insert('categories', category(2 + a, name, title, 1, 1, 2 + a, false)));
	let itemId = FIRST_ITEM_ID;
	AREAS.forEach(([areaName, , leaves], a) =>
		leaves.forEach((leafTitle, j) => {
			const id = 15 + a * 3 + j;
			const slug = `${areaName}-${leafTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
			store.insert('categories', category(id, slug, leafTitle, 2 + a, 2, 2 + a, true));
			for (let k = 0; k < 2; k++) {
				const brand = random.pick(BRANDS);
				const item: Item = {
					id_item: itemId,
					title: `${brand} ${leafTitle} ${String.fromCharCode(65 + k)}${random.int(100, 999)}`,
					eans: [ean13(`400638${String(itemId).padStart(6, '0')}`)],
					id_category: id,
					main_picture: `https://images.marketplace.example.test/${itemId}.jpg`,
					manufacturer: brand,
					url: `https://marketplace.example.test/product/${itemId}/`,
					real_mgb_article_number: null,
					age_rating: 0,
					is_valid: true,
					dangerous_goods_li_shipping: null,
					danger_label_9A: null,
				};
				store.insert('items', item);
				itemId++;
			}
		}),
	);
	store.db.lastIds.items = itemId - 1;
}

/** API v2 storefronts of seeded records other than 'de' (v1 has no storefronts and shows them all) */
const UNIT_STOREFRONTS: Record<number, string> = { 4: 'at', 7: 'cz' };
const ORDER_STOREFRONTS: Record<number, string> = { 2: 'at', 3: 'cz' };

function seedInventory(store: Store, random: Random): void {
	store.db.shippingGroups.push({ name: 'paket' }, { name: 'spedition' }, { name: 'brief' });
	store.insert('warehouses', {
		id_warehouse: 1,
		name: 'Hauptlager',
		address: {
			street: 'Lagerstraße',
			house_number: '1',
			postcode: '20095',
			city: 'Hamburg',
			country: 'DE',
			phone: '+49 40 1234567',
		},
		is_pickup_possible: false,
		is_default: true,
	});
	store.insert('warehouses', {
		id_warehouse: 2,
		name: 'Lager Süd',
		address: {
			street: 'Industriering',
			house_number: '7',
			postcode: '80331',
			city: 'München',
			country: 'DE',
			phone: '+49 89 7654321',
		},
		is_pickup_possible: true,
		is_default: false,
	});
	store.db.lastIds.warehouses = 2;
	const inserted = formatTimestamp(SEED_EPOCH - 30 * 86400000);
	for (let n = 0; n < 40; n++) {
		const item = store.db.items[n];
		const price = random.int(5, 400) * 100 - 1;
		store.insert('units', {
			id_unit: store.nextId('units', FIRST_UNIT_ID),
			id_item: item.id_item,
			ean: item.eans[0],
			id_offer: `SKU-${String(n + 1).padStart(5, '0')}`,
			condition: 'new',
			location: 'DE',
			warehouse: n % 4 === 3 ? 'Lager Süd' : 'Hauptlager',
			amount: n % 10 === 9 ? 0 : random.int(1, 50),
			price,
			listing_price: price,
			minimum_price: Math.round(price * 0.8),
			reference_price: null,
			note: n % 5 === 0 ? 'Originalverpackt' : '',
			delivery_time_min: 1,
			delivery_time_max: n % 3 === 0 ? 5 : 3,
			shipping_group: n % 8 === 7 ? 'spedition' : 'paket',
			shipping_rate: 495,
			seller: { pseudonym: SELLER_PSEUDONYM },
			date_inserted: inserted,
			date_lastchange: inserted,
			_visible_from: 0,
			_storefront: UNIT_STOREFRONTS[n % 10] ?? 'de',
		});
	}
	for (const item of store.db.items.slice(0, 5)) {
		store.insert('productData', {
			ean: item.eans[0],
			data: {
				ean: [item.eans[0]],
				title: [item.title],
				manufacturer: [item.manufacturer],
				category: [store.find('categories', item.id_category)!.title_singular],
			},
			additional_attributes: [],
			status: {
				ean: item.eans[0],
				item_ready: true,
				item_not_ready_reason: null,
				id_item: item.id_item,
				item_quality: 0.8,
				missing_attributes: [],
				min_one_missing_attributes: [],
				update_status: 'SUCCESS',
				update_fail_reason: null,
				attribute_values: [],
			},
			_revision: 1,
		});
	}
}

const OLD_STATUSES = ['sent', 'received', 'received', 'sent', 'cancelled'];

function seedOrders(store: Store, random: Random, visibleOrders: number, origin: string): void {
	const units = store.db.units;
	const hidden = Math.max(2, Math.floor(visibleOrders / 10));
	const total = visibleOrders + hidden;
	const every = Math.max(2, Math.floor(total / hidden));
	const step = SEED_SPAN_MS / total;
	let hiddenLeft = hidden;
	let visibleIndex = 0;
	let oldUnitCounter = 0;
	for (let i = 0; i < total; i++) {
		const tsMs = SEED_EPOCH + Math.floor(i * step + random.next() * step * 0.5);
		const fulfilledByMarketplace = hiddenLeft > 0 && (i % every === every - 1 || total - i === hiddenLeft);
		const storefront = fulfilledByMarketplace ? 'de' : (ORDER_STOREFRONTS[visibleIndex % 5] ?? 'de');
		const order = newOrder(store, random, tsMs, fulfilledByMarketplace, undefined, storefront);
		let lines: Array<[Unit, number]>;
		if (fulfilledByMarketplace) {
			hiddenLeft--;
			lines = [[random.pick(units), 1]];
		} else if (visibleIndex === visibleOrders - 1) {
			// the newest seller order: one unit bought three times plus one more unit
			lines = [
				[units[0], 3],
				[units[1], 1],
			];
		} else {
			lines = [];
			const distinct = random.int(1, 3);
			for (let d = 0; d < distinct; d++) {
				const unit = random.pick(units);
				if (!lines.some(([u]) => u === unit)) lines.push([unit, random.next() < 0.15 ? random.int(2, 3) : 1]);
			}
		}
		const isOld = !fulfilledByMarketplace && visibleIndex < Math.floor(visibleOrders * 0.4);
		for (const [unit, quantity] of lines) {
			for (let q = 0; q < quantity; q++) {
				const status = isOld ? OLD_STATUSES[oldUnitCounter++ % OLD_STATUSES.length] : 'need_to_be_sent';
				const orderUnit = newOrderUnit(store, order, unit, status, tsMs, origin);
				if (status === 'cancelled') orderUnit.cancel_reason = CANCEL_REASONS[oldUnitCounter % CANCEL_REASONS.length];
				if (status === 'sent' || status === 'received') {
					orderUnit._shipment = {
						carrier_code: 'DHL',
						tracking_number: `00340434${orderUnit.id_order_unit}`,
						ts: formatTimestamp(tsMs + 86400000),
					};
					orderUnit.ts_updated = formatTimestamp(tsMs + 86400000);
					order.ts_units_updated = orderUnit.ts_updated;
				}
			}
		}
		if (!fulfilledByMarketplace) visibleIndex++;
	}
}

const SAMPLE_PDF = Buffer.from('%PDF-1.4\n% sandbox invoice\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString(
	'base64',
);

/** Invoices, returns, tickets and claims on the older (already shipped) seller order units. */
function seedAfterSales(store: Store, random: Random, origin: string): void {
	const shipped = store.db.orderUnits.filter(
		(u) => !u._fulfilled_by_marketplace && (u.status === 'sent' || u.status === 'received'),
	);
	const received = shipped.filter((u) => u.status === 'received');
	const invoicedOrders = [...new Set(shipped.map((u) => u.id_order))].slice(0, 3);
	for (const idOrder of invoicedOrders) {
		const order = store.find('orders', idOrder)!;
		const id = store.nextId('orderInvoices');
		const token = tokenFor(random);
		store.insert('orderInvoices', {
			id_invoice: id,
			id_order: idOrder,
			original_name: `invoice-${idOrder}.pdf`,
			mime_type: 'application/pdf',
			url: `${origin}/api/v1/order-invoices/${id}/file?access_token=${token}`,
			ts_created: order.ts_units_updated,
			_access_token: token,
			_data_base64: SAMPLE_PDF,
		});
	}

	// one return per return state, each on a received order unit (not reused below)
	const returned = new Set<number>();
	RETURN_STATUSES.slice(0, 4).forEach((status, r) => {
		const orderUnit = received[r];
		if (!orderUnit) return;
		returned.add(orderUnit.id_order_unit);
		const id = store.nextId('returns');
		const ts = addDays(orderUnit.ts_updated, 3);
		store.insert('returns', {
			id_return: id,
			ts_created: ts,
			ts_updated: ts,
			tracking_provider: 'DHL',
			tracking_code: `JJD00${990000 + id}`,
			status,
			_id_buyer: orderUnit.buyer.id_buyer,
			_reason: RETURN_REASONS[3 + (r % 5)],
			_note: 'Seeded return',
		});
		const returnUnit: ReturnUnit = {
			id_return_unit: store.nextId('returnUnits'),
			id_return: id,
			id_order_unit: orderUnit.id_order_unit,
			ts_created: ts,
			status: status === 'package_received' ? 'return_arrived' : 'need_to_be_returned',
			note: 'Seeded return',
			reason: RETURN_REASONS[3 + (r % 5)],
			_id_claim: null,
		};
		store.insert('returnUnits', returnUnit);
	});

	const spare = shipped.filter((u) => !returned.has(u.id_order_unit));
	const ticketPlan: Array<[string, boolean]> = [
		['opened', true],
		['opened', false],
		['opened', true],
		['seller_closed', false],
		['opened', true],
	];
	const topics = [
		'order_cancel',
		'delivery_delayed',
		'order_product_defect',
		'delivery_not_received',
		'other_question',
	];
	ticketPlan.forEach(([status, sellerResponsible], t) => {
		const orderUnit = spare[t];
		if (!orderUnit) return;
		const ts = addDays(orderUnit.ts_updated, 2);
		const ticket: Ticket = {
			id_ticket: ticketIdFor(store.nextId('tickets', 13163664)),
			ids_order_unit: [String(orderUnit.id_order_unit)],
			id_buyer: orderUnit.buyer.id_buyer,
			ts_created: ts,
			ts_updated: ts,
			status,
			open_reason: TICKET_REASONS[t % TICKET_REASONS.length],
			topic: topics[t],
			callback_phone: orderUnit.shipping_address.phone,
			is_seller_responsible: sellerResponsible,
		};
		store.insert('tickets', ticket);
		store.insert('ticketMessages', {
			id_ticket_message: store.nextId('ticketMessages'),
			id_ticket: ticket.id_ticket,
			author: { role: 'buyer', name: orderUnit.shipping_address.first_name },
			text: 'Wo bleibt meine Bestellung?',
			interim_notice: false,
			ts_created: ts,
			files: [],
		});
	});

	const claimPlan: Array<[string, boolean]> = [
		['opened', true],
		['opened', false],
		['seller_closed', false],
	];
	claimPlan.forEach(([status, sellerResponsible], c) => {
		const orderUnit = spare[ticketPlan.length + c];
		if (!orderUnit) return;
		const ts = addDays(orderUnit.ts_updated, 2);
		const id = store.nextId('claims');
		store.insert('claims', {
			id_claim: id,
			id_order_unit: orderUnit.id_order_unit,
			id_buyer: orderUnit.buyer.id_buyer,
			ts_created: ts,
			ts_updated: ts,
			status,
			open_reason: TICKET_REASONS[(c + 1) % TICKET_REASONS.length],
			callback_phone: orderUnit.shipping_address.phone,
			is_seller_responsible: sellerResponsible,
		});
		store.insert('claimMessages', {
			id_claim_message: store.nextId('claimMessages'),
			id_claim: id,
			author: { role: 'buyer', name: orderUnit.shipping_address.first_name },
			text: 'Der Artikel ist beschädigt angekommen.',
			interim_notice: false,
			ts_created: ts,
		});
	});
}

export function ticketIdFor(n: number): string {
	return String(n).padStart(10, '0');
}

export function tokenFor(random: Random): string {
	let token = '';
	while (token.length < 32)
		token += Math.floor(random.next() * 0x100000000)
			.toString(16)
			.padStart(8, '0');
	return token;
}

function addDays(ts: string, days: number): string {
	return formatTimestamp(parseTimestamp(ts) + days * 86400000);
}

export interface SeedOptions {
	seed: number;
	orders: number;
	origin: string;
}

export function seedDb({ seed, orders, origin }: SeedOptions): SandboxDb {
	const store = new Store(emptyDb());
	const random = createRandom(seed);
	seedCatalog(store, random);
	seedInventory(store, random);
	seedOrders(store, random, orders, origin);
	seedAfterSales(store, random, origin);
	return store.db;
}
