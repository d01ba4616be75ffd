/**
 * Similar Product (node version 2): Get Groups (product similarity groups and their price ladders) and Get Virtual
 * Buy Box, through n8n-core against the v2 sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { isLive } from '../../../sandbox/v2/views';
import { voucherState } from '../../../sandbox/v2/state/vouchers';
import { expectSigned, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ strict: true }, 'similarProduct');
const db = () => v2.sandbox().control.db;

/** A live new-condition offer of the seller on a storefront, and its product. */
function liveOffer(storefront: string) {
	const unit = db().units.find(
		(candidate) => (candidate._storefront ?? 'de') === storefront && candidate.condition === 'new' && isLive(candidate),
	);
	if (!unit) throw new Error(`The seed has no live new offer on ${storefront}`);
	return { unit, item: db().items.find((candidate) => candidate.id_item === unit.id_item)! };
}

describe('Similar Product → Get Groups', () => {
	it('lists the groups of the chosen storefront, 50 a page, each with its ladder in cents', async () => {
		const { unit, item } = liveOffer('de');
		const run = await v2.run({ operation: 'getGroups', storefront: 'de', returnAll: true });

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/similar-products/groups', status: 200 });
		expect(v2.requests()[0].queryValues).toEqual({ storefront: ['de'], limit: ['50'], offset: ['0'] });
		expectSigned(v2.requests()[0], v2.credentials());
		const group = run.items.map((entry) => entry.json).find((json) => json.group_id === `sp-de-${item.id_category}`)!;
		expect(group).toMatchObject({ storefront: 'de', currency: 'EUR', own_sales_rank: null });
		const ladder = group.ladder as IDataObject[];
		const own = ladder.find(
			(entry) => entry.is_own_offer && entry.id_product === item.id_item && entry.price === unit.listing_price,
		);
		expect(own).toMatchObject({ product_name: item.title, shipping_cost: 495, voucher: null });
		expect(ladder.map((entry) => entry.price_rank)).toEqual(ladder.map((_, index) => index + 1));
		expect(new Set(run.items.map((entry) => entry.json.group_id)).size).toBe(run.items.length);
	});

	it('an active voucher of the seller shows on its own offers in the ladder, with the discounted price', async () => {
		const { unit, item } = liveOffer('de');
		const today = new Date(v2.sandbox().control.now()).toISOString().slice(0, 10);
		const state = voucherState(db());
		state.rows.push({
			id_voucher: ++state.lastId,
			title: 'Ladder',
			storefront: 'de',
			discount_type: 'PERCENTAGE',
			discount_amount: 10,
			begin_at: today,
			end_at: today,
			created_at: '2026-11-01T10:00:00Z',
			usage_limit: 5,
			export_to_third_parties: false,
			products: [item.id_item],
			redemptions: {},
		});
		const run = await v2.run({ operation: 'getGroups', storefront: 'credentials', returnAll: false, limit: 50 });

		expect(run.error).toBeUndefined();
		const group = run.items.find((entry) => entry.json.group_id === `sp-de-${item.id_category}`)!.json;
		const own = (group.ladder as IDataObject[]).find(
			(entry) => entry.is_own_offer && entry.price === unit.listing_price && entry.id_product === item.id_item,
		);
		expect(own?.voucher).toEqual({
			discount_amount: 10,
			discount_type: 'percent',
			discounted_price: unit.listing_price - Math.round(unit.listing_price / 10),
		});
	});

	it('Limit stops after that many groups', async () => {
		const run = await v2.run({ operation: 'getGroups', storefront: 'de', returnAll: false, limit: 1 });
		expect(run.error).toBeUndefined();
		expect(v2.requests().map((entry) => entry.queryValues)).toEqual([
			{ storefront: ['de'], limit: ['1'], offset: ['0'] },
		]);
		expect(run.items).toHaveLength(1);
	});
});

describe('Similar Product → Get Virtual Buy Box', () => {
	it('ranks the offers of the product and of the similar ones, one item per product, the product first', async () => {
		const { unit, item } = liveOffer('de');
		const run = await v2.run({
			operation: 'getVirtualBuybox',
			identifyBy: 'ean',
			ean: ` ${item.eans[0]} `,
			storefront: 'de',
			condition: 'new',
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/similar-products/buybox', status: 200 });
		expect(v2.requests()[0].queryValues).toEqual({ storefront: ['de'], ean: [item.eans[0]], condition: ['new'] });
		expectSigned(v2.requests()[0], v2.credentials());
		const sameCategory = db().items.filter((candidate) => candidate.id_category === item.id_category);
		expect(run.items).toHaveLength(Math.min(10, sameCategory.length));
		expect(run.items[0].json).toMatchObject({ id_product: item.id_item, storefront: 'de', condition: 'new' });
		const units = run.items[0].json.units as IDataObject[];
		expect(units).toContainEqual(
			expect.objectContaining({
				id_unit: unit.id_unit,
				price: unit.listing_price,
				shipping_rate: 495,
				seller: 'Sandbox Seller',
			}),
		);
		expect(units.map((offer) => offer.buybox_rank)).toEqual(units.map((_, index) => index + 1));
	});

	it('by product ID with a used condition', async () => {
		const { item } = liveOffer('de');
		const run = await v2.run({
			operation: 'getVirtualBuybox',
			identifyBy: 'id',
			productId: String(item.id_item),
			condition: 'used',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0].queryValues).toEqual({
			storefront: ['de'],
			id_product: [String(item.id_item)],
			condition: ['used'],
		});
		expect(run.items[0].json).toMatchObject({ id_product: item.id_item, condition: 'used' });
	});

	it("a product the seller does not sell there is the marketplace's 404", async () => {
		const unsold = db().items.find(
			(item) => !db().units.some((unit) => unit.id_item === item.id_item && (unit._storefront ?? 'de') === 'cz'),
		)!;
		const run = await v2.run({
			operation: 'getVirtualBuybox',
			identifyBy: 'id',
			productId: String(unsold.id_item),
			storefront: 'cz',
		});
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(run.error?.message).toBe(
			'Could not get the virtual buy box of product 10001: product 10001 among your products in storefront cz not found',
		);
		expect(run.error?.description).toContain(
			`Product ${unsold.id_item} among your products in storefront cz not found`,
		);
	});

	it.each([
		[{ identifyBy: 'ean', ean: '12345' }, '"EAN" must be 8 to 14 digits, but it is "12345" [item 0]'],
		[{ identifyBy: 'id', productId: '1e3' }, '"Product" must be a positive whole number, but it is "1e3" [item 0]'],
	])('refuses %p before sending', async (parameters, message) => {
		const run = await v2.run({ operation: 'getVirtualBuybox', ...parameters });
		expect(run.error?.message).toBe(message);
		expect(v2.requests()).toHaveLength(0);
	});
});
