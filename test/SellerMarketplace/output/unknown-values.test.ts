/**
 * Issue 33 item 3: answers outside the OpenAPI pass through every read, Simplify included. The live API answers
 * with values the node's lists do not have (cancel reasons `NoReaction`, `NoInventoryDelayedCheckout`: phodoval/
 * kaufland-marketplace commits 9231d94, 2b31074), so each read here gets its record back with every enum field of
 * the OpenAPI's schema (walked from the schema, lists included) set to a value outside its list, those cancel
 * reasons, a field the OpenAPI does not name, and then without its optional fields. The node must output them, not fail or drop them.
 */
import type { IDataObject } from 'n8n-workflow';

import { loadContract, type Schema } from '../../../sandbox/v2/contract';
import { useSandboxV2 } from '../v2/setup';

const v2 = useSandboxV2();
const contract = loadContract();
const schemas = contract.document.components.schemas;
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

function resolve(schema: Schema | undefined): Schema {
	let current = schema ?? {};
	for (;;) {
		if (typeof current.$ref === 'string') current = schemas[current.$ref.split('/').pop()!] ?? {};
		else if (Array.isArray(current.allOf) && current.allOf.length === 1) current = current.allOf[0] as Schema;
		else if (Array.isArray(current.anyOf)) current = (current.anyOf as Schema[]).find((s) => s.type !== 'null') ?? {};
		else return current;
	}
}

/** The value outside the OpenAPI's list a field gets. */
const unknownFor = (name: string) => `unlisted_${name}`;

/** The record with every enum field (at any depth, in lists too) set to a value its schema does not list. */
function withUnlistedValues(value: unknown, schema: Schema, name: string, changed: string[], path = ''): unknown {
	const resolved = resolve(schema);
	if (Array.isArray(resolved.enum) && (typeof value === 'string' || value === null)) {
		changed.push(path);
		return unknownFor(name);
	}
	if (Array.isArray(value)) {
		return value.map((entry, index) =>
			withUnlistedValues(entry, resolve(resolved.items), name, changed, `${path}.${index}`),
		);
	}
	if (value && typeof value === 'object') {
		const properties = (resolved.properties ?? {}) as Record<string, Schema>;
		return Object.fromEntries(
			Object.entries(value as IDataObject).map(([key, inner]) => [
				key,
				properties[key]
					? withUnlistedValues(inner, properties[key], key, changed, path ? `${path}.${key}` : key)
					: inner,
			]),
		);
	}
	return value;
}

/** The record without the fields its schema does not require. */
function withoutOptionals(record: IDataObject, schema: Schema): IDataObject {
	const required = new Set((resolve(schema).required as string[] | undefined) ?? []);
	return Object.fromEntries(Object.entries(record).filter(([key]) => required.has(key)));
}

const READS = [
	{ resource: 'order', operationId: 'GetOrder', parameters: () => ({ orderId: byId('M10011') }) },
	{ resource: 'orderUnit', operationId: 'GetOrderUnit', parameters: () => ({ orderUnitId: byId(1000001) }) },
	{
		resource: 'return',
		operationId: 'GetReturn',
		parameters: () => ({ returnId: byId(v2.sandbox().control.db.returns[0].id_return) }),
	},
	{
		resource: 'ticket',
		operationId: 'GetTicket',
		parameters: () => ({ ticketId: byId(v2.sandbox().control.db.tickets[0].id_ticket) }),
	},
	{ resource: 'unit', operationId: 'getUnit', parameters: () => ({ unitId: '500001' }) },
];

const recordSchema = (operationId: string): Schema => {
	const operation = contract.operations.find((candidate) => candidate.operationId === operationId)!;
	const envelope = resolve(operation.responses['200'].content!['application/json'].schema);
	return (envelope.properties as Record<string, Schema>).data;
};

describe.each(READS)('$resource → Get: an answer outside the OpenAPI', ({ resource, operationId, parameters }) => {
	it('outputs every unlisted enum value and the unknown field, Simplify off and on', async () => {
		const plain = await v2.run({ resource, operation: 'get', ...parameters(), simple: false });
		expect(plain.error).toBeUndefined();
		const changed: string[] = [];
		const record: IDataObject = {
			...(withUnlistedValues(plain.items[0].json, recordSchema(operationId), '', changed) as IDataObject),
			field_the_openapi_does_not_name: 'kept',
		};
		// The OpenAPI types cancel_reason as text with an example; the live API's values beyond those the node sends:
		if (resource === 'orderUnit') record.cancel_reason = 'NoReaction';
		if (Array.isArray(record.order_units))
			record.order_units = (record.order_units as IDataObject[]).map((unit) => ({
				...unit,
				cancel_reason: 'NoInventoryDelayedCheckout',
			}));
		expect(changed.length).toBeGreaterThan(0);
		const outside = 'values outside the enums of the OpenAPI, and a field it does not name';
		v2.sandbox().control.scriptAnswer({
			operationId,
			status: 200,
			body: { data: record },
			times: 2,
			outsideOpenApi: outside,
		});

		const raw = await v2.run({ resource, operation: 'get', ...parameters(), simple: false });
		expect(raw.error).toBeUndefined();
		expect(raw.items.map((item) => item.json)).toEqual([record]);

		const simple = await v2.run({ resource, operation: 'get', ...parameters() });
		expect(simple.error).toBeUndefined();
		const simplified = simple.items[0].json;
		// Each simplified field copied from an enum field carries its unlisted value.
		for (const [name, value] of Object.entries(simplified)) {
			if (changed.includes(name)) expect(value).toBe(unknownFor(name));
		}
		if (changed.includes('status')) expect(simplified.status).toBe(unknownFor('status'));
		if (resource === 'orderUnit') expect(simplified.cancel_reason).toBe('NoReaction');
	});

	it('outputs a record without its optional fields, Simplify off and on', async () => {
		const plain = await v2.run({ resource, operation: 'get', ...parameters(), simple: false });
		const record = withoutOptionals(plain.items[0].json, recordSchema(operationId));
		v2.sandbox().control.scriptAnswer({
			operationId,
			status: 200,
			body: { data: record },
			times: 2,
			outsideOpenApi: 'the optional fields left out',
		});
		const raw = await v2.run({ resource, operation: 'get', ...parameters(), simple: false });
		expect(raw.error).toBeUndefined();
		expect(raw.items.map((item) => item.json)).toEqual([record]);
		const simple = await v2.run({ resource, operation: 'get', ...parameters() });
		expect(simple.error).toBeUndefined();
		expect(simple.items).toHaveLength(1);
	});
});
