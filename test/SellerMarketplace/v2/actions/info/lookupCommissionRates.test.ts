/** Info → Look Up Commission Rates (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useInfoSandbox } from './setup';

const { v2, eanOfItem } = useInfoSandbox();

describe('Info → Look Up Commission Rates', () => {
	it('sends the EANs once each and outputs one item per EAN with its status and estimate', async () => {
		const electronics = eanOfItem(10001);
		const food = eanOfItem(10067);
		const result = await v2.run({
			operation: 'lookupCommissionRates',
			storefront: 'cz',
			eans: `${electronics}, ${food}\n0000000000017 ${electronics}`,
		});

		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/info/commission-rates/lookup',
			query: { storefront: 'cz' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ eans: [electronics, food, '0000000000017'] });
		expect(result.items.map((item) => item.json)).toEqual([
			{
				ean: electronics,
				storefront: 'cz',
				status: 'OK',
				commission_rate_estimate: { variable_fee: 12.5, fixed_fee: 0 },
			},
			{ ean: food, storefront: 'cz', status: 'NO_COMMISSION_RATE' },
			{ ean: '0000000000017', storefront: 'cz', status: 'NOT_FOUND' },
		]);
	});

	it('takes a list of EANs from an expression', async () => {
		const result = await v2.run(
			{ operation: 'lookupCommissionRates', eans: '={{ $json.eans }}' },
			{ items: [{ json: { eans: [eanOfItem(10002), eanOfItem(10003)] } }] },
		);
		expect(result.error).toBeUndefined();
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ eans: [eanOfItem(10002), eanOfItem(10003)] });
		expect(v2.requests()[0].query).toEqual({ storefront: 'de' });
		expect(result.items).toHaveLength(2);
	});

	it.each([
		['no EAN', ' , ', '"EANs" is required: give at least one EAN, e.g. 4006380100015'],
		[
			'51 EANs',
			Array.from({ length: 51 }, (_, n) => String(4006380000000 + n)).join(','),
			'"EANs" takes at most 50 EANs, but it holds 51',
		],
		['an EAN with letters', '40063801000AB', '"EANs" must be 8 to 14 digits, but it is "40063801000AB"'],
	])('%s is refused before anything is sent, naming the field and the item', async (_case, eans, message) => {
		const result = await v2.run(
			{ operation: 'lookupCommissionRates', eans },
			{ items: [{ json: {} }, { json: {} }], continueOnFail: true },
		);
		expect(v2.requests()).toHaveLength(0);
		expect(result.items.map((item) => item.json.error)).toEqual([`${message} [item 0]`, `${message} [item 1]`]);
	});
});
