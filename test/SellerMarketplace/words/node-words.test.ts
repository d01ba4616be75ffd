/**
 * The words of every form, walked over every node description: the action node, the push trigger and the poll
 * trigger, both versions each. Every dropdown (fixed or loaded from the account) is sorted and in Title Case,
 * statuses and events say what they mean, no number starts below its minimum, the canvas subtitle of every
 * choice is words (evaluated by n8n's expression engine as the editor does), and every delete outputs exactly
 * `{ deleted: true }` (run through n8n-core against the sandbox). An operation added later is walked too.
 */
import type {
	IDataObject,
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { resources as v2Resources } from '../../../nodes/SellerMarketplace/v2/actions';
import { LEADING_VALUES } from '../../../nodes/shared/descriptions/words';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { startFaultProxy } from '../../hardening/proxy';
import {
	loadOptionsContext,
	loadOptionsContextV2,
	runSellerNode,
	runSellerNodeV2,
	type SellerCredentials,
} from '../../harness/workflow';
import { samples, WithInput } from '../v2/coverage/samples';
import { useSandboxV2 } from '../v2/setup';

const { SellerMarketplace } = require('../../../nodes/SellerMarketplace/SellerMarketplace.node.ts');
const {
	SellerMarketplaceTrigger,
} = require('../../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node.ts');
const {
	SellerMarketplacePollTrigger,
} = require('../../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node.ts');

/** Each implementation once, named by the first version that uses it. */
const versioned = (node: IVersionedNodeType) =>
	Object.entries(node.nodeVersions)
		.filter(([, type], index, all) => all.findIndex(([, other]) => other === type) === index)
		.map(([version, type]) => ({ version: Number(version), type: type as INodeType }));
const NODES = [
	new SellerMarketplace(),
	new SellerMarketplaceTrigger(),
	new SellerMarketplacePollTrigger(),
] as IVersionedNodeType[];
const DESCRIPTIONS: Array<{ label: string; description: INodeTypeDescription; type: INodeType }> = NODES.flatMap(
	(node) =>
		versioned(node).map(({ version, type }) => ({
			label: `${node.description.name} v${version}`,
			description: type.description,
			type,
		})),
);

// ---- Title Case, as an independent check (the node's own helper is not used to judge itself) ----

const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'at',
	'but',
	'by',
	'for',
	'from',
	'in',
	'nor',
	'of',
	'on',
	'or',
	'per',
	'the',
	'to',
	'via',
	'vs',
	'with',
]);

