/** Order Unit → Get (node version 2), through n8n-core against the v2 sandbox. */
import { fromExpression } from '../../setup';
import { useOrderUnitSandbox, byId } from './setup';

const { v2, unitIn } = useOrderUnitSandbox();

describe('Order Unit → Get', () => {
	it('reads one order unit with embedded data', async () => {
		const unit = unitIn('sent');
		const run = await v2.run({
			operation: 'get',
			orderUnitId: byId(unit.id_order_unit),
			embedded: ['shipping_group', 'tickets'],
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `/order-units/${unit.id_order_unit}`, status: 200 });
		expect(v2.requests()[0].rawUrl).toBe(`/v2/order-units/${unit.id_order_unit}?embedded=shipping_group%2Ctickets`);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			id_order_unit: unit.id_order_unit,
			status: 'sent',
			price: unit.price,
			tickets: expect.any(Array),
		});
	});

	it.each(['12abc', '-1', '1e3', '1.5', '9007199254740993', '0', '../1'])(
		'refuses the ID %p before sending',
		async (id) => {
			const run = await v2.run({ operation: 'get', orderUnitId: fromExpression(id) });
			expect(run.error?.message).toBe(`"Order Unit" must be a positive whole number, but it is "${id}" [item 0]`);
			expect(v2.requests()).toHaveLength(0);
		},
	);
});
