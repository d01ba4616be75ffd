/**
 * The Simplify hint keeps its promise: for every operation with a Simplify toggle (read from the form, node versions
 * 1.1 and 2.1), the hint names the fields Simplify outputs for that operation, and those that a value of Include
 * adds. Each promise is checked against a run through n8n-core against the sandbox: without Include, and with each
 * Include value the hint names, every output item has exactly the promised fields (issue 25: the hint promised ten
 * fields where Get Many of orders outputs five).
 */
import type { IDataObject, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox';
import { DEFAULT_USER_AGENT } from '../../../nodes/api/v2/signing';
import { SellerMarketplace } from '../../../nodes/SellerMarketplace/SellerMarketplace.node';
import {
	runSellerNode,
	runSellerNodeV2,
	type SellerCredentials,
	type SellerCredentialsV2,
} from '../../harness/workflow';

let sandbox: Sandbox;
let v1: SellerCredentials;
let v2: SellerCredentialsV2;

beforeAll(async () => {
	sandbox = await startSandbox();
	v1 = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
	v2 = {
		clientKey: sandbox.clientKey,
		secretKey: sandbox.secretKey,
		baseUrl: sandbox.v2BaseUrl,
		storefront: 'de',
		userAgent: DEFAULT_USER_AGENT,
	};
});
afterAll(async () => await sandbox.close());

const node = new SellerMarketplace();
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** The record each read is run on: the sandbox's seed. */
const RECORD_PARAMETERS: Record<string, () => IDataObject> = {
	'order.get': () => ({ orderId: byId('M10011') }),
	'orderUnit.get': () => ({ orderUnitId: byId(1000001) }),
	'return.get': () => ({ returnId: byId(sandbox.control.db.returns[0].id_return) }),
	'ticket.get': () => ({ ticketId: byId(sandbox.control.db.tickets[0].id_ticket) }),
	'unit.get': () => ({ unitId: '500001' }),
	getMany: () => ({ limit: 5 }),
};

interface Promise_ {
	/** The fields every record gets. */
	always: string[];
	/** The Include value (as the form shows it) and the fields it adds. */
	extras: Array<{ label: string; names: string[] }>;
}

/** The hint in parts: "Each unit as 8 flat fields: a, b; with Include → Products also c, d (10 fields)". */
function parsePromise(hint: string): Promise_ {
	const [first, ...rest] = hint.split('; ');
	const head = /^Each [a-z ]+ as (\d+) flat fields: (.+)$/.exec(first);
	if (!head) throw new Error(`the hint does not promise its fields: ${hint}`);
	const always = head[2].split(', ');
	expect(always).toHaveLength(Number(head[1]));
	const extras = rest.map((part) => {
		const extra = /^with Include → (.+) also (.+) \((\d+) fields\)$/.exec(part);
		if (!extra) throw new Error(`the hint's part "${part}" does not say what Include adds`);
		const names = extra[2].split(', ');
		expect(always.length + names.length).toBe(Number(extra[3]));
		return { label: extra[1], names };
	});
	return { always, extras };
}

/** Every operation with Simplify, with its hint and its Include options (if it has Include). */
function simplifiedReads(
	version: number,
): Array<{ resource: string; operation: string; hint: string; include?: INodePropertyOptions[] }> {
	const properties = (node.nodeVersions[version] as INodeType).description.properties;
	const shownFor = (property: INodeProperties, resource: string, operation: string) =>
		(property.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) &&
		(property.displayOptions?.show?.operation as string[] | undefined)?.includes(operation);
	return properties
		.filter((property) => property.name === 'simple')
		.flatMap((simple) => {
			const resources = simple.displayOptions?.show?.resource as string[];
			const operations = simple.displayOptions?.show?.operation as string[];
			return resources.flatMap((resource) =>
				operations.map((operation) => ({
					resource,
					operation,
					hint: String(simple.hint),
					include: properties.find(
						(property) => property.name === 'embedded' && shownFor(property, resource, operation),
					)?.options as INodePropertyOptions[] | undefined,
				})),
			);
		});
}

describe.each([
	{ version: 1.1, run: (parameters: IDataObject) => runSellerNode(v1, { parameters, typeVersion: 1.1 }) },
	{ version: 2.1, run: (parameters: IDataObject) => runSellerNodeV2(v2, { parameters, typeVersion: 2.1 }) },
])('node version $version', ({ version, run }) => {
	const reads = simplifiedReads(version);

	it('has Simplify on the ten reads of records', () => {
		expect(reads.map(({ resource, operation }) => `${resource}.${operation}`).sort()).toEqual(
			['order', 'orderUnit', 'return', 'ticket', 'unit']
				.flatMap((resource) => [`${resource}.get`, `${resource}.getMany`])
				.sort(),
		);
	});

	it.each(reads)(
		'$resource → $operation: the Simplify hint names exactly the fields a run outputs',
		async ({ resource, operation, hint, include }) => {
			const promise = parsePromise(hint);
			const parameters = (RECORD_PARAMETERS[`${resource}.${operation}`] ?? RECORD_PARAMETERS[operation])();
			const keysOf = async (embedded?: string[]) => {
				const result = await run({ resource, operation, ...parameters, ...(embedded ? { embedded } : {}) });
				expect(result.error).toBeUndefined();
				expect(result.items.length).toBeGreaterThan(0);
				return result.items.map((item) => Object.keys(item.json).sort());
			};

			// Without Include (where the read has it, an empty Include: v1's Get of a return includes its units by default)
			const plain = await keysOf(include ? [] : undefined);
			for (const keys of plain) expect(keys).toEqual([...promise.always].sort());

			for (const extra of promise.extras) {
				const value = include?.find((option) => option.name === extra.label)?.value;
				expect({ label: extra.label, value }).toEqual({ label: extra.label, value: expect.any(String) });
				for (const keys of await keysOf([String(value)]))
					expect(keys).toEqual([...promise.always, ...extra.names].sort());
			}
		},
	);
});
