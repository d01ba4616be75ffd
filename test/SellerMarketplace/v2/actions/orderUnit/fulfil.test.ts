/** Order Unit → Fulfil (node version 2), through n8n-core against the v2 sandbox. */
import { useOrderUnitSandbox, byId } from './setup';

const { v2, unitIn, unitById } = useOrderUnitSandbox();

describe('Order Unit → Fulfil', () => {
	it('fulfils an open unit: it then needs to be sent', async () => {
		const unit = unitIn('need_to_be_sent');
		v2.sandbox().control.setStatus('orderUnits', unit.id_order_unit, 'open');
		v2.sandbox().control.clearRequests();
		const run = await v2.run({ operation: 'fulfil', orderUnitId: byId(unit.id_order_unit) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/order-units/${unit.id_order_unit}/fulfil`,
			body: '',
			status: 204,
		});
		expect(run.items[0].json).toEqual({ success: true, id_order_unit: unit.id_order_unit });
		expect(unitById(unit.id_order_unit).status).toBe('need_to_be_sent');
	});
});
