/**
 * The judge's reshaping of Prism's answers (answers.ts): each variant changes what it says, on the OpenAPI's own
 * schemas, and what it makes still matches them.
 */
import { AnswerChecker, EXTRA_FIELD, reshape, seededRandom, type Variant } from './answers';
import { readOpenApi } from './prism';

const openApi = readOpenApi();
const checker = new AnswerChecker(openApi);
const ORDERS = '/components/schemas/CollectionApiResponse_Order_';
const ordersSchema = { $ref: `#${ORDERS}` };
const order = {
	id_order: 'MB7UWLD',
	ts_created_iso: '2021-07-24T19:26:05Z',
	is_marketplace_deemed_supplier: true,
	order_units_count: 3,
	ts_units_updated_iso: '2021-07-24T19:26:05Z',
	storefront: 'de',
	fulfillment_type: 'fulfilled_by_merchant',
};
const orders = { data: [order, { ...order, id_order: 'MB7UWLE' }], pagination: { limit: 2, offset: 0, total: 9 } };
const shaped = (variant: Variant, value: unknown = orders, schema: object = ordersSchema) =>
	reshape(openApi, schema as never, value, variant, seededRandom(5));

describe("the judge's answers", () => {
	it('the order list of the example is valid as it is', () => {
		expect(checker.problems(ORDERS, orders)).toEqual([]);
		expect(shaped('generated')).toBe(orders);
	});

	it('minimal: only the required fields (every field of an order is; `pagination` is not)', () => {
		const answer = shaped('minimal');
		expect(answer).toEqual({ data: orders.data });
		expect(checker.problems(ORDERS, answer)).toEqual([]);
	});

	it('sparse: optional fields left out at random, the same ones for the same seed', () => {
		const answers = [1, 2, 3, 4, 5, 6].map((seed) =>
			reshape(
				openApi,
				{ $ref: '#/components/schemas/CollectionApiResponse_Order_' },
				orders,
				'sparse',
				seededRandom(seed),
			),
		);
		expect(answers.filter((answer) => 'pagination' in (answer as object)).length).toBeGreaterThan(0);
		expect(answers.filter((answer) => !('pagination' in (answer as object))).length).toBeGreaterThan(0);
		expect(reshape(openApi, ordersSchema, orders, 'sparse', seededRandom(2))).toEqual(answers[1]);
		for (const answer of answers) expect(checker.problems(ORDERS, answer)).toEqual([]);
	});

	it('empty lists: data is []', () => {
		const answer = shaped('empty-lists');
		expect(answer).toEqual({ data: [], pagination: orders.pagination });
		expect(checker.problems(ORDERS, answer)).toEqual([]);
	});

	it('extra fields: an object that allows more gets a field the OpenAPI does not name; a closed one does not', () => {
		// 196 of the 200 object schemas are closed (additionalProperties: false), the list envelope among them.
		expect(shaped('extra-fields')).toEqual(orders);
		const open = Object.entries(openApi.components.schemas as Record<string, Record<string, unknown>>).find(
			([, schema]) => schema.properties && schema.additionalProperties !== false,
		)!;
		const answer = reshape(openApi, { $ref: `#/components/schemas/${open[0]}` }, {}, 'extra-fields', seededRandom(1));
		expect(answer).toEqual({ [EXTRA_FIELD]: expect.any(String) });
	});

	it('nulls: a nullable field and an unconstrained `data: {}` become null; the checker takes null only there', () => {
		expect(shaped('nulls', { data: { a: 1 } }, { $ref: '#/components/schemas/ApiResponse' })).toEqual({ data: null });
		const group = { group_id: 'g', own_sales_rank: 4, recommendation: 'grow' };
		const groups = '/components/schemas/CollectionApiResponse_SimilarProductGroup_';
		const answer = shaped('nulls', { data: [group] }, { $ref: `#${groups}` }) as {
			data: Array<Record<string, unknown>>;
		};
		expect(answer.data[0]).toEqual({ group_id: 'g', own_sales_rank: null, recommendation: null });
		// The sample lacks required fields; the nulls add no problem to those.
		expect(checker.problems(groups, answer)).toEqual(checker.problems(groups, { data: [group] }));
		expect(checker.problems(groups, { data: [{ ...group, recommendation: 'nonsense' }] }).length).toBeGreaterThan(
			checker.problems(groups, { data: [group] }).length,
		);
		expect(checker.problems(ORDERS, { data: [{ ...order, id_order: null }] })).not.toEqual([]);
	});

	it('inside an anyOf, within the branch the value follows (a bulk update result that is an error)', () => {
		const bulk = '/components/schemas/UnitsBulkUpdateResponse';
		const refused = {
			id_unit: 1000,
			status_code: 400,
			message: 'Parameters [listingPrice] are missing',
			errors: [{ field: 'listing_price', message: 'must be greater than 0' }],
		};
		expect(checker.problems(bulk, { data: [refused] })).toEqual([]);
		const answer = reshape(openApi, { $ref: `#${bulk}` }, { data: [refused] }, 'empty-lists', seededRandom(1), checker);
		expect(answer).toEqual({ data: [] });
		const inner = reshape(
			openApi,
			{ $ref: `#${bulk}/properties/data/items` },
			refused,
			'empty-lists',
			seededRandom(1),
			checker,
		);
		expect(inner).toEqual({ ...refused, errors: [] });
		expect(checker.problems(bulk, { data: [inner] })).toEqual([]);
		// Without a checker to tell the branch, the value stays as it is.
		expect(reshape(openApi, { $ref: `#${bulk}/properties/data/items` }, refused, 'empty-lists', seededRandom(1))).toBe(
			refused,
		);
	});
});
