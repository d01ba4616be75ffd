/** Assortment Insight → Get Many (node version 2) through n8n-core against the v2 sandbox. */
import { expectSigned, useSandboxV2 } from '../../setup';

const v2 = useSandboxV2({ strict: true }, 'assortmentInsight');

describe('Assortment Insight → Get Many', () => {
	it('Return All reads the products you do not offer in pages of up to 5,000', async () => {
		const { db } = v2.sandbox().control;
		const offered = new Set(db.units.map((unit) => unit.id_item));
		const gaps = db.items.filter((item) => !offered.has(item.id_item));

		const result = await v2.run({ operation: 'getMany', returnAll: true });

		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: '/assortment-coverage/insights',
			query: { limit: '5000', offset: '0' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(result.items.map((item) => item.json.ean)).toEqual(gaps.map((item) => item.eans[0]));
		expect(result.items[0].json).toMatchObject({
			item_name: gaps[0].title,
			brand: gaps[0].manufacturer,
			currency: 'EUR',
			buybox_price_current: expect.any(Number),
		});
	});

	it('Limit asks for no more than it needs', async () => {
		const result = await v2.run({ operation: 'getMany', returnAll: false, limit: 3 });
		expect(v2.requests().map((entry) => entry.query)).toEqual([{ limit: '3', offset: '0' }]);
		expect(result.items).toHaveLength(3);
	});

	it('a Limit that is text is refused before anything is sent', async () => {
		const result = await v2.run({ operation: 'getMany', returnAll: false, limit: '=ten' }, { continueOnFail: true });
		expect(v2.requests()).toHaveLength(0);
		expect(String(result.items[0].json.error)).toContain('"Limit"');
	});
});
