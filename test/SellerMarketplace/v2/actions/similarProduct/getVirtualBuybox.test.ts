/** Similar Product → Get Virtual Buy Box (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { expectSigned } from '../../setup';
import { useSimilarProductSandbox } from './setup';

const { v2, db, liveOffer } = useSimilarProductSandbox();

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
