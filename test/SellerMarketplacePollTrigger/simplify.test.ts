/**
 * Issue 25 item 8: the poll trigger gets Simplify like the action node's Get Many, from node version 2.1 (what a new
 * node gets); a saved version 2 keeps its raw records (n8n saves no defaults). Both versions poll the same sandbox
 * through n8n-core's PollTriggerExecutor; each simplified item is compared with the action node's Get Many (2.1,
 * Simplify on) item of the same record, and with the field names and count its Simplify hint promises.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { SellerMarketplacePollTrigger } from '../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node';
import { PollHost } from '../harness/poll-host';
import { runSellerNodeV2 } from '../harness/workflow';
import { startPollBench, type PollBench, resetBenchEachTest } from './helpers';

let bench: PollBench;

beforeAll(async () => {
	bench = await startPollBench();
});
resetBenchEachTest(() => bench);

const control = () => bench.sandbox.control;
const trigger = new SellerMarketplacePollTrigger();
const properties = (version: number): INodeProperties[] => trigger.nodeVersions[version].description.properties;

let workflows = 0;
async function published(typeVersion: number, parameters: INodeParameters): Promise<PollHost> {
	const host = new PollHost({
		credentials: { sellerMarketplaceV2Api: { ...bench.credentialsV2 } },
		typeVersion,
		parameters,
		workflowId: `wf-simplify-${++workflows}`,
	});
	await host.activate();
	return host;
}

/** The Simplify hint of an event: "Each order as 10 flat fields: id_order, storefront, …", read back as the count and the names. */
function promised(event: string): { count: number; names: string[] } {
	const simplify = properties(2.1).find(
		(property) => property.name === 'simple' && property.displayOptions?.show?.event?.includes(event),
	);
	const match = /as (\d+) flat fields: (.+)$/.exec(simplify?.hint ?? '');
	expect(match).not.toBeNull();
	return { count: Number(match![1]), names: match![2].split(', ') };
}

interface Case {
	event: string;
	parameters?: INodeParameters;
	resource: string;
	id: string;
	/** A raw field the action node's simplified item leaves out (it has another name there). */
	rawOnly: string;
	change(): Promise<void>;
}

const CASES: Case[] = [
	{
		event: 'orderNew',
		resource: 'order',
		id: 'id_order',
		rawOnly: 'ts_created_iso',
		change: async () => {
			for (let index = 0; index < 3; index++) await control().createOrder({});
		},
	},
	{
		event: 'orderUnitStatus',
		parameters: { orderUnitStatuses: ['need_to_be_sent'] },
		resource: 'orderUnit',
		id: 'id_order_unit',
		rawOnly: 'ts_updated_iso',
		change: async () => {
			await control().createOrder({ units: [{ id_unit: control().db.units[0].id_unit, quantity: 2 }] });
		},
	},
	{
		event: 'returnChanged',
		resource: 'return',
		id: 'id_return',
		rawOnly: 'ts_updated_iso',
		change: async () => {
			control().setStatus('returns', 2, 'package_sent');
			control().setStatus('returns', 3, 'package_received');
		},
	},
	{
		event: 'ticketNew',
		resource: 'ticket',
		id: 'id_ticket',
		rawOnly: 'ts_created_iso',
		change: async () => {
			const { orderUnits } = await control().createOrder({ status: 'sent' });
			const parameters = {
				resource: 'ticket',
				operation: 'open',
				orderUnitIds: String(orderUnits[0].id_order_unit),
				reason: 'contact_other',
				message: 'Hallo',
			};
			expect((await runSellerNodeV2(bench.credentialsV2, { parameters })).error).toBeUndefined();
		},
	},
	{
		event: 'unitOutOfStock',
		resource: 'unit',
		id: 'id_unit',
		rawOnly: 'amount',
		change: async () => {
			for (const unit of control()
				.db.units.filter((candidate) => (candidate._storefront ?? 'de') === 'de' && Number(candidate.amount) > 0)
				.slice(0, 2))
				unit.amount = 0;
		},
	},
];

describe('Poll Trigger: Simplify (node 2.1)', () => {
	it('is what a new node gets: version 2.1 has Simplify on by default for the events the action node simplifies; version 2 has none', () => {
		expect(trigger.description.defaultVersion).toBe(2.1);
		expect(properties(2).some((property) => property.name === 'simple')).toBe(false);
		const simplify = properties(2.1).filter((property) => property.name === 'simple');
		expect(
			simplify
				.map((property) => property.displayOptions?.show?.event)
				.flat()
				.sort(),
		).toEqual(['orderNew', 'orderUnitStatus', 'returnChanged', 'ticketNew', 'unitOutOfStock']);
		expect(simplify.every((property) => property.type === 'boolean' && property.default === true)).toBe(true);
	});

	it.each(CASES)(
		'$event: a saved version 2 emits the raw records, version 2.1 each record as the fields its hint names, as Get Many outputs it',
		async (testCase) => {
			const parameters = { event: testCase.event, ...testCase.parameters };
			const saved = await published(2, parameters);
			const fresh = await published(2.1, parameters);
			await control().advance(1);
			await testCase.change();

			const raw = (await saved.tick()) ?? [];
			const simplified = (await fresh.tick()) ?? [];

			expect(raw.length).toBeGreaterThan(0);
			expect(simplified.map((item) => item[testCase.id])).toEqual(raw.map((item) => item[testCase.id]));
			const { count, names } = promised(testCase.event);
			expect(names).toHaveLength(count);
			for (const item of raw) expect(item).toHaveProperty(testCase.rawOnly);

			const getMany = await runSellerNodeV2(bench.credentialsV2, {
				typeVersion: 2.1,
				parameters: { resource: testCase.resource, operation: 'getMany', returnAll: true },
			});
			expect(getMany.error).toBeUndefined();
			const byId = new Map(getMany.items.map((item) => [item.json[testCase.id], item.json]));
			for (const item of simplified) {
				expect(Object.keys(item)).toEqual(names);
				const listed = byId.get(item[testCase.id]) as IDataObject;
				expect(item).toEqual(Object.fromEntries(names.map((name) => [name, listed[name]])));
			}
		},
	);
});
