/** Carrier → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned, useSandboxV2 } from '../../setup';

const v2 = useSandboxV2();

describe('Carrier → Get Many', () => {
	it('outputs one item per carrier of GET /carriers', async () => {
		const result = await v2.run({ resource: 'carrier', operation: 'getMany' });
		expect(result.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/carriers', status: 200, body: '' });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(result.items.length).toBeGreaterThan(50);
		expect(result.items).toContainEqual({ json: { name: 'DHL', isHauler: false }, pairedItem: { item: 0 } });
		expect(result.items).toContainEqual({
			json: { name: 'Cargo International', isHauler: true },
			pairedItem: { item: 0 },
		});
	});
});
