/**
 * Issue 24, item 3: errors built once. Through n8n-core against the sandboxes of both API versions: the headline
 * is composed from what was attempted (the operation's words and the record's ID), not from the labels of the form;
 * a write that may have been applied says so once; the description is turned into the editor's HTML once.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import {
	resources as v1Resources,
	resourceSelector as v1ResourceSelector,
} from '../../../nodes/SellerMarketplace/v1/actions';
import { resources as v2Resources } from '../../../nodes/SellerMarketplace/v2/actions';
import { useSandbox } from '../../harness/sandbox';
import { runSellerNode } from '../../harness/workflow';
import { useSandboxV2 } from '../v2/setup';

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const count = (text: string | undefined, words: string) => (text ?? '').split(words).length - 1;

/** Renames every label the form shows for an operation (its action, its name, its resource), for one test. */
function renameLabels(
	target: { action: string; name: string },
	resourceOption: { name: string },
	operationOption: INodePropertyOptions | undefined,
): () => void {
	const before = {
		action: target.action,
		name: target.name,
		resource: resourceOption.name,
		option: operationOption && { ...operationOption },
	};
	Object.assign(target, { action: 'Ship this thing', name: 'Ship' });
	resourceOption.name = 'Parcel (Renamed)';
	if (operationOption) Object.assign(operationOption, { action: 'Ship this thing', name: 'Ship' });
	return () => {
		Object.assign(target, { action: before.action, name: before.name });
		resourceOption.name = before.resource;
		if (operationOption && before.option) Object.assign(operationOption, before.option);
	};
}

describe('node version 2', () => {
	const v2 = useSandboxV2({ orders: 40 });
	const sentUnit = () =>
		v2
			.sandbox()
			.control.db.orderUnits.find(
				(unit) => !unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === 'de' && unit.status === 'sent',
			)!;

	it('renaming the labels of an operation and its resource does not change the headline of its failure', async () => {
		const resource = v2Resources.find((candidate) => candidate.value === 'orderUnit')!;
		const operation = resource.operations.send;
		const selector = resource.description.find((property) => property.name === 'operation');
		const option = (selector?.options as INodePropertyOptions[]).find((candidate) => candidate.value === 'send');
		const restore = renameLabels(operation as unknown as { action: string; name: string }, resource, option);
		try {
			const unit = sentUnit();
			const result = await v2.run({
				resource: 'orderUnit',
				operation: 'send',
				orderUnitId: byId(unit.id_order_unit),
				carrierCode: 'DHL',
				trackingNumbers: 'T-1',
			});

			expect(v2.requests()).toEqual([
				expect.objectContaining({ method: 'PATCH', path: `/order-units/${unit.id_order_unit}/send`, status: 403 }),
			]);
			expect(result.error?.message).toBe(
				`Could not mark order unit ${unit.id_order_unit} as sent: it is already 'sent'; it cannot be sent again`,
			);
		} finally {
			restore();
		}
	});

	it('a create whose answer may have been applied says so once, in the headline, and explains it once', async () => {
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/units', kind: 'status', status: 503 });
		const item = v2.sandbox().control.db.items[0];
		const result = await v2.run({
			resource: 'unit',
			operation: 'create',
			identifyBy: 'ean',
			ean: item.eans[0],
			offerId: 'SKU-ONCE',
			condition: 'NEW',
			listingPrice: 1000,
			handlingTime: 1,
		});

		expect(v2.requests()).toEqual([expect.objectContaining({ method: 'POST', path: '/units', status: 503 })]);
		expect(result.error?.message).toBe(
			'The request to create a unit for offer SKU-ONCE may or may not have been applied: the marketplace had a server error (503)',
		);
		expect(result.error?.message).not.toMatch(/may already have been applied/);
		expect(count(result.error?.description, 'may or may not have been applied')).toBe(1);
		expect(count(result.error?.description, 'It was sent once and not repeated')).toBe(1);
	});

	it('with Continue on Fail, the same failure is an item with the same headline and the plain description', async () => {
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/units', kind: 'status', status: 503 });
		const item = v2.sandbox().control.db.items[0];
		const result = await v2.run(
			{
				resource: 'unit',
				operation: 'create',
				identifyBy: 'ean',
				ean: item.eans[0],
				offerId: 'SKU-CONT',
				condition: 'NEW',
				listingPrice: 1000,
				handlingTime: 1,
			},
			{ continueOnFail: true },
		);

		expect(result.items).toHaveLength(1);
		const json = result.items[0].json as { error: string; errorDetails: string };
		expect(json.error).toBe(
			'The request to create a unit for offer SKU-CONT may or may not have been applied: the marketplace had a server error (503)',
		);
		expect(count(json.errorDetails, 'may or may not have been applied')).toBe(1);
		expect(json.errorDetails).toContain('\nRequest: POST /units, answered 503');
		expect(json.errorDetails).not.toContain('<br>');
	});
});

describe('node version 1', () => {
	const v1 = useSandbox({ strict: true });

	it('renaming the labels of an operation and its resource does not change the headline of its failure', async () => {
		const selector = (
			v1Resources.find((resource) => resource.value === 'orderUnit')!.description as Array<{
				name: string;
				options?: unknown;
			}>
		).find((property) => property.name === 'operation');
		const option = (selector?.options as INodePropertyOptions[]).find((candidate) => candidate.value === 'get')!;
		const resourceOption = (v1ResourceSelector.options as INodePropertyOptions[]).find(
			(candidate) => candidate.value === 'orderUnit',
		)!;
		const restore = renameLabels({ action: option.action ?? '', name: option.name }, resourceOption, option);
		try {
			const result = await runSellerNode(v1.credentials(), {
				parameters: { resource: 'orderUnit', operation: 'get', orderUnitId: byId(1001056) },
			});

			expect(v1.sandbox().control.requests()[0]).toMatchObject({
				method: 'GET',
				path: '/order-units/1001056/',
				status: 404,
			});
			expect([option.action, resourceOption.name]).toEqual(['Ship this thing', 'Parcel (Renamed)']);
			expect(result.error?.message).toBe('Could not get order unit 1001056: it was not found');
		} finally {
			restore();
		}
	});
});