/** The words of a label that are not Title Case: lower-case words other than small ones inside the label. URLs and codes such as de-DE pass. */
export function notTitleCase(label: string): string[] {
	const words = label.split(/\s+/).filter(Boolean);
	return words.filter((word, index) => {
		const bare = word.replace(/^[("'“]+|[)"'”,.:;!?]+$/g, '');
		if (!bare || /^https?:\/\//.test(bare)) return false;
		if (!/^[a-z]/.test(bare)) return false;
		if (/[A-Z]/.test(bare.slice(1))) return false;
		const inside = index > 0 && index < words.length - 1;
		return !(inside && SMALL_WORDS.has(bare));
	});
}

describe('the Title Case check itself', () => {
	it.each([
		['Need to Be Sent'],
		['Unit Out of Stock'],
		['German (Germany, de-DE)'],
		['New Order (DE) → https://shop.example/hook'],
		['4PX'],
		['Used – As New'],
	])('passes %j', (label) => expect(notTitleCase(label)).toEqual([]));
	it.each([
		['Order new', ['new']],
		['dtl', ['dtl']],
		['trans-o-flex', ['trans-o-flex']],
		['Need to be sent', ['be', 'sent']],
		['Austria (at)', ['(at)']],
	])('fails %j on %j', (label, words) => expect(notTitleCase(label)).toEqual(words));
});

// ---- walking the descriptions ----

interface Found {
	where: string;
	property: INodeProperties;
}

function walk(properties: INodeProperties[], where: string, found: Found[] = []): Found[] {
	for (const property of properties) {
		const show = property.displayOptions?.show;
		const at = `${where} › ${property.displayName} (${property.name}${show?.resource ? ` of ${String(show.resource)}.${String(show.operation ?? '*')}` : ''})`;
		found.push({ where: at, property });
		if (property.type === 'collection') walk((property.options ?? []) as INodeProperties[], at, found);
		if (property.type === 'fixedCollection') {
			for (const group of (property.options ?? []) as INodePropertyCollection[])
				walk(group.values, `${at} › ${group.displayName}`, found);
		}
	}
	return found;
}

const everyProperty = DESCRIPTIONS.flatMap(({ label, description }) => walk(description.properties, label));
const dropdowns = everyProperty.filter(
	({ property }) =>
		(property.type === 'options' || property.type === 'multiOptions') &&
		Array.isArray(property.options) &&
		!property.typeOptions?.loadOptionsMethod,
);

/** Where a list is out of order: sorted by name, only the "no particular one" choices (all, credentials' default) before the rest. */
function unsorted(options: Array<{ name: string; value?: unknown }>): string | undefined {
	const leading = options.findIndex((option) => !LEADING_VALUES.has(option.value));
	const rest = leading < 0 ? [] : options.slice(leading);
	if (rest.some((option) => LEADING_VALUES.has(option.value))) return 'a leading choice comes after the others';
	const names = rest.map((option) => option.name);
	const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
	return names.every((name, index) => name === sorted[index])
		? undefined
		: `order is ${names.join(' | ')}; sorted: ${sorted.join(' | ')}`;
}

describe('dropdowns of all three nodes, both versions', () => {
	it('walks every description (action node, push trigger, poll trigger; versions 1 and 2)', () => {
		expect(DESCRIPTIONS.map(({ label }) => label)).toEqual([
			'sellerMarketplace v1',
			'sellerMarketplace v2',
			'sellerMarketplace v1.1',
			'sellerMarketplace v2.1',
			'sellerMarketplaceTrigger v1',
			'sellerMarketplaceTrigger v2',
			'sellerMarketplacePollTrigger v1',
			'sellerMarketplacePollTrigger v2',
			'sellerMarketplacePollTrigger v2.1',
		]);
		expect(dropdowns.length).toBeGreaterThan(150);
	});

	it('every fixed dropdown is sorted by name', () => {
		const wrong = dropdowns.flatMap(({ where, property }) => {
			const problem = unsorted(property.options as INodePropertyOptions[]);
			return problem ? [`${where}: ${problem}`] : [];
		});
		expect(wrong).toEqual([]);
	});

	it('every label of every dropdown is Title Case', () => {
		const wrong = dropdowns.flatMap(({ where, property }) =>
			(property.options as INodePropertyOptions[])
				.filter((option) => notTitleCase(option.name).length)
				.map((option) => `${where}: "${option.name}"`),
		);
		expect(wrong).toEqual([]);
	});

	it('every status and every event says in a line what it means', () => {
		const described = dropdowns.filter(({ property }) => /status|^events?$|eventName/i.test(property.name));
		expect(described.length).toBeGreaterThan(20);
		const wrong = described.flatMap(({ where, property }) =>
			(property.options as INodePropertyOptions[])
				.filter((option) => !option.description?.trim())
				.map((option) => `${where}: "${option.name}"`),
		);
		expect(wrong).toEqual([]);
	});

	it('the same event has the same name in the action node, the push trigger and the poll trigger', () => {
		const namesOf = new Map<string, Set<string>>();
		const eventLists = dropdowns.filter(({ property }) => /^events?$|eventName/.test(property.name));
		for (const { property } of eventLists) {
			for (const option of property.options as INodePropertyOptions[]) {
				const set = namesOf.get(String(option.value)) ?? new Set<string>();
				set.add(option.name);
				namesOf.set(String(option.value), set);
			}
		}
		const pollEvent = { orderNew: 'order_new', unitOutOfStock: 'item_unit_out_of_stock' } as Record<string, string>;
		for (const [poll, push] of Object.entries(pollEvent)) namesOf.get(push)?.add([...(namesOf.get(poll) ?? [])][0]);
		const different = [...namesOf]
			.filter(([value, names]) => !(value in pollEvent) && names.size > 1)
			.map(([value, names]) => `${value}: ${[...names].join(' / ')}`);
		expect(different).toEqual([]);
		expect([...namesOf.get('item_unit_out_of_stock')!]).toEqual(['Unit Out of Stock']);
	});

	it('no number starts below its minimum', () => {
		const wrong = everyProperty
			.filter(({ property }) => property.type === 'number' && typeof property.typeOptions?.minValue === 'number')
			.filter(
				({ property }) =>
					typeof property.default === 'number' && property.default < (property.typeOptions!.minValue as number),
			)
			.map(
				({ where, property }) =>
					`${where}: default ${String(property.default)} below ${String(property.typeOptions!.minValue)}`,
			);
		expect(wrong).toEqual([]);
	});
});

// ---- Sort ----

/** Whether a property is shown in node version `version` (its `@version` conditions, if any). */
function shownIn(property: INodeProperties, version: number): boolean {
	const conditions = property.displayOptions?.show?.['@version'] as
		| Array<number | { _cnd: { gte?: number; lt?: number } }>
		| undefined;
	if (!conditions) return true;
	return conditions.some((condition) =>
		typeof condition === 'number'
			? condition === version
			: (condition._cnd.gte === undefined || version >= condition._cnd.gte) &&
				(condition._cnd.lt === undefined || version < condition._cnd.lt),
	);
}

describe('Sort is its own collection below Options (action node version 2.1)', () => {
	const [{ description }] = DESCRIPTIONS.filter(({ label }) => label === 'sellerMarketplace v2.1');
	const latest = Math.max(...[description.version].flat());
	const keyOf = (property: INodeProperties) =>
		`${String(property.displayOptions?.show?.resource)}.${String(property.displayOptions?.show?.operation)}`;
	const hasSortInside = (property: INodeProperties) =>
		property.name === 'options' &&
		((property.options ?? []) as INodeProperties[]).some((option) => option.name === 'sort');

	it('a new node gets the version with Sort as its own collection', () => {
		expect(latest).toBe(2.1);
		expect(NODES[0].description.defaultVersion).toBe(latest);
	});

	it('every Get Many that sorts has Sort right after Options, and Options no longer holds it', () => {
		const current = description.properties.filter((property) => shownIn(property, latest));
		const sorting = new Set(
			description.properties.filter((property) => hasSortInside(property) || property.name === 'sort').map(keyOf),
		);
		expect(sorting.size).toBeGreaterThanOrEqual(6);
		const wrong = [...sorting].flatMap((key) => {
			const form = current.filter((property) => keyOf(property) === key);
			const sortAt = form.findIndex((property) => property.name === 'sort' && property.type === 'collection');
			const optionsAt = form.findIndex((property) => property.name === 'options');
			if (sortAt < 0) return [`${key}: no Sort collection`];
			if (form.some(hasSortInside)) return [`${key}: Options still holds Sort`];
			if (optionsAt >= 0 && sortAt !== optionsAt + 1) return [`${key}: Sort is not right below Options`];
			return [];
		});
		expect(wrong).toEqual([]);
	});

	it('version 2 keeps Options → Sort, as workflows saved with it have it', () => {
		const saved = description.properties.filter((property) => shownIn(property, 2));
		expect(saved.filter((property) => property.name === 'sort')).toEqual([]);
		expect(saved.filter(hasSortInside).length).toBeGreaterThanOrEqual(6);
	});
});

describe('Sort reaches the API from both places', () => {
	const v2 = useSandboxV2();

	it.each([
		['2.1, Sort → Sort By', 2.1 as const, { sort: { sortBy: 'ts_updated:desc' } }],
		['2, Options → Sort (saved before)', 2 as const, { options: { sort: 'ts_updated:desc' } }],
	])('version %s', async (_name, typeVersion, parameters) => {
		const run = await v2.run({ resource: 'return', operation: 'getMany', limit: 1, ...parameters }, { typeVersion });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/returns', query: { sort: 'ts_updated:desc' } });
	});
});

// ---- canvas subtitles ----

/** The subtitle as n8n's editor computes it for a node with these parameters. */
function subtitleOf(type: INodeType, parameters: IDataObject): string {
	const { description } = type;
	const node: INode = {
		id: '1',
		name: 'Node',
		type: description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
	};
	const types = {
		getByName: () => type,
		getByNameAndVersion: () => type,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: types });
	return String(workflow.expression.getSimpleParameterValue(node, description.subtitle!, 'internal', {}));
}

/** Words a seller reads: starts with a capital, no identifiers (camelCase, snake_case, `a: b`). */
const isWords = (text: string) =>
	/^[A-Z0-9]/.test(text) && !/[a-z][A-Z]|_|\w:\w|: [a-z]+[A-Z]/.test(text) && !/^\w+: \w+$/.test(text);

describe('canvas subtitles', () => {
	const choices = DESCRIPTIONS.flatMap(({ label, description, type }) => {
		const operationSelectors = description.properties.filter((property) => property.name === 'operation');
		if (operationSelectors.length) {
			return operationSelectors.flatMap((selector) =>
				(selector.displayOptions!.show!.resource as string[]).flatMap((resource) =>
					(selector.options as INodePropertyOptions[]).map((option) => ({
						label,
						type,
						parameters: { resource, operation: option.value } as IDataObject,
					})),
				),
			);
		}
		const events = description.properties.find((property) => property.name === 'events' || property.name === 'event')!;
		const values = (events.options as INodePropertyOptions[]).map((option) => option.value);
		const single = values.map((value) => ({
			label,
			type,
			parameters: { [events.name]: events.type === 'multiOptions' ? [value] : value } as IDataObject,
		}));
		return events.type === 'multiOptions'
			? [...single, { label, type, parameters: { events: values.slice(0, 2) } as IDataObject }]
			: single;
	});

	it('covers every operation of both action node versions and every event of the triggers', () => {
		const v2Operations = v2Resources.flatMap((resource) => Object.keys(resource.operations));
		expect(choices.filter(({ label }) => label === 'sellerMarketplace v2')).toHaveLength(v2Operations.length);
		expect(new Set(choices.map(({ label }) => label)).size).toBe(9);
	});

	it('shows every choice in words, never the parameter values', () => {
		const wrong = choices
			.map(({ label, type, parameters }) => ({ label, parameters, subtitle: subtitleOf(type, parameters) }))
			.filter(({ subtitle }) => !isWords(subtitle))
			.map(({ label, parameters, subtitle }) => `${label} ${JSON.stringify(parameters)}: "${subtitle}"`);
		expect(wrong).toEqual([]);
	});

	it('reads as the operation or the events', () => {
		const [v2] = DESCRIPTIONS.filter(({ label }) => label === 'sellerMarketplace v2');
		expect(subtitleOf(v2.type, { resource: 'orderUnit', operation: 'getMany' })).toBe('Get many order units');
		const [push] = DESCRIPTIONS.filter(({ label }) => label === 'sellerMarketplaceTrigger v2');
		expect(subtitleOf(push.type, { events: ['order_new', 'item_unit_out_of_stock'] })).toBe(
			'New Order, Unit Out of Stock',
		);
		const [poll] = DESCRIPTIONS.filter(({ label }) => label === 'sellerMarketplacePollTrigger v2');
		expect(subtitleOf(poll.type, { event: 'orderUnitStatus' })).toBe('Order Unit Reached Status');
	});
});

// ---- lists loaded from the account ----

const isSorted = (options: INodePropertyOptions[]) => unsorted(options) === undefined;
/** Lists of names the seller chose in the Seller Portal (shipping groups, warehouses): sorted, but shown as the seller wrote them. */
const SELLER_NAMED = new Set(['getShippingGroups', 'getWarehouses']);
const labelsNotTitleCase = (method: string, options: INodePropertyOptions[]) =>
	SELLER_NAMED.has(method) ? [] : options.flatMap((option) => notTitleCase(option.name));

describe('dropdowns loaded from the account (API v2 sandbox)', () => {
	const v2 = useSandboxV2();
	const [action] = DESCRIPTIONS.filter(({ label }) => label === 'sellerMarketplace v2');

	it('every loadOptions method answers a sorted list in Title Case', async () => {
		v2.sandbox().control.db.subscriptions.push({
			id_subscription: 901,
			callback_url: 'https://shop.example/hook',
			fallback_email: 'ops@example.com',
			event_name: 'order_unit_status_changed',
			is_active: false,
			_api: 'v2',
			_storefront: 'de',
		} as never);
		const methods = Object.entries(action.type.methods!.loadOptions!);
		expect(methods.map(([name]) => name).sort()).toEqual(['getCarriers', 'getShippingGroups', 'getWarehouses']);
		for (const [name, method] of methods) {
			const options = await method.call(loadOptionsContextV2(v2.credentials(), { storefront: 'de' }));
			expect({ name, length: options.length > 0 }).toEqual({ name, length: true });
			expect({ name, sorted: isSorted(options) }).toEqual({ name, sorted: true });
			expect({ name, notTitleCase: labelsNotTitleCase(name, options) }).toEqual({ name, notTitleCase: [] });
		}
	});

	it('carriers read as the carriers write themselves, the code stays the value', async () => {
		const carriers = await action.type.methods!.loadOptions!.getCarriers.call(loadOptionsContextV2(v2.credentials()));
		expect(carriers.map((carrier) => carrier.name)).not.toContain('dtl');
		expect(
			carriers
				.filter((carrier) => carrier.value === 'trans-o-flex' || carrier.value === 'dtl')
				.map((carrier) => carrier.name),
		).toEqual(expect.arrayContaining([expect.stringMatching(/^(DTL|Trans-o-Flex)/)]));
	});
});

describe('dropdowns loaded from the account (API v1 sandbox)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox.close());
	const [action] = DESCRIPTIONS.filter(({ label }) => label === 'sellerMarketplace v1');

	it('every loadOptions method answers a sorted list in Title Case', async () => {
		const credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
		for (const [name, method] of Object.entries(action.type.methods!.loadOptions!)) {
			const options = await method.call(loadOptionsContext(credentials));
			expect({ name, sorted: isSorted(options) }).toEqual({ name, sorted: true });
			expect({ name, notTitleCase: labelsNotTitleCase(name, options) }).toEqual({ name, notTitleCase: [] });
		}
	});
});

// ---- deletes ----

/** Every operation whose value is `delete`, per action node version, from its Operation dropdowns. */
function deletesOf(label: string): string[] {
	const [{ description }] = DESCRIPTIONS.filter((entry) => entry.label === label);
	return description.properties
		.filter(
			(property) =>
				property.name === 'operation' &&
				(property.options as INodePropertyOptions[]).some((option) => option.value === 'delete'),
		)
		.flatMap((property) => property.displayOptions!.show!.resource as string[]);
}

describe('every delete of version 2 outputs exactly { deleted: true }', () => {
	const v2 = useSandboxV2();
	const resources = deletesOf('sellerMarketplace v2');

	it('has a delete in every resource that deletes', () => {
		expect(resources.sort()).toEqual(
			expect.arrayContaining(['gpsrContact', 'orderInvoice', 'productData', 'subscription', 'unit', 'warehouse']),
		);
	});

	it.each(resources)('%s → Delete', async (resource) => {
		const sample = samples[`${resource}.delete`];
		expect(sample).toBeDefined();
		const control = v2.sandbox().control;
		const prepared = sample({ control, callbackUrl: 'http://127.0.0.1:9/callback' });
		const { parameters, items } = prepared instanceof WithInput ? prepared : { parameters: prepared, items: undefined };
		control.clearRequests();
		const run = await v2.run({ resource, operation: 'delete', ...parameters }, { items });
		expect(run.error).toBeUndefined();
		expect(v2.requests().filter((request) => request.method === 'DELETE').length).toBe(run.items.length);
		expect(run.items.map((item) => item.json)).toEqual(run.items.map(() => ({ deleted: true })));
	});

	it('a delete whose answer was lost and whose retry finds the record gone adds alreadyApplied: true', async () => {
		const proxy = await startFaultProxy(v2.sandbox().v2BaseUrl);
		try {
			const control = v2.sandbox().control;
			const prepared = samples['warehouse.delete']({
				control,
				callbackUrl: 'http://127.0.0.1:9/callback',
			}) as IDataObject;
			proxy.add({ method: 'DELETE', path: /^\/v2\/warehouses\/\d+$/, action: 'loseAnswer' });
			const credentials = { ...v2.credentials(), baseUrl: `${new URL(proxy.baseUrl).origin}/v2` };
			const run = await runSellerNodeV2(credentials, {
				parameters: { resource: 'warehouse', operation: 'delete', ...prepared },
			});
			expect(run.error).toBeUndefined();
			expect(proxy.seen.filter((request) => request.method === 'DELETE')).toHaveLength(2);
			expect(run.items.map((item) => item.json)).toEqual([{ deleted: true, alreadyApplied: true }]);
		} finally {
			await proxy.close();
		}
	});
});

describe('every delete of version 1 outputs exactly { deleted: true }', () => {
	let sandbox: Sandbox;
	let credentials: SellerCredentials;
	beforeAll(async () => {
		sandbox = await startSandbox();
		credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.control.reset());

	/** One valid Delete per resource of version 1, from the seeded sandbox. */
	const v1Samples: Record<string, (sandbox: Sandbox) => IDataObject> = {
		orderInvoice: ({ control }) => ({ invoiceId: String(control.db.orderInvoices[0].id_invoice) }),
		productData: ({ control }) => ({ ean: control.db.productData[0].ean }),
		subscription: ({ control }) => {
			const id = 1 + Math.max(0, ...control.db.subscriptions.map((subscription) => subscription.id_subscription));
			control.db.subscriptions.push({
				id_subscription: id,
				callback_url: 'https://shop.example/hook',
				fallback_email: 'ops@example.com',
				event_name: 'order_new',
				is_active: true,
			} as never);
			return { subscriptionId: String(id) };
		},
		unit: ({ control }) => ({ unitId: String(control.db.units[0].id_unit) }),
	};

	it('knows a sample for every delete of version 1', () =>
		expect(deletesOf('sellerMarketplace v1').sort()).toEqual(Object.keys(v1Samples).sort()));

	it.each(Object.keys(v1Samples))('%s → Delete', async (resource) => {
		const parameters = v1Samples[resource](sandbox);
		sandbox.control.clearRequests();
		const run = await runSellerNode(credentials, { parameters: { resource, operation: 'delete', ...parameters } });
		expect(run.error).toBeUndefined();
		expect(sandbox.control.requests().map((request) => [request.method, request.status])).toEqual([['DELETE', 204]]);
		expect(run.items.map((item) => item.json)).toEqual([{ deleted: true }]);
	});
});
