/** Return → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useReturnSandbox } from './setup';

const { v2, db } = useReturnSandbox();

describe('Return → Get Many', () => {
	it('filters by status and tracking code; outputs the matching return', async () => {
		const record = db().returns.find((r) => r.status === 'package_received')!;
		const run = await v2.run({
			resource: 'return',
			operation: 'getMany',
			returnAll: true,
			storefront: 'all',
			filters: {
				status: ['package_received'],
				trackingCode: ` ${record.tracking_code} `,
				updatedFrom: '2001-01-01T00:00:00Z',
			},
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/returns', status: 200 });
		expect(request.queryValues).toMatchObject({
			status: ['package_received'],
			tracking_code: [record.tracking_code],
			ts_updated_from_iso: ['2001-01-01T00:00:00Z'],
		});
		expect(request.queryValues?.storefront).toBeUndefined();
		expectSigned(request, v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id_return: record.id_return, status: 'package_received', tracking_provider: 'DHL' }),
		]);
	});
});
