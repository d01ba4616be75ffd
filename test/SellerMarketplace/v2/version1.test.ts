/**
 * Node version 2 is what a new node gets; version 1 stays exactly as released: its form is unchanged, and a
 * workflow saved with version 1 (typeVersion 1, v1 parameters, v1 credentials) still runs against API v1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeType, IWorkflowBase } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox';
import { nodeTypes, runWorkflow } from '../../harness/workflow';

const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8')) as unknown;
const node = () =>
	nodeTypes().getByName('n8n-nodes-seller-marketplace.sellerMarketplace') as unknown as {
		description: { defaultVersion: number };
		nodeVersions: Record<number, INodeType>;
	};

/**
 * What a saved workflow depends on: parameter names, types, values, defaults and when they show. The words
 * (option labels, descriptions, actions) and the order of dropdown entries are left out.
 */
function parametersOnly(description: unknown): unknown {
	return JSON.parse(JSON.stringify(description), (key, value: unknown) => {
		if (key === 'description' && typeof value === 'string') return undefined;
		if (
			!Array.isArray(value) ||
			!value.every((entry) => entry && typeof entry === 'object' && 'value' in entry && !('type' in entry))
		)
			return value;
		return (value as Array<{ value: unknown }>)
			.map(({ value: optionValue }) => optionValue)
			.sort((a, b) => String(a).localeCompare(String(b)));
	}) as unknown;
}

describe('versions of the Seller Marketplace node', () => {
	it('a new node gets version 2.1 (API v2, with Simplify and Sort as its own collection), with the API v2 credentials', () => {
		expect(node().description.defaultVersion).toBe(2.1);
		expect(nodeTypes().getByNameAndVersion('n8n-nodes-seller-marketplace.sellerMarketplace').description).toMatchObject(
			{
				version: 2.1,
				credentials: [{ name: 'sellerMarketplaceV2Api', required: true }],
			},
		);
		expect(
			nodeTypes().getByNameAndVersion('n8n-nodes-seller-marketplace.sellerMarketplace', 2).description,
		).toMatchObject({
			version: 2,
			credentials: [{ name: 'sellerMarketplaceV2Api', required: true }],
		});
	});

	it('the parameters of version 1 are exactly the released ones; only their words changed (issue 15)', () => {
		const {
			defaultVersion: _new,
			subtitle,
			...current
		} = node().nodeVersions[1].description as unknown as Record<string, unknown>;
		const {
			defaultVersion: _old,
			subtitle: _oldSubtitle,
			...released
		} = fixture('v1-description.json') as Record<string, unknown>;
		// Numbers that started below their minimum now start at it; saved workflows carried a value there anyway (0 was refused).
		const raised = (properties: unknown) =>
			JSON.parse(JSON.stringify(properties), (key, value: unknown) =>
				value &&
				typeof value === 'object' &&
				['listingPrice', 'price'].includes((value as { name?: string }).name ?? '') &&
				(value as { default?: unknown }).default === 0
					? { ...value, default: 1 }
					: value,
			) as unknown;
		// A notice is words, not a parameter: the retired notice version 1 opens with is no value a workflow saves.
		const parameters = (current.properties as Array<{ type: string; name: string }>).filter(
			(property) => !(property.type === 'notice' && property.name === 'retiredApiV1'),
		);
		expect(parameters.length).toBe((current.properties as unknown[]).length - 1);
		expect(parametersOnly({ ...current, properties: parameters })).toEqual(
			parametersOnly({ ...released, properties: raised(released.properties) }),
		);
		expect(subtitle).toMatch(/^=\{\{ .* \}\}$/);
	});
});

describe('a workflow saved with version 1', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox.close());

	it('runs as before: API v1 paths, HM- signatures, v1 parameters, and marks the units sent', async () => {
		const workflow = fixture('v1-workflow.json') as IWorkflowBase;
		const waiting = sandbox.control.db.orderUnits
			.filter((unit) => !unit._fulfilled_by_marketplace && unit.status === 'need_to_be_sent')
			.sort((a, b) => a.ts_created.localeCompare(b.ts_created) || a.id_order_unit - b.id_order_unit)
			.slice(0, 5);
		expect(waiting).toHaveLength(5);

		const run = await runWorkflow(workflow, {
			clientKey: sandbox.clientKey,
			secretKey: sandbox.secretKey,
			baseUrl: sandbox.baseUrl,
		});

		expect(run.error).toBeUndefined();
		const requests = sandbox.control.requests();
		expect(
			requests.every(
				(request) =>
					request.api === undefined && request.signatureValid && request.headers['hm-client'] === sandbox.clientKey,
			),
		).toBe(true);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/order-units/seller/',
			query: {
				status: 'need_to_be_sent',
				'ts_created:from': '2020-01-01 00:00:00',
				sort: 'ts_created:asc',
				limit: '5',
				offset: '0',
			},
		});
		expect(requests.slice(1).map((request) => [request.method, request.path, JSON.parse(request.body)])).toEqual(
			waiting.map((unit) => [
				'PATCH',
				`/order-units/${unit.id_order_unit}/send/`,
				{ carrier_code: 'DHL', tracking_number: `TRACK-${unit.id_order_unit}` },
			]),
		);
		expect(run.output('Mark sent').map((item) => item.json.id_order_unit)).toEqual(
			waiting.map((unit) => unit.id_order_unit),
		);
		for (const unit of waiting)
			expect(
				sandbox.control.db.orderUnits.find((candidate) => candidate.id_order_unit === unit.id_order_unit)?.status,
			).toBe('sent');
	});
});
