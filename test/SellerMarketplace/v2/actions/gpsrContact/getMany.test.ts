/** GPSR Contact → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useGpsrContactSandbox } from './setup';

const { v2, item, setBoth } = useGpsrContactSandbox();

describe('GPSR Contact → Get Many', () => {
	it('lists the contacts of a product, one item each, and of a manufacturer with its catalogue name', async () => {
		const ean = item(10003).eans[0];
		await setBoth(ean);
		v2.sandbox().control.clearRequests();

		const product = await v2.run({ operation: 'getMany', contactFor: 'product', ean });
		const manufacturer = await v2.run({
			operation: 'getMany',
			manufacturerName: item(10003).manufacturer.toLowerCase(),
		});

		expect(v2.requests().map(({ method, path, status }) => `${method} ${path} ${String(status)}`)).toEqual([
			`GET /contacts/products/${ean} 200`,
			`GET /contacts/manufacturers/${encodeURIComponent(item(10003).manufacturer.toLowerCase())} 200`,
		]);
		expectSigned(v2.requests()[0], v2.credentials());
		expect(product.items.map((output) => output.json.contact_type)).toEqual(['manufacturer', 'eu-responsible-person']);
		expect(manufacturer.items).toEqual([]);
	});
});
