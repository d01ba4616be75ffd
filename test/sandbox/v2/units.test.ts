import { startSandbox } from '../../../sandbox';
import { problem, useV2Client, V2Client } from './client';

const UNIT_FIELDS = [
	'status',
	'currency',
	'id_unit',
	'note',
	'condition',
	'listing_price',
	'minimum_price',
	'price',
	'id_offer',
	'id_product',
	'id_shipping_group',
	'id_warehouse',
	'amount',
	'date_inserted_iso',
	'date_lastchange_iso',
	'handling_time',
	'shipping_rate',
	'storefront',
	'transport_time_min',
	'transport_time_max',
	'fulfillment_type',
	'vat_indicator',
	'manufacturer_guarantee_years',
	'is_live',
];

describe('sandbox API v2: units', () => {
	const { sandbox, api } = useV2Client();
	const db = () => sandbox().control.db;
	const unitsIn = (storefront: string) => db().units.filter((u) => (u._storefront ?? 'de') === storefront);
	const record = (id: number) => db().units.find((u) => u.id_unit === id);
	const idsOf = (rows: Array<{ id_unit: number }>) => rows.map((u) => u.id_unit);
	// an item nobody offers yet
	const freeItem = () => db().items.find((i) => !db().units.some((u) => u.id_item === i.id_item))!;

	describe('reading', () => {
		it('lists the units of one storefront in the v2 shape', async () => {
			const response = await api().get('/units?storefront=de&limit=100');
			expect(response.status).toBe(200);
			expect(idsOf(response.json.data)).toEqual(idsOf(unitsIn('de')));
			expect(response.json.pagination).toEqual({ offset: 0, limit: 100, total: unitsIn('de').length });
			const [first] = response.json.data;
			expect(Object.keys(first)).toEqual(UNIT_FIELDS);
			const unit = unitsIn('de')[0];
			expect(first).toMatchObject({
				status: 'AVAILABLE',
				currency: 'EUR',
				condition: 'NEW',
				id_offer: unit.id_offer,
				id_product: unit.id_item,
				listing_price: unit.listing_price,
				amount: unit.amount,
				id_shipping_group: 1,
				id_warehouse: 1,
				storefront: 'de',
				fulfillment_type: 'fulfilled_by_merchant',
				is_live: true,
			});

			const cz = await api().get('/units?storefront=cz');
			expect(idsOf(cz.json.data)).toEqual(idsOf(unitsIn('cz')));
			expect(cz.json.data.length).toBeGreaterThan(0);
			expect(cz.json.data.every((u: { currency: string }) => u.currency === 'CZK')).toBe(true);
		});

		it('filters by offer, product, EAN and fulfilment type; limit=0 counts only', async () => {
			const unit = unitsIn('de')[2];
			const ean = db().items.find((i) => i.id_item === unit.id_item)!.eans[0];
			for (const query of [`id_offer=${unit.id_offer}`, `id_product=${unit.id_item}`, `ean=${ean}`]) {
				const response = await api().get(`/units?storefront=de&${query}`);
				expect(idsOf(response.json.data)).toEqual([unit.id_unit]);
			}
			const fbk = await api().get('/units?storefront=de&fulfillment_type=fulfilled_by_kaufland');
			expect(fbk.json).toEqual({ data: [], pagination: { offset: 0, limit: 30, total: 0 } });
			const count = await api().get('/units?storefront=de&limit=0');
			expect(count.json).toEqual({ data: [], pagination: { offset: 0, limit: 0, total: unitsIn('de').length } });
		});

		it('adds the product and the participations only when embedded', async () => {
			const unit = unitsIn('de')[0];
			const response = await api().get(
				`/units/${unit.id_unit}?storefront=de&embedded=products%2Ceco_participation%2Cbattery_participation`,
			);
			expect(response.json.data.product).toMatchObject({
				id_product: unit.id_item,
				storefront: 'de',
				eans: [unit.ean],
			});
			expect(response.json.data).toMatchObject({ eco_participation: null, battery_participation: null });
			const plain = await api().get(`/units/${unit.id_unit}?storefront=de`);
			expect(Object.keys(plain.json.data)).toEqual(UNIT_FIELDS);
		});

		it('does not find a unit through another storefront', async () => {
			const unit = unitsIn('at')[0];
			expect((await api().get(`/units/${unit.id_unit}?storefront=at`)).status).toBe(200);
			const elsewhere = await api().get(`/units/${unit.id_unit}?storefront=de`);
			expect(elsewhere.status).toBe(404);
			expect(elsewhere.json).toEqual(problem('/problems/not-found'));
			expect(elsewhere.json.message).toBe(`Unit ${unit.id_unit} on storefront de not found`);
		});
	});

	describe('creating', () => {
		it('creates a unit for a product named by EAN and answers 200 with it; v1 sees the same unit', async () => {
			const item = freeItem();
			const body = {
				id_offer: 'NEW-1',
				ean: item.eans[0],
				listing_price: 2599,
				minimum_price: 2000,
				handling_time: 2,
				amount: 7,
				note: 'boxed',
			};
			const response = await api().post('/units?storefront=de', body);
			expect(response.status).toBe(200);
			const created = response.json.data;
			expect(created).toMatchObject({
				id_offer: 'NEW-1',
				id_product: item.id_item,
				listing_price: 2599,
				price: 2599,
				minimum_price: 2000,
				handling_time: 2,
				amount: 7,
				note: 'boxed',
				condition: 'NEW',
				status: 'AVAILABLE',
				vat_indicator: 'standard_rate',
				manufacturer_guarantee_years: null,
				storefront: 'de',
			});
			expect(record(created.id_unit)).toMatchObject({
				id_item: item.id_item,
				ean: item.eans[0],
				condition: 'new',
				amount: 7,
				_storefront: 'de',
			});
			const listed = await api().get(`/units?storefront=de&id_offer=NEW-1`);
			expect(idsOf(listed.json.data)).toEqual([created.id_unit]);
		});

		it('takes id_product, integer condition codes and the v2-only fields', async () => {
			const item = freeItem();
			const response = await api().post('/units?storefront=at', {
				id_offer: 'USED-1',
				id_product: item.id_item,
				condition: 300,
				listing_price: 999,
				handling_time: 0,
				id_shipping_group: 2,
				id_warehouse: 2,
				vat_indicator: 'reduced_rate_1',
				manufacturer_guarantee_years: 2,
				eco_participation: 15,
			});
			expect(response.status).toBe(200);
			expect(response.json.data).toMatchObject({
				condition: 'USED___VERY_GOOD',
				id_shipping_group: 2,
				id_warehouse: 2,
				vat_indicator: 'reduced_rate_1',
				manufacturer_guarantee_years: 2,
				amount: 1,
				storefront: 'at',
			});
			expect(record(response.json.data.id_unit)).toMatchObject({
				condition: 'used - very good',
				shipping_group: 'spedition',
				warehouse: 'Lager Süd',
				_eco_participation: 15,
			});
		});

		it('refuses an offer the storefront already has, but not on another storefront', async () => {
			const unit = unitsIn('de')[0];
			const item = freeItem();
			const clash = await api().post('/units?storefront=de', {
				id_offer: unit.id_offer,
				ean: item.eans[0],
				listing_price: 100,
				handling_time: 1,
			});
			expect(clash.status).toBe(400);
			expect(clash.json).toEqual(problem('/problems/already-exists', ['id_offer']));
			const sameProduct = await api().post('/units?storefront=de', {
				id_offer: 'OTHER',
				id_product: unit.id_item,
				listing_price: 100,
				handling_time: 1,
			});
			expect(sameProduct.json).toEqual(problem('/problems/already-exists', ['id_product']));
			const otherStorefront = await api().post('/units?storefront=cz', {
				id_offer: unit.id_offer,
				id_product: unit.id_item,
				listing_price: 100,
				handling_time: 1,
			});
			expect(otherStorefront.status).toBe(200);
			expect(otherStorefront.json.data.currency).toBe('CZK');
		});

		it.each([
			['no product', {}, 'id_product'],
			['an unknown EAN', { ean: '0000000000000' }, 'ean'],
			['an unknown product id', { id_product: 1 }, 'id_product'],
			['an EAN of another product', { id_product: 10077, ean: '4006380100015' }, 'ean'],
			['an empty id_offer', { ean: '4006380100459', id_offer: ' ' }, 'id_offer'],
			['a listing price above 1,000,000 EUR', { ean: '4006380100459', listing_price: 100_000_001 }, 'listing_price'],
			[
				'a shipping group that is not the seller’s',
				{ ean: '4006380100459', id_shipping_group: 9 },
				'id_shipping_group',
			],
			['a warehouse that is not the seller’s', { ean: '4006380100459', id_warehouse: 9 }, 'id_warehouse'],
			['an undocumented condition code', { ean: '4006380100459', condition: 110 }, 'condition'],
			['an unknown condition name', { ean: '4006380100459', condition: 'LIKE_NEW' }, 'condition'],
			['a handling time above 100', { ean: '4006380100459', handling_time: 101 }, 'handling_time'],
			['a note of 251 characters', { ean: '4006380100459', note: 'x'.repeat(251) }, 'note'],
			['a v1 field', { ean: '4006380100459', delivery_time_min: 1 }, 'delivery_time_min'],
			['a status (not settable on create)', { ean: '4006380100459', status: 'ONHOLD' }, 'status'],
		])('refuses %s, naming the field', async (_, change, field) => {
			const before = db().units.length;
			const response = await api().post('/units?storefront=de', {
				id_offer: 'X-1',
				listing_price: 1000,
				handling_time: 1,
				...change,
			});
			expect(response.status).toBe(400);
			expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
			expect(db().units).toHaveLength(before);
		});

		it('lists a new unit only after the visibility delay', async () => {
			const delayed = await startSandbox({ port: 0, unitVisibilityDelaySeconds: 300 });
			try {
				const client = new V2Client(delayed);
				const created = await client.post('/units?storefront=de', {
					id_offer: 'LATE',
					ean: '4006380100459',
					listing_price: 100,
					handling_time: 1,
				});
				expect((await client.get(`/units/${created.json.data.id_unit}?storefront=de`)).status).toBe(200);
				expect((await client.get('/units?storefront=de&id_offer=LATE')).json.data).toEqual([]);
				await delayed.control.advance(300);
				expect((await client.get('/units?storefront=de&id_offer=LATE')).json.data).toHaveLength(1);
				expect(client.breaches).toEqual([]);
			} finally {
				await delayed.close();
			}
		});
	});

	describe('changing and deleting', () => {
		it('changes the given fields and answers 200 with the unit', async () => {
			const unit = unitsIn('de')[0];
			const response = await api().patch(`/units/${unit.id_unit}?storefront=de`, {
				listing_price: 1500,
				minimum_price: 1200,
				amount: 3,
				status: 'ONHOLD',
				note: 'Neu',
				manufacturer_guarantee_years: 3,
			});
			expect(response.status).toBe(200);
			expect(response.json.data).toMatchObject({
				listing_price: 1500,
				price: 1500,
				minimum_price: 1200,
				amount: 3,
				status: 'ONHOLD',
				note: 'Neu',
				is_live: false,
				manufacturer_guarantee_years: 3,
			});
			const cleared = await api().patch(`/units/${unit.id_unit}?storefront=de`, {
				manufacturer_guarantee_years: null,
				status: 'AVAILABLE',
				listing_price: 1500,
			});
			expect(cleared.json.data).toMatchObject({
				manufacturer_guarantee_years: null,
				status: 'AVAILABLE',
				is_live: true,
				listing_price: 1500,
			});
			expect(record(unit.id_unit)).toMatchObject({ listing_price: 1500, price: 1500, amount: 3, note: 'Neu' });
		});

		it('takes a minimum price above the listing price: API v2 states no such rule (docs/api-rules.md)', async () => {
			const unit = { ...unitsIn('de')[0] };
			const path = `/units/${unit.id_unit}?storefront=de`;
			const raised = await api().patch(path, {
				minimum_price: unit.listing_price + 1,
				listing_price: unit.listing_price,
			});
			expect(raised.status).toBe(200);
			const cut = await api().patch(path, { listing_price: unit.listing_price - 1 });
			expect(cut.status).toBe(200);
			expect(record(unit.id_unit)).toMatchObject({
				minimum_price: unit.listing_price + 1,
				listing_price: unit.listing_price - 1,
			});
		});

		it('refuses an empty change, fixed fields and another storefront, changing nothing', async () => {
			const unit = unitsIn('de')[0];
			const before = { ...record(unit.id_unit)! };
			const path = `/units/${unit.id_unit}?storefront=de`;
			expect((await api().patch(path, {})).json).toEqual(problem('/problems/validation-error', ['body']));
			expect((await api().patch(path, { id_offer: 'NEW' })).json).toEqual(
				problem('/problems/validation-error', ['id_offer']),
			);
			expect(
				(await api().patch(`/units/${unit.id_unit}?storefront=at`, { amount: 1, listing_price: 1000 })).status,
			).toBe(404);
			expect(record(unit.id_unit)).toEqual(before);
		});

		it('refuses a change without a listing price above 0, as the OpenAPI text says ("you have to specify a listing price greater than zero")', async () => {
			const unit = unitsIn('de')[0];
			const before = { ...record(unit.id_unit)! };
			const stockOnly = await api().patch(`/units/${unit.id_unit}?storefront=de`, { amount: 3 });
			expect(stockOnly.status).toBe(400);
			expect(stockOnly.json).toEqual({
				type: '/problems/validation-error',
				message: 'Parameters [listingPrice] are missing or have wrong value.',
				errors: [{ field: 'listing_price', message: 'listing_price must be greater than 0' }],
			});
			expect(record(unit.id_unit)).toEqual(before);
			const withPrice = await api().patch(`/units/${unit.id_unit}?storefront=de`, {
				amount: 3,
				listing_price: unit.listing_price,
			});
			expect(withPrice.status).toBe(200);
			expect(record(unit.id_unit)!.amount).toBe(3);
		});

		it('deletes a unit of the storefront', async () => {
			const unit = unitsIn('de')[1];
			expect((await api().delete(`/units/${unit.id_unit}?storefront=at`)).status).toBe(404);
			const response = await api().delete(`/units/${unit.id_unit}?storefront=de`);
			expect(response.status).toBe(204);
			expect(record(unit.id_unit)).toBeUndefined();
			expect((await api().get(`/units/${unit.id_unit}?storefront=de`)).status).toBe(404);
		});
	});

	describe('bulk change', () => {
		it('answers 207 with a result per unit: changed, not found, refused', async () => {
			const [a, b, c] = unitsIn('de');
			const stockOfC = c.amount;
			expect(stockOfC).not.toBe(5);
			const response = await api().post('/units/bulk?storefront=de', [
				{ id_unit: a.id_unit, unit_data: { amount: 11, listing_price: a.listing_price } },
				{ id_unit: unitsIn('at')[0].id_unit, unit_data: { amount: 1, listing_price: 1000 } },
				{ id_unit: b.id_unit, unit_data: { id_warehouse: 9, listing_price: b.listing_price } },
				{ id_unit: c.id_unit, unit_data: { amount: 5 } },
			]);
			expect(response.status).toBe(207);
			expect(response.json.data).toEqual([
				{ id_unit: a.id_unit, status_code: 200, unit: expect.objectContaining({ id_unit: a.id_unit, amount: 11 }) },
				{
					id_unit: unitsIn('at')[0].id_unit,
					status_code: 404,
					message: expect.stringMatching(/not found on storefront de/),
					errors: [],
				},
				{
					id_unit: b.id_unit,
					status_code: 400,
					message: expect.any(String),
					errors: [{ field: 'id_warehouse', message: expect.any(String) }],
				},
				// the OpenAPI's own 207 example, for a unit without a listing price
				{
					id_unit: c.id_unit,
					status_code: 400,
					message: 'Parameters [listingPrice] are missing or have wrong value.',
					errors: [{ field: 'listing_price', message: 'listing_price must be greater than 0' }],
				},
			]);
			expect(record(c.id_unit)!.amount).toBe(stockOfC);
			expect(record(a.id_unit)!.amount).toBe(11);
			expect(record(b.id_unit)!.warehouse).toBe(b.warehouse);
		});

		it('refuses the whole request with more than 150 units, repeated units or none', async () => {
			const id = unitsIn('de')[0].id_unit;
			const many = Array.from({ length: 151 }, (_, i) => ({ id_unit: i + 1, unit_data: { amount: 1 } }));
			const tooMany = await api().post('/units/bulk?storefront=de', many);
			expect(tooMany.status).toBe(400);
			expect(tooMany.json).toEqual(problem('/problems/units/bulk-too-many-units', ['body']));
			const twice = await api().post('/units/bulk?storefront=de', [
				{ id_unit: id, unit_data: { amount: 1 } },
				{ id_unit: id, unit_data: { amount: 2 } },
			]);
			expect(twice.json).toEqual(problem('/problems/units/bulk-duplicate-units', ['body']));
			expect((await api().post('/units/bulk?storefront=de', [])).json).toEqual(
				problem('/problems/validation-error', ['body']),
			);
			expect(record(id)!.amount).toBe(unitsIn('de')[0].amount);
		});
	});

	describe('live status', () => {
		it('reports live units, the reasons of others, and units of other storefronts as not found, each id once', async () => {
			const live = unitsIn('de').find((u) => u.amount > 0)!;
			const empty = unitsIn('de').find((u) => u.amount === 0)!;
			await api().patch(`/units/${live.id_unit}?storefront=de`, {
				status: 'ONHOLD',
				listing_price: live.listing_price,
			});
			const other = unitsIn('at')[0];
			const response = await api().post('/units/status?storefront=de', {
				unit_ids: [empty.id_unit, live.id_unit, other.id_unit, empty.id_unit],
			});
			expect(response.status).toBe(200);
			expect(response.json.data).toEqual([
				{
					id_unit: empty.id_unit,
					status_code: 200,
					is_live: false,
					reasons: [expect.objectContaining({ reason: 'stock_update_needed' })],
				},
				{
					id_unit: live.id_unit,
					status_code: 200,
					is_live: false,
					reasons: [expect.objectContaining({ reason: 'offer_paused' })],
				},
				{ id_unit: other.id_unit, status_code: 404, message: 'Unit not found' },
			]);
			const tooMany = await api().post('/units/status?storefront=de', {
				unit_ids: Array.from({ length: 21 }, (_, i) => i + 1),
			});
			expect(tooMany.json.errors).toEqual([{ field: 'unit_ids', message: 'must NOT have more than 20 items' }]);
		});
	});
});
