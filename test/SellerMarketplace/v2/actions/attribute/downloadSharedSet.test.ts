/** Attribute → Download Shared Set (node version 2), through n8n-core against the v2 sandbox. */
import { rawRequest } from '../../../../sandbox/v1/client';
import { expectSigned } from '../../setup';
import { useAttributeSandbox } from './setup';

const { v2, manufacturerId, manufacturers } = useAttributeSandbox();

describe('Attribute → Download Shared Set', () => {
	const fileRequests = () =>
		v2
			.sandbox()
			.control.requests()
			.filter((entry) => entry.api !== 'v2');

	it('downloads the CSV from the signed address into the binary field, the address kept out of the output', async () => {
		const run = await v2.run({
			operation: 'downloadSharedSet',
			attributeId: String(manufacturerId()),
			locale: 'de-AT',
			binaryPropertyName: 'values',
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()).toHaveLength(1);
		expect(v2.requests()[0]).toMatchObject({
			method: 'GET',
			path: `/attributes/${manufacturerId()}/shared-set-values`,
			query: { locale: 'de-AT' },
			status: 200,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(fileRequests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: expect.stringMatching(/^\/shared-set-files\/[0-9a-f]{48}$/),
				status: 200,
			}),
		]);
		expect(fileRequests()[0].headers).not.toHaveProperty('shop-signature');
		const [item] = run.items;
		expect(item.json).toEqual({ id_attribute: manufacturerId(), locale: 'de-AT' });
		expect(item.binary!.values).toMatchObject({
			fileName: `shared-set-${manufacturerId()}-de-AT.csv`,
			mimeType: 'text/csv',
		});
		const csv = Buffer.from(item.binary!.values.data, 'base64').toString('utf8').trim().split('\n');
		expect(csv).toEqual(['value;label', ...manufacturers().map((name) => `${name};${name}`)]);
		const token = fileRequests()[0].path.split('/').pop()!;
		expect(JSON.stringify(run.run.data)).not.toContain(token);
	});

	it('the signed address stops working after six days of sandbox time', async () => {
		await v2.run({ operation: 'downloadSharedSet', attributeId: String(manufacturerId()) });
		const path = fileRequests()[0].path;
		await v2.sandbox().control.advance(6 * 24 * 3600 + 1);
		const response = await rawRequest(`${v2.sandbox().baseUrl}${path}`, 'GET', {}, '');
		expect(response.status).toBe(403);
	});

	it("an attribute without a shared set has no CSV: the marketplace's 404 is shown and no file is fetched", async () => {
		const run = await v2.run({ operation: 'downloadSharedSet', attributeId: '3' });
		expect(v2.requests()[0]).toMatchObject({ status: 404 });
		expect(run.error?.message).toBe('Could not download the shared set of attribute 3: it was not found');
		expect(run.error?.description).toContain('Shared set of attribute 3 not found');
		expect(fileRequests()).toHaveLength(0);
	});
});
