/**
 * The headline words of every operation of both node versions, as the routers compose them: each operation names
 * what it attempted and, when a field names the record, that record by its ID. An operation added later (by a
 * new file and a line in its resource) is walked too, so one without words, or whose words do not fit, fails here.
 */
import {
	describeAttempt,
	descriptionAsHtml,
	headline,
	type OperationIdentity,
} from '../../../nodes/SellerMarketplace/actions/failure';
import { resources as v1Resources } from '../../../nodes/SellerMarketplace/v1/actions';
import { resources as v2Resources } from '../../../nodes/SellerMarketplace/v2/actions';
import { wordingOf } from '../../../nodes/SellerMarketplace/actions/router';

const ID = '1000064';

const operations: Array<[string, OperationIdentity]> = [
	...[
		...v1Resources.map((resource) => [1, resource] as const),
		...v2Resources.map((resource) => [2, resource] as const),
	].flatMap(([version, resource]) =>
		Object.values(resource.operations).map((operation): [string, OperationIdentity] => [
			`v${version} ${resource.value} → ${operation.value}`,
			wordingOf(operation),
		]),
	),
];

const namesRecord = (identity: OperationIdentity) =>
	identity.fields.some((field) => field.type === 'resourceLocator' || /Id$/.test(field.name) || field.name === 'ean');

/** The words an operation of version 2 declares. */
const declaredWords = (resource: string, operation: string) =>
	wordingOf(v2Resources.find((candidate) => candidate.value === resource)!.operations[operation as never]).attempt;

describe('every operation of both versions has headline words', () => {
	it('walks more than 100 operations', () => {
		expect(operations.length).toBeGreaterThan(100);
	});

	it('each operation declares its words in its own declaration, at least one phrase', () => {
		const without = operations.filter(([, identity]) => [identity.attempt].flat().length === 0);
		expect(without.map(([name]) => name)).toEqual([]);
	});

	it.each(operations)('%s', (_name, identity) => {
		// Its words come from one place: its own `attempt`.
		expect([identity.attempt].flat().every((phrase) => typeof phrase === 'string' && phrase !== '')).toBe(true);
		const { words, id } = describeAttempt(identity, () => ID);
		expect(words).toMatch(/^[a-z]+ /);
		expect(words).not.toMatch(/[()]|\s{2}|\{|\}/);
		if (namesRecord(identity)) {
			expect(id).toBe(ID);
			expect(words).toMatch(new RegExp(`[a-zA-Z] ${ID}\\b`));
			expect(words).not.toMatch(new RegExp(`\\b(a|an|the|many) ${ID}\\b`));
		} else {
			expect(id).toBeUndefined();
		}
		const attempted = { resource: identity.resource, operation: identity.operation, words, id };
		expect(headline({ attempted, reason: 'it is already sent', mayHaveBeenApplied: false })).toBe(
			`Could not ${words}: it is already sent`,
		);
		// Without any record field shown, the words name no record.
		expect(describeAttempt(identity, () => undefined).words).not.toMatch(/\{|\}|\s$/);
	});
});

describe('the words', () => {
	const send: OperationIdentity = {
		resource: 'orderUnit',
		operation: 'send',
		attempt: declaredWords('orderUnit', 'send'),
		fields: [{ displayName: 'Order Unit', name: 'orderUnitId', type: 'resourceLocator', default: '' }],
	};
	const attemptedFor = (identity: OperationIdentity, value: unknown) => ({
		resource: identity.resource,
		operation: identity.operation,
		...describeAttempt(identity, () => value),
	});
	const compose = (reason: string, mayHaveBeenApplied = false) =>
		headline({ attempted: attemptedFor(send, ID), reason, mayHaveBeenApplied });

	it("puts the ID where the operation's words name the record, and drops the marketplace's repetition of it", () => {
		expect(describeAttempt(send, () => ID)).toEqual({ words: `mark order unit ${ID} as sent`, id: ID });
		expect(compose(`Order unit ${ID} is already 'sent'`)).toBe(
			`Could not mark order unit ${ID} as sent: it is already 'sent'`,
		);
		expect(compose(`order unit ${ID} was not found`)).toBe(`Could not mark order unit ${ID} as sent: it was not found`);
		expect(compose(`No order unit ${ID} was found`)).toBe(
			`Could not mark order unit ${ID} as sent: No order unit ${ID} was found`,
		);
		expect(compose(`Order unit ${ID} not found`)).toBe(
			`Could not mark order unit ${ID} as sent: Order unit ${ID} not found`,
		);
		expect(compose(`return order unit ${ID} was not found`)).toBe(
			`Could not mark order unit ${ID} as sent: it was not found`,
		);
		expect(compose('the connection was reset', true)).toBe(
			`The request to mark order unit ${ID} as sent may or may not have been applied: the connection was reset`,
		);
	});

	it('keeps the headline to one line of reasonable length', () => {
		expect(compose('it is\nalready   sent')).toBe(`Could not mark order unit ${ID} as sent: it is already sent`);
		expect(compose('x'.repeat(500))).toBe(`Could not mark order unit ${ID} as sent: ${'x'.repeat(199)}…`);
	});

	it('leaves out an ID it cannot show safely, and one the item does not show', () => {
		expect(describeAttempt(send, () => '12 OR 1=1').words).toBe('mark an order unit as sent');
		expect(describeAttempt(send, () => `${'a'.repeat(65)}`).words).toBe('mark an order unit as sent');
		expect(describeAttempt(send, () => undefined).words).toBe('mark an order unit as sent');
		expect(describeAttempt(send, () => ({ value: ID })).words).toBe('mark an order unit as sent');
	});

	it("takes the first phrase whose fields the item shows, and an operation's own words with {id} when it has them", () => {
		const create: OperationIdentity = {
			resource: 'unit',
			operation: 'create',
			attempt: declaredWords('unit', 'create'),
			fields: [],
		};
		const shown = (values: Record<string, string>) => (name: string) => values[name];
		expect(describeAttempt(create, shown({ ean: '4006381333931', offerId: 'SKU-1' })).words).toBe(
			'create a unit for offer SKU-1',
		);
		expect(describeAttempt(create, shown({ ean: '4006381333931' })).words).toBe('create a unit for EAN 4006381333931');
		expect(describeAttempt(create, shown({})).words).toBe('create a unit');
		const own: OperationIdentity = {
			resource: 'unit',
			operation: 'updateMany',
			attempt: 'update unit {id}',
			fields: [{ displayName: 'Unit', name: 'unitId', type: 'string', default: '' }],
		};
		expect(describeAttempt(own, () => ID)).toEqual({ words: `update unit ${ID}`, id: ID });
		expect(describeAttempt(own, () => undefined).words).toBe('update unit');
	});

	it('does not read the labels of the form: renamed actions and resources keep their words', () => {
		const operation = v2Resources.find((resource) => resource.value === 'orderUnit')!.operations.send;
		const renamed = {
			...operation,
			action: 'Ship it',
			name: 'Ship',
			properties: operation.properties.map((field) => ({ ...field, displayName: 'Something else' })),
		};
		expect(describeAttempt(wordingOf(renamed), () => ID).words).toBe(`mark order unit ${ID} as sent`);
	});

	it('shows a description as HTML: its lines kept, text from outside not read as markup', () => {
		expect(descriptionAsHtml('The API said: <b>Bad</b> & worse\nRequest: GET /orders/1, answered 502')).toBe(
			'The API said: &lt;b&gt;Bad&lt;/b&gt; &amp; worse<br>Request: GET /orders/1, answered 502',
		);
	});
});
