/** GPSR Contact → Delete (node version 2), through n8n-core against the v2 sandbox. */
import { contactState } from '../../../../../sandbox/v2/state/contacts';
import { address, useGpsrContactSandbox } from './setup';

const { v2, item, setBoth } = useGpsrContactSandbox();

describe('GPSR Contact → Delete', () => {
	it('deletes one contact type; deleting it again is not found', async () => {
		const ean = item(10004).eans[0];
		await setBoth(ean);
		v2.sandbox().control.clearRequests();

		const deleted = await v2.run({ operation: 'delete', contactFor: 'product', ean, contactType: 'manufacturer' });
		expect(deleted.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/contacts/products/${ean}/manufacturer`,
			status: 204,
			body: '',
		});
		expect(deleted.items.map((output) => output.json)).toEqual([{ deleted: true }]);
		expect(Object.keys(contactState(v2.sandbox().control.db)[`product:${ean}`])).toEqual(['eu-responsible-person']);

		const again = await v2.run({ operation: 'delete', contactFor: 'product', ean, contactType: 'manufacturer' });
		expect(v2.requests()[1]).toMatchObject({ status: 404 });
		expect(again.error).toBeDefined();
	});

	it("deletes a manufacturer's contact", async () => {
		const manufacturer = item(10001).manufacturer;
		const set = await v2.run({
			operation: 'upsert',
			contactFor: 'manufacturer',
			manufacturerName: manufacturer,
			contactType: 'manufacturer',
			...address,
			additionalFields: { postalCode: '50667', email: 'a@b.example' },
		});
		expect(set.error).toBeUndefined();
		v2.sandbox().control.clearRequests();

		const deleted = await v2.run({
			operation: 'delete',
			contactFor: 'manufacturer',
			manufacturerName: manufacturer,
			contactType: 'manufacturer',
		});
		expect(deleted.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/contacts/manufacturers/${encodeURIComponent(manufacturer)}/manufacturer`,
			status: 204,
		});
		expect(deleted.items.map((output) => output.json)).toEqual([{ deleted: true }]);
	});
});
