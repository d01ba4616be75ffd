/** Unit → Create (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject, INodeProperties, INodeType } from 'n8n-workflow';

import { nodeTypes } from '../../../../harness/workflow';
import { expectSigned } from '../../setup';
import { useUnitSandbox } from './setup';

const { v2, db, unitsIn, body, freeProduct } = useUnitSandbox();

describe('Unit → Create', () => {
	const create = (parameters: IDataObject) =>
		v2.run({
			operation: 'create',
			identifyBy: 'ean',
			condition: 'NEW',
			listingPrice: 1999,
			handlingTime: 2,
			...parameters,
		});

	it('offers a product by EAN and outputs the unit the marketplace created', async () => {
		const product = freeProduct('de');
		const run = await create({
			ean: product.ean,
			offerId: 'SKU-NEW-1',
			condition: 'USED___VERY_GOOD',
			amount: 7,
			additionalFields: {
				minimumPrice: 1499,
				note: ' Leichte Kratzer ',
				shippingGroupId: 2,
				vatIndicator: 'reduced_rate_1',
				manufacturerGuaranteeYears: 2,
				ecoParticipation: 30,
			},
			embedded: ['eco_participation'],
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/units',
			rawUrl: '/v2/units?storefront=de&embedded=eco_participation',
			status: 200,
		});
		expectSigned(request, v2.credentials());
		expect(body()).toEqual({
			id_offer: 'SKU-NEW-1',
			ean: product.ean,
			condition: 'USED___VERY_GOOD',
			amount: 7,
			handling_time: 2,
			listing_price: 1999,
			minimum_price: 1499,
			note: 'Leichte Kratzer',
			id_shipping_group: 2,
			vat_indicator: 'reduced_rate_1',
			eco_participation: 30,
			manufacturer_guarantee_years: 2,
		});
		const created = db().units.find((unit) => unit.id_offer === 'SKU-NEW-1')!;
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				id_unit: created.id_unit,
				id_product: product.id,
				condition: 'USED___VERY_GOOD',
				listing_price: 1999,
				amount: 7,
				handling_time: 2,
				eco_participation: 30,
				storefront: 'de',
			}),
		]);
	});

	it('shows Listing Price (required, starting at 0, which is refused) and Stock on the form; the Additional Fields keep Stock only for saved workflows', () => {
		const { properties } = (
			nodeTypes().getByNameAndVersion('n8n-nodes-seller-marketplace.sellerMarketplace', 2.1) as INodeType
		).description;
		const forCreate = properties.filter(
			(p) =>
				p.displayOptions?.show?.resource?.includes('unit') && p.displayOptions?.show?.operation?.includes('create'),
		);
		const field = (name: string) => forCreate.find((p) => p.name === name);
		expect(field('listingPrice')).toMatchObject({ required: true, default: 0 });
		expect(field('amount')).toMatchObject({ displayName: 'Stock', required: true });
		const additional = field('additionalFields')!.options as INodeProperties[];
		expect(additional.find((option) => option.name === 'amount')).toMatchObject({
			displayName: 'Stock (Replaces Stock Above)',
		});
	});

	it('a workflow saved with Stock among the Additional Fields still sends that stock, not the default of the new field', async () => {
		const product = freeProduct('de');
		const run = await create({ ean: product.ean, offerId: 'SKU-SAVED-1', additionalFields: { amount: 50 } });

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(body()).toMatchObject({ id_offer: 'SKU-SAVED-1', amount: 50, listing_price: 1999 });
		expect(run.items[0].json).toMatchObject({ id_offer: 'SKU-SAVED-1', amount: 50 });
	});

	it('offers a product by its product ID on another storefront, in its currency', async () => {
		const product = freeProduct('cz');
		const run = await create({
			identifyBy: 'productId',
			productId: String(product.id),
			offerId: 'SKU-CZ-1',
			storefront: 'cz',
			listingPrice: 150_000_000,
		});
		expect(run.error).toBeUndefined();
		expect(body()).toEqual({
			id_offer: 'SKU-CZ-1',
			id_product: product.id,
			condition: 'NEW',
			listing_price: 150_000_000,
			amount: 1,
			handling_time: 2,
		});
		expect(run.items[0].json).toMatchObject({ currency: 'CZK', listing_price: 150_000_000, storefront: 'cz' });
	});

	it('an offer ID that exists already: the refusal names "Offer ID"', async () => {
		const existing = unitsIn('de')[0];
		const run = await create({ ean: freeProduct('de').ean, offerId: existing.id_offer });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toMatch(
			/^Could not create a unit for offer SKU-00001: "Offer ID" \(id_offer\): storefront de already has unit/,
		);
		expect(run.error?.description).toContain('Problem type: /problems/already-exists');
	});

	it.each([
		[
			'a price above 1 million EUR on de',
			{ listingPrice: 100_000_001 },
			'"Listing Price (in Cents)" must be at most 100000000',
		],
		['a price of 0', { listingPrice: 0 }, '"Listing Price (in Cents)" must be a whole number of at least 1'],
		[
			'no price (the field starts empty, at 0)',
			{ listingPrice: undefined },
			'"Listing Price (in Cents)" must be a whole number of at least 1',
		],
		[
			'a price in euros typed into the cents field',
			{ listingPrice: 20 },
			'"Listing Price (in Cents)" is 20, which is 0.20 EUR: prices are in cents (1999 for 19.99 EUR). Listing prices below 100 (1.00 EUR) are refused as a likely mistake',
		],
		['a price with cents after a point', { listingPrice: 19.99 }, '"Listing Price (in Cents)" must be a whole number'],
		[
			'a minimum price above the listing price',
			{ additionalFields: { minimumPrice: 2000 } },
			'"Minimum Price (in Cents)" (2000) must not be above "Listing Price (in Cents)" (1999)',
		],
		['a handling time over 100 days', { handlingTime: 101 }, '"Handling Time (Days)" must be at most 100'],
		[
			'a note over 250 characters',
			{ additionalFields: { note: 'x'.repeat(251) } },
			'"Note" must be at most 250 characters, but it has 251',
		],
		[
			'a guarantee of 100 years',
			{ additionalFields: { manufacturerGuaranteeYears: 100 } },
			'"Manufacturer Guarantee (Years)" must be at most 99',
		],
		['an EAN that is not one', { ean: '12345' }, '"EAN" must be 8 to 14 digits'],
		['no offer ID', { offerId: '  ' }, '"Offer ID" is required'],
		['an unknown condition', { condition: 'used' }, '"Condition" has an unknown value "used"'],
		[
			'a shipping group that is not an ID',
			{ additionalFields: { shippingGroupId: 'paket' } },
			'"Shipping Group" must be a whole number',
		],
	])('refuses %s before sending', async (_, parameters, message) => {
		const run = await create({ ean: freeProduct('de').ean, offerId: 'SKU-X', ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
