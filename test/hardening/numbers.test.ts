/**
 * Issue 11, item 4: whole numbers given as text went through Number(), so "0x10" refunded 16 cents, "1e3"
 * 1000 and "0b11" 3, and 1e21 went out as `1e+21`. Only decimal digits within safe integers are taken now,
 * for every whole-number input: cents, counts, IDs, limits and the request options.
 */
import { parseWholeNumber } from '../../nodes/shared/helpers/validation';
import { runSellerNode } from '../harness/workflow';
import { useSandbox } from '../harness/sandbox';

const env = useSandbox({}, { resetEachTest: false });

beforeEach(() => env.sandbox().control.reset());

const refundable = () =>
	env
		.sandbox()
		.control.db.orderUnits.find(
			(unit) => !unit._fulfilled_by_marketplace && unit.status === 'sent' && unit.price > 2000,
		)!;

const refund = (amount: unknown) => {
	const unit = refundable();
	return {
		unit,
		run: runSellerNode(env.credentials(), {
			parameters: {
				resource: 'orderUnit',
				operation: 'refund',
				orderUnitId: { __rl: true, mode: 'id', value: String(unit.id_order_unit) },
				amount: '={{ $json.amount }}',
				reason: 'delivery_delay',
			},
			items: [{ json: { amount } as never }],
		}),
	};
};

describe('Order Unit → Refund takes decimal digits only', () => {
	it.each(['0x10', '1e3', '0b11', '0o17', '1_000', '16.0', '+16', 'Infinity', '1e21', 1e21, 2 ** 53, Number.NaN])(
		'amount %p is refused before anything is sent',
		async (amount) => {
			const { unit, run } = refund(amount);
			const { error } = await run;
			expect(error?.message).toMatch(/"Amount \(in Cents\)" must be a whole number of cents above 0.*\[item 0\]/);
			expect(env.sandbox().control.requests()).toHaveLength(0);
			expect(unit._refunds).toHaveLength(0);
		},
	);

	it('"1600" as text refunds exactly 1600 cents, sent as the JSON number 1600', async () => {
		const { unit, run } = refund(' 1600 ');
		const { error } = await run;
		expect(error).toBeUndefined();
		expect(
			env
				.sandbox()
				.control.requests()
				.map((request) => request.body),
		).toEqual(['{"amount":1600,"reason":"delivery_delay"}']);
		expect(unit._refunds.map((entry) => entry.amount)).toEqual([1600]);
	});
});

describe('every other whole-number input', () => {
	it.each([
		[
			'Stock',
			'1e3',
			{ resource: 'unit', operation: 'update', unitId: '151177892008', updateFields: { amount: '={{ $json.v }}' } },
		],
		[
			'Limit',
			'0x10',
			{ resource: 'orderUnit', operation: 'getMany', returnAll: false, limit: '={{ $json.v }}', filters: {} },
		],
		['Unit', '1e3', { resource: 'unit', operation: 'get', unitId: '={{ $json.v }}' }],
		[
			'Item ID',
			'0x10',
			{ resource: 'unit', operation: 'getMany', returnAll: false, limit: 5, filters: { itemId: '={{ $json.v }}' } },
		],
		[
			'Max Retries',
			'0b11',
			{ resource: 'status', operation: 'ping', requestOptions: { maxRetries: '={{ $json.v }}' } },
		],
		['Max Retries', 2.5, { resource: 'status', operation: 'ping', requestOptions: { maxRetries: '={{ $json.v }}' } }],
		[
			'Page Concurrency',
			1e21,
			{
				resource: 'orderUnit',
				operation: 'getMany',
				returnAll: true,
				requestOptions: { pageConcurrency: '={{ $json.v }}' },
			},
		],
	])('%s %p', async (label, value, parameters) => {
		const run = await runSellerNode(env.credentials(), { parameters, items: [{ json: { v: value } as never }] });
		expect(run.error?.message).toMatch(new RegExp(`"${label}".*\\[item 0\\]`));
		expect(env.sandbox().control.requests()).toHaveLength(0);
	});
});

describe('parseWholeNumber', () => {
	it.each([
		['42', 42],
		[' 42 ', 42],
		['007', 7],
		[42, 42],
		['-3', -3],
		[String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
	])('%p → %p', (input, expected) => expect(parseWholeNumber(input)).toBe(expected));

	it.each([
		'',
		' ',
		'0x10',
		'1e3',
		'0b11',
		'12.5',
		'12.0',
		'1,000',
		'+1',
		'٣',
		String(2 ** 53),
		1.5,
		1e21,
		Infinity,
		NaN,
		true,
		null,
		undefined,
		[],
		{},
	])('%p → undefined', (input) => expect(parseWholeNumber(input)).toBeUndefined());
});
