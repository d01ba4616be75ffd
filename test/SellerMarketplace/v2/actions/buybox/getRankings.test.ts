/** Buy Box → Get Offer Rankings (node version 2) through n8n-core against the v2 sandbox. */

import { BUYBOX_CONDITIONS } from '../../../../../nodes/api/v2/enums';
import { expectSigned, useSandboxV2 } from '../../setup';
import { openApiDocument } from '../../../../../sandbox/v2/openapi';

const v2 = useSandboxV2({ strict: true }, 'buybox');
const unit = (offer: string) => v2.sandbox().control.db.units.find((candidate) => candidate.id_offer === offer)!;

describe('Buy Box → Get Offer Rankings', () => {
	it('ranks the offers of a product, yours with your unit and offer ID, by price and shipping', async () => {
		const own = unit('SKU-00001');
		const result = await v2.run({ operation: 'getRankings', productId: String(own.id_item), condition: 'new' });

		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/buybox',
			query: { id_product: String(own.id_item), storefront: 'de', condition: 'new', limit: '10' },
			status: 200,
			body: '',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		const [ranking] = result.items.map((item) => item.json);
		expect(ranking).toMatchObject({ id_product: own.id_item, condition: 'new', storefront: 'de', num_units: 3 });
		const units = ranking.units as Array<Record<string, unknown>>;
		expect(units.map((entry) => entry.buybox_rank)).toEqual([1, 2, 3]);
		expect(units[1]).toMatchObject({
			seller: 'Sandbox Seller',
			price: own.listing_price / 100,
			condition: 'NEW',
			id_unit: own.id_unit,
			id_offer: 'SKU-00001',
		});
		expect(units[0]).not.toHaveProperty('id_unit');
	});

	it('Number of Offers caps the list; the total still counts every offer', async () => {
		const result = await v2.run({
			operation: 'getRankings',
			productId: String(unit('SKU-00002').id_item),
			storefront: 'de',
			condition: 'new',
			topOffers: 1,
		});
		expect(v2.requests()[0].query).toMatchObject({ limit: '1' });
		expect(result.items[0].json).toMatchObject({ num_units: 3, units: [expect.objectContaining({ buybox_rank: 1 })] });
	});

	it('an unknown product is not found', async () => {
		const result = await v2.run({ operation: 'getRankings', productId: '99999999', condition: 'used' });
		expect(v2.requests()[0]).toMatchObject({ query: { condition: 'used' }, status: 404 });
		expect(result.error).toBeDefined();
	});

	it.each([
		['a product ID that is text', { productId: 'abc' }, '"Product" must be a positive whole number, but it is "abc"'],
		['more than 10 offers', { topOffers: 11 }, '"Number of Offers" must be at most 10, but it is 11'],
		['an unknown condition', { condition: 'broken' }, '"Condition" has an unknown value "broken"'],
	])('%s is refused before anything is sent, naming the field and the item', async (_case, overrides, message) => {
		const result = await v2.run(
			{ operation: 'getRankings', productId: '10001', condition: 'new', ...overrides },
			{ continueOnFail: true },
		);
		expect(v2.requests()).toHaveLength(0);
		expect(result.items[0].json.error).toBe(`${message} [item 0]`);
	});

	it('the conditions are those of the OpenAPI', () => {
		const schemas = (
			openApiDocument() as {
				components: { schemas: Record<string, { enum: string[] }> };
			}
		).components.schemas;
		expect([...BUYBOX_CONDITIONS].sort()).toEqual([...schemas.BuyboxCondition.enum].sort());
	});
});
