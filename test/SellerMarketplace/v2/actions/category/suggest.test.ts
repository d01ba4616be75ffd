/** Category → Suggest (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useCategorySandbox } from './setup';

const { v2 } = useCategorySandbox();

describe('Category → Suggest', () => {
	it('sends the product text and the price in cents and outputs the suggestions, best first', async () => {
		const run = await v2.run({
			operation: 'suggest',
			title: 'Apfel Smartphones 128 GB',
			description: 'Ein Telefon',
			manufacturer: 'Apfel',
			price: 49999,
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/categories/decide',
			query: { storefront: 'de' },
			status: 200,
		});
		expect(JSON.parse(request.body)).toEqual({
			item: { title: 'Apfel Smartphones 128 GB', description: 'Ein Telefon', manufacturer: 'Apfel' },
			price: 49999,
		});
		expectSigned(request, v2.credentials());
		expect(run.items[0].json).toMatchObject({ title_singular: 'Smartphones' });
	});

	it.each([
		['an empty title', { title: ' ', price: 100 }, '"Title" is required'],
		['a price with cents after a point', { title: 'T', price: 12.5 }, '"Price (in Cents)" must be a whole number'],
	])('refuses %s before sending', async (_, parameters, message) => {
		const run = await v2.run({ operation: 'suggest', description: 'd', manufacturer: 'm', ...parameters });
		expect(run.error?.message).toContain(message);
		expect(v2.requests()).toHaveLength(0);
	});
});
