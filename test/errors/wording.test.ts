/**
 * The headline words of every operation of both node versions, as the routers build them: each operation names
 * what it attempted and, when a field names the record, that record by its id. An operation added later (by a
 * new file and a line in its resource) is walked too, so one whose words do not fit fails here.
 */
import { describeAttempt, descriptionAsHtml, headline, nounOf } from '../../nodes/shared/helpers/headline';
import { resources as v1Resources } from '../../nodes/SellerMarketplace/v1/actions';
import { resources as v2Resources } from '../../nodes/SellerMarketplace/v2/actions';
import { wordingOf } from '../../nodes/SellerMarketplace/actions/router';
import type { OperationWording } from '../../nodes/shared/helpers/headline';

const ID = '1000064';

const operations: Array<[string, OperationWording]> = [
	...[...v1Resources.map((resource) => ['v1', resource] as const), ...v2Resources.map((resource) => ['v2', resource] as const)].flatMap(([version, resource]) =>
		Object.values(resource.operations).map((operation): [string, OperationWording] => [`${version} ${resource.value} → ${operation.value}`, wordingOf(operation)]),
	),
];

const namesRecord = (wording: OperationWording) =>
	wording.fields.some((field) => field.type === 'resourceLocator' || /Id$/.test(field.name) || field.name === 'ean');

describe('every operation of both versions has headline words', () => {
	it('walks more than 100 operations', () => {
		expect(operations.length).toBeGreaterThan(100);
	});

	it.each(operations)('%s', (_name, wording) => {
		expect(wording.action).toMatch(/^[A-Z][a-z]+ /);
		const { text, id } = describeAttempt(wording, () => ID);
		expect(text).toMatch(/^[a-z]+ /);
		expect(text).not.toMatch(/[()]|\s{2}|\{id\}/);
		if (namesRecord(wording)) {
			expect(id).toBe(ID);
			expect(text).toMatch(new RegExp(`[a-zA-Z] ${ID}\\b`));
			expect(text).not.toMatch(new RegExp(`\\b(a|an|the|many) ${ID}\\b`));
		} else {
			expect(id).toBeUndefined();
		}
		expect(headline({ text, id }, { reason: 'it is already sent' })).toBe(`Could not ${text}: it is already sent`);
	});
});

describe('the words', () => {
	const sendWording: OperationWording = {
		action: 'Mark an order unit as sent',
		resourceName: 'Order Unit',
		fields: [{ displayName: 'Order Unit', name: 'orderUnitId', type: 'resourceLocator', default: '' }],
	};

	it('puts the id where the action names the resource, and drops the marketplace\'s repetition of it', () => {
		const attempt = describeAttempt(sendWording, () => ID);
		expect(attempt).toEqual({ text: `mark order unit ${ID} as sent`, id: ID });
		expect(headline(attempt, { reason: `Order unit ${ID} is already 'sent'` })).toBe(`Could not mark order unit ${ID} as sent: it is already 'sent'`);
		expect(headline(attempt, { reason: `order unit ${ID} was not found` })).toBe(`Could not mark order unit ${ID} as sent: it was not found`);
		expect(headline(attempt, { reason: `No order unit ${ID} was found` })).toBe(`Could not mark order unit ${ID} as sent: No order unit ${ID} was found`);
		expect(headline(attempt, { reason: `Order unit ${ID} not found` })).toBe(`Could not mark order unit ${ID} as sent: Order unit ${ID} not found`);
		expect(headline(attempt, { reason: `return order unit ${ID} was not found` })).toBe(`Could not mark order unit ${ID} as sent: it was not found`);
		expect(headline(attempt, { reason: 'the connection was reset', uncertain: true })).toBe(
			`The request to mark order unit ${ID} as sent may or may not have been applied: the connection was reset`,
		);
	});

	it('keeps the headline to one line of reasonable length', () => {
		const attempt = describeAttempt(sendWording, () => ID);
		expect(headline(attempt, { reason: 'it is\nalready   sent' })).toBe(`Could not mark order unit ${ID} as sent: it is already sent`);
		const long = headline(attempt, { reason: 'x'.repeat(500) });
		expect(long).toBe(`Could not mark order unit ${ID} as sent: ${'x'.repeat(199)}…`);
	});

	it('leaves out an id it cannot show safely, and one the item does not show', () => {
		expect(describeAttempt(sendWording, () => '12 OR 1=1').text).toBe('mark an order unit as sent');
		expect(describeAttempt(sendWording, () => `${'a'.repeat(65)}`).text).toBe('mark an order unit as sent');
		expect(describeAttempt(sendWording, () => undefined).text).toBe('mark an order unit as sent');
		expect(describeAttempt(sendWording, () => ({ value: ID })).text).toBe('mark an order unit as sent');
	});

	it('adds the id of another record, and takes an operation\'s own words when it has them', () => {
		const ean = { displayName: 'EAN', name: 'ean', type: 'string' as const, default: '' };
		expect(describeAttempt({ action: 'Get product data', resourceName: 'Product Data', fields: [ean] }, () => '4006381333931').text).toBe(
			'get product data for EAN 4006381333931',
		);
		expect(describeAttempt({ action: 'Update many units', resourceName: 'Unit (Offer)', fields: [], attempt: 'update unit {id}' }, () => ID).text).toBe(
			'update unit',
		);
	});

	it('names nouns as the sentence needs them', () => {
		expect(['Order Unit', 'Unit (Offer)', 'GPSR Contact', 'Subscription Name or ID', 'Unit ID', 'EAN'].map(nounOf)).toEqual([
			'order unit',
			'unit',
			'GPSR contact',
			'subscription',
			'unit',
			'EAN',
		]);
	});

	it('shows a description as HTML: its lines kept, text from outside not read as markup', () => {
		expect(descriptionAsHtml('The API said: <b>Bad</b> & worse\nRequest: GET /orders/1, answered 502')).toBe(
			'The API said: &lt;b&gt;Bad&lt;/b&gt; &amp; worse<br>Request: GET /orders/1, answered 502',
		);
	});
});
