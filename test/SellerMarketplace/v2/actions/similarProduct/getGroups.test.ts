/** Similar Product → Get Groups (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { voucherState } from '../../../../../sandbox/v2/state/vouchers';
import { expectSigned } from '../../setup';
import { useSimilarProductSandbox } from './setup';

const { v2, db, liveOffer } = useSimilarProductSandbox();

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
