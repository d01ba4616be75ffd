/** Order Unit → Refund (node version 2), through n8n-core against the v2 sandbox. */
import { useOrderUnitSandbox, byId } from './setup';

const { v2, unitIn, unitById, body } = useOrderUnitSandbox();

describe('Order Unit → Refund', () => {
	it('pays back the amount in cents with the reason', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: 250,
			reason: 'delivery_delay',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/refund`,
			status: 204,
		});
		expect(body()).toEqual({ amount: 250, reason: 'delivery_delay' });
		expect(run.items[0].json).toEqual({
			success: true,
			id_order_unit: unit.id_order_unit,
			amount: 250,
			reason: 'delivery_delay',
		});
		expect(unitById(unit.id_order_unit)._refunds).toEqual([
			expect.objectContaining({ amount: 250, reason: 'delivery_delay' }),
		]);
	});

	it('more than is left of the price: the refusal names "Amount (in Cents)"', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: unit.price + 1,
			reason: 'other_refund',
		});
		expect(run.error?.message).toMatch(
			new RegExp(
				`^Could not refund order unit ${unit.id_order_unit}: "Amount \\(in Cents\\)" \\(amount\\): \\d+ exceeds what is left of the price`,
			),
		);
		expect(unitById(unit.id_order_unit)._refunds).toEqual([]);
	});

	it.each([
		['a fraction of a cent', 12.5],
		['zero', 0],
		['text that is not a number', '12,50'],
		['more than the API can hold', 2 ** 31],
	])('refuses %s before sending', async (_, amount) => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount,
			reason: 'other_refund',
		});
		expect(run.error?.message).toMatch(
			/^"Amount \(in Cents\)" must be (a whole number of at least 1|at most 2147483647)/,
		);
		expect(v2.requests()).toHaveLength(0);
	});

	it('is never sent twice: after a 500 it stops and says the refund may have been applied', async () => {
		const unit = unitIn('sent');
		v2.sandbox().control.addFault({
			method: 'PATCH',
			path: `/v2/order-units/${unit.id_order_unit}/refund`,
			kind: 'status',
			status: 500,
			times: 1,
		});
		const run = await v2.run({
			operation: 'refund',
			orderUnitId: byId(unit.id_order_unit),
			amount: 100,
			reason: 'other_refund',
		});
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			`The request to refund order unit ${unit.id_order_unit} may or may not have been applied: the marketplace had a server error (500)`,
		);
		expect(run.error?.description).toContain(`the refunds of order unit ${unit.id_order_unit} in the Seller Portal`);
		expect(run.error?.description).not.toMatch(/try again later/i);
	});
});
