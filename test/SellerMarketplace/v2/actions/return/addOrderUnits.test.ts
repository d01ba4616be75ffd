/** Return → Add Order Units (node version 2), through n8n-core against the v2 sandbox. */
import type { IDataObject } from 'n8n-workflow';
import { startFaultProxy, type FaultProxy } from '../../../../hardening/proxy';
import { runSellerNodeV2 } from '../../../../harness/workflow';
import { expectSigned, fromExpression } from '../../setup';
import { useReturnSandbox, byId } from './setup';

const { v2, db, inReturn, returnable, room } = useReturnSandbox();

describe('Return → Add Order Units', () => {
	it('adds a unit of the same order to an open return: PUT with one line; outputs the return with all its units', async () => {
		const { idReturn, idOrderUnit } = room();
		const run = await v2.run({
			operation: 'addOrderUnits',
			returnId: byId(idReturn),
			orderUnitIds: String(idOrderUnit),
			reason: 'defect',
			note: 'Second one broken too',
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/returns/${idReturn}`,
			operationId: 'UpdateReturn',
			status: 201,
		});
		expectSigned(request, v2.credentials());
		expect(JSON.parse(request.body) as IDataObject[]).toEqual([
			{ id_order_unit: idOrderUnit, reason: 'defect', note: 'Second one broken too' },
		]);
		const lines = db().returnUnits.filter((line) => line.id_return === idReturn);
		expect(lines.map((line) => line.id_order_unit)).toContain(idOrderUnit);
		expect(run.items[0].json).toMatchObject({ id_return: idReturn });
		expect((run.items[0].json.return_units as IDataObject[]).map((line) => line.id_order_unit)).toEqual(
			lines.map((line) => line.id_order_unit),
		);
	});

	it('a return whose parcel is back already takes no more units', async () => {
		const received = db().returns.find((record) => record.status === 'package_received')!;
		const [unit] = returnable();
		const run = await v2.run({
			operation: 'addOrderUnits',
			returnId: byId(received.id_return),
			orderUnitIds: String(unit.id_order_unit),
			reason: 'defect',
			note: 'Broken on arrival',
		});
		expect(v2.requests()[0]).toMatchObject({ status: 403 });
		expect(run.error?.message).toContain("units can be added while it is 'return_requested' or 'label_generated'");
		expect(inReturn(unit)).toBe(false);
	});

	it('refuses a return ID that would bend the path before sending', async () => {
		const run = await v2.run({
			operation: 'addOrderUnits',
			returnId: fromExpression('1/../2'),
			orderUnitIds: '5',
			reason: 'defect',
			note: 'Broken on arrival',
		});
		expect(run.error?.message).toBe('"Return" must be a positive whole number, but it is "1/../2" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});

	describe('when the answer is lost after the marketplace added the units', () => {
		let proxy: FaultProxy;
		beforeAll(async () => (proxy = await startFaultProxy(v2.sandbox().baseUrl)));
		afterAll(async () => await proxy.close());

		it('the retry is refused, the return is read back holding the units, and the item succeeds with alreadyApplied', async () => {
			const { idReturn, idOrderUnit } = room();
			proxy.add({ method: 'PUT', path: `/v2/returns/${idReturn}`, action: 'loseAnswer' });
			const run = await runSellerNodeV2(
				{ ...v2.credentials(), baseUrl: proxy.baseUrl.replace(/\/api\/v1$/, '/v2') },
				{
					parameters: {
						resource: 'return',
						operation: 'addOrderUnits',
						returnId: byId(idReturn),
						orderUnitIds: String(idOrderUnit),
						reason: 'defect',
						note: 'Second one broken too',
					},
				},
			);
			expect(run.error).toBeUndefined();
			expect(v2.requests().map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
				`PUT /returns/${idReturn} 201`,
				`PUT /returns/${idReturn} 403`,
				`GET /returns/${idReturn} 200`,
			]);
			expect(v2.requests()[2].queryValues).toEqual({ embedded: ['return_units'] });
			expect(run.items).toHaveLength(1);
			expect(run.items[0].json).toMatchObject({ id_return: idReturn, alreadyApplied: true });
			expect((run.items[0].json.return_units as IDataObject[]).map((line) => line.id_order_unit)).toContain(
				idOrderUnit,
			);
			expect(db().returnUnits.filter((line) => line.id_order_unit === idOrderUnit)).toHaveLength(1);
		});
	});
});
