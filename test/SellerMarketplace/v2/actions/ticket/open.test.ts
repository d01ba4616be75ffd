/** Ticket → Open (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useTicketSandbox } from './setup';

const { v2, db, body, ticketById, messagesOf } = useTicketSandbox();

describe('Ticket → Open', () => {
	it('opens a ticket on the order units given; outputs its ID; the sandbox holds it with the message', async () => {
		const unit = db().orderUnits.find((u) => !u._fulfilled_by_marketplace && u.status === 'sent')!;
		const run = await v2.run({
			operation: 'open',
			orderUnitIds: ` ${unit.id_order_unit} `,
			reason: 'product_not_delivered',
			message: 'Your parcel is on its way',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'POST', path: '/tickets', status: 201 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({
			id_order_unit: [unit.id_order_unit],
			reason: 'product_not_delivered',
			message: 'Your parcel is on its way',
		});
		const id = String(run.items[0].json.id_ticket);
		expect(id).toMatch(/^001\d+$/);
		expect(run.items[0].json).toEqual({
			id_ticket: id,
			id_order_unit: [unit.id_order_unit],
			reason: 'product_not_delivered',
			message: 'Your parcel is on its way',
		});
		expect(ticketById(id)).toMatchObject({ status: 'opened', ids_order_unit: [String(unit.id_order_unit)] });
		expect(messagesOf(id).map((m) => m.text)).toEqual(['Your parcel is on its way']);
	});

	it('order unit IDs that are not numbers are refused before sending', async () => {
		const run = await v2.run({ operation: 'open', orderUnitIds: '12, abc', reason: 'contact_other', message: 'Hi' });
		expect(run.error?.message).toBe(
			'"Order Unit IDs" must be positive whole numbers separated by commas, but "abc" is not [item 0]',
		);
		expect(v2.requests()).toHaveLength(0);
	});
});
