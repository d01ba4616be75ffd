/** Order Unit → Cancel (node version 2), through n8n-core against the v2 sandbox. */
import { useOrderUnitSandbox, byId } from './setup';

const { v2, unitIn, unitById, body } = useOrderUnitSandbox();

describe('Order Unit → Cancel', () => {
	it('cancels with the chosen reason', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({ operation: 'cancel', orderUnitId: byId(unit.id_order_unit), reason: 'NoInventory' });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/cancel`,
			status: 204,
		});
		expect(body()).toEqual({ reason: 'NoInventory' });
		expect(run.items[0].json).toEqual({ success: true, id_order_unit: unit.id_order_unit, reason: 'NoInventory' });
		expect(unitById(unit.id_order_unit)).toMatchObject({ status: 'cancelled', cancel_reason: 'NoInventory' });
	});

	it('refuses a v1 reason that v2 dropped, before sending', async () => {
		const unit = unitIn('need_to_be_sent');
		const run = await v2.run({ operation: 'cancel', orderUnitId: byId(unit.id_order_unit), reason: 'CustomerReturn' });
		expect(run.error?.message).toBe('"Reason" has an unknown value "CustomerReturn" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});
