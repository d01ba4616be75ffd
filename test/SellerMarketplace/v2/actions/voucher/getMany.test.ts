/** Voucher → Get Many (node version 2), through n8n-core against the v2 sandbox. */
import { alignedLimit } from '../../../../../nodes/api/v2';
import { DISCOUNT_TYPES, VOUCHER_STATUSES } from '../../../../../nodes/api/v2/enums';
import { V2Client } from '../../../../sandbox/v2/client';
import { expectSigned } from '../../setup';
import { openApiDocument } from '../../../../../sandbox/v2/openapi';
import { useVoucherSandbox } from './setup';

const { v2, control, addVoucher } = useVoucherSandbox();

describe('Voucher → Get Many', () => {
	it('sends the filters as repeated keys and outputs the matching vouchers', async () => {
		const item = control().db.items[3];
		const match = addVoucher({ title: 'Black Week', products: [item.id_item], storefront: 'at' }, 0);
		addVoucher({ title: 'Black Week old', products: [item.id_item], storefront: 'at' }, 5);
		addVoucher({ title: 'Black Week', storefront: 'de' }, 0);

		const run = await v2.run({
			operation: 'getMany',
			storefront: 'at',
			returnAll: true,
			filters: {
				status: ['active', 'new'],
				searchTerm: 'black',
				productIds: String(item.id_item),
				eans: item.eans[0],
				sort: 'beginAt:asc',
			},
		});

		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/vouchers', status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(v2.requests()[0].queryValues).toEqual({
			storefront: ['at'],
			status: ['active', 'new'],
			search_term: ['black'],
			id_product: [item.id_item],
			ean: [item.eans[0]],
			sort: ['beginAt:asc'],
			limit: ['100'],
			offset: ['0'],
		});
		expect(run.items.map((entry) => entry.json.title)).toEqual(['Black Week', 'Black Week old']);
		expect(run.items[0].json).toMatchObject({ id_voucher: match.id_voucher, status: 'active' });
		expect(run.items[1].json.status).toBe('new');
	});

	it('Return All asks every page with an offset that is a multiple of its limit, and outputs every voucher once', async () => {
		for (let index = 0; index < 130; index++) addVoucher();
		const run = await v2.run({ operation: 'getMany', storefront: 'all', returnAll: true });

		expect(run.error).toBeUndefined();
		expect(v2.requests().map((entry) => entry.queryValues)).toEqual([
			{ limit: ['100'], offset: ['0'] },
			{ limit: ['50'], offset: ['100'] },
		]);
		expect(new Set(run.items.map((entry) => entry.json.id_voucher)).size).toBe(130);
	});

	it('the sandbox refuses an offset that is not a multiple of the limit', async () => {
		const response = await new V2Client(v2.sandbox()).get('/vouchers?limit=30&offset=10', { anyStatus: true });
		expect(response.status).toBe(400);
		expect(response.json.errors).toEqual([
			{ field: 'offset', message: 'must be a multiple of limit (30), but it is 10' },
		]);
	});

	it('refuses a product ID that is not a number before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { productIds: '1,x' } });
		expect(run.error?.message).toBe(
			'"Product IDs" must be product IDs (whole numbers) separated by commas, but "x" is not [item 0]',
		);
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Voucher → Get Many', () => {
	it('the status and discount type lists are those of the OpenAPI (without the status unknown)', () => {
		const { components } = openApiDocument() as {
			components: { schemas: Record<string, { enum: string[] }> };
		};
		expect([...VOUCHER_STATUSES, 'unknown'].sort()).toEqual([...components.schemas.VoucherStatus.enum].sort());
		expect([...DISCOUNT_TYPES].sort()).toEqual([...components.schemas.DiscountType.enum].sort());
	});

	it.each([
		[0, 30, 30],
		[100, 30, 50],
		[100, 100, 100],
		[30, 30, 30],
		[37, 30, 37],
		[37, 50, 37],
		[101, 50, 1],
	])('alignedLimit(offset %i, wanted %i) asks %i', (offset, wanted, limit) => {
		expect(alignedLimit(offset, wanted, 100)).toBe(limit);
		expect(offset % limit).toBe(0);
	});
});
