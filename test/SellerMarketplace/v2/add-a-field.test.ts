/**
 * "Adding a field" (docs/architecture.md, CONTRIBUTING.md) followed step by step, so that the walkthrough stays true:
 * a new OpenAPI release adds an optional `gift_note` (maxLength 40) to the unit bodies, `npm run openapi -- take`
 * regenerates nodes/api/v2/openapi.generated.ts (here: the generated file with that property more), and the field is
 * declared once, in nodes/SellerMarketplace/v2/actions/unit/unitFields.ts (here: its declarations with that one
 * more). No other file changes, and the field is on the forms of Create, Update and Update Many, in the request
 * body, bounded by the OpenAPI's maxLength before any request, and named by its label in errors.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { resources } from '../../../nodes/SellerMarketplace/v2/actions';
import { UNIT_COLUMN_PARAMETERS, UNIT_FIELD_LABELS } from '../../../nodes/SellerMarketplace/v2/actions/unit/fields';
import { useSandboxV2 } from './setup';

// Step 1, the release: what `npm run openapi -- take` generates for it (only this property is new).
jest.mock('../../../nodes/api/v2/openapi.generated', () => {
	const actual = jest.requireActual('../../../nodes/api/v2/openapi.generated');
	const schemas = actual.OPENAPI_REQUEST_SCHEMAS;
	const withGiftNote = (schema: { properties: object }) => ({
		...schema,
		properties: { ...schema.properties, gift_note: { type: 'string', maxLength: 40 } },
	});
	return {
		...actual,
		OPENAPI_REQUEST_SCHEMAS: {
			...schemas,
			UnitRequest: withGiftNote(schemas.UnitRequest),
			UnitPatchRequest: withGiftNote(schemas.UnitPatchRequest),
		},
	};
});

// Step 2, the one declaration, as it would be written in unit/unitFields.ts's UNIT_FIELDS.
jest.mock('../../../nodes/SellerMarketplace/v2/actions/unit/unitFields', () => {
	const actual = jest.requireActual('../../../nodes/SellerMarketplace/v2/actions/unit/unitFields');
	return {
		...actual,
		UNIT_FIELDS: {
			...actual.UNIT_FIELDS,
			giftNote: actual.unitField({
				schemas: actual.BOTH,
				api: 'gift_note',
				kind: 'text',
				property: {
					displayName: 'Gift Note',
					name: 'giftNote',
					type: 'string',
					default: '',
					description: (bound: { maxLength: number }) =>
						`A note printed on the gift card (at most ${bound.maxLength} characters)`,
				},
			}),
		},
	};
});

const v2 = useSandboxV2({}, 'unit');

const unitOperation = (value: string) =>
	resources.find((resource) => resource.value === 'unit')!.operations[value]!.description;
const collection = (properties: INodeProperties[], name: string) =>
	(properties.find((property) => property.name === name)!.options ?? []) as INodeProperties[];
const aUnit = () => v2.sandbox().control.db.units.find((unit) => (unit._storefront ?? 'de') === 'de')!;

describe('a field declared once (Unit: Gift Note, a field of a new OpenAPI release)', () => {
	it('is on the forms: Create → Additional Fields, Update → Update Fields, Update Many → its columns; its description says the bound the OpenAPI states', () => {
		const giftNote = {
			displayName: 'Gift Note',
			name: 'giftNote',
			type: 'string',
			description: 'A note printed on the gift card (at most 40 characters)',
		};
		expect(collection(unitOperation('create'), 'additionalFields')).toContainEqual(expect.objectContaining(giftNote));
		expect(collection(unitOperation('update'), 'updateFields')).toContainEqual(expect.objectContaining(giftNote));
		expect(collection(unitOperation('updateMany'), 'updateFields')).toContainEqual(expect.objectContaining(giftNote));
		const mapping = unitOperation('updateMany').find((property) => property.name === 'mappingMode')!;
		expect(JSON.stringify(mapping.options)).toContain('gift_note');
		expect(UNIT_COLUMN_PARAMETERS.gift_note).toBe('giftNote');
		expect(UNIT_FIELD_LABELS.gift_note).toBe('Gift Note');
	});

	it('goes into the request body under its API name', async () => {
		const unit = aUnit();
		const run = await v2.run({
			operation: 'update',
			unitId: String(unit.id_unit),
			updateFields: { giftNote: '  Wrapped, with a bow ', listingPrice: 1999 },
		});
		const [request] = v2.requests();
		expect([request.method, request.path]).toEqual(['PATCH', `/units/${unit.id_unit}`]);
		expect(JSON.parse(request.body)).toEqual({ gift_note: 'Wrapped, with a bow', listing_price: 1999 });
		// The strict sandbox serves today's OpenAPI, which has no gift_note: it refuses the field, and the error names
		// it by its label, as it names any field the marketplace refuses.
		expect(run.error?.message).toBe(
			`Could not update unit ${unit.id_unit}: "Gift Note" (gift_note): is not a known field`,
		);
	});

	it("Update Many's Map Automatically takes it from the item's column of its API name", async () => {
		const unit = aUnit();
		await v2.run(
			{ operation: 'updateMany', mappingMode: 'autoMapInputData' },
			{ items: [{ json: { id_unit: unit.id_unit, gift_note: 'Happy birthday', listing_price: 2500 } }] },
		);
		const bulk = v2.requests().find((request) => request.path === '/units/bulk')!;
		expect(JSON.parse(bulk.body) as IDataObject[]).toEqual([
			{ id_unit: unit.id_unit, unit_data: { gift_note: 'Happy birthday', listing_price: 2500 } },
		]);
	});

	it.each([
		['Update', { operation: 'update', unitId: '1', updateFields: { giftNote: 'x'.repeat(41) } }, {}],
		[
			'Update Many, from a column',
			{ operation: 'updateMany', mappingMode: 'autoMapInputData' },
			{ items: [{ json: { id_unit: 1, gift_note: 'x'.repeat(41) } }] },
		],
		[
			'Create',
			{
				operation: 'create',
				ean: '4006381333931',
				offerId: 'SKU-GIFT',
				listingPrice: 1999,
				additionalFields: { giftNote: 'x'.repeat(41) },
			},
			{},
		],
	])(
		"is bounded by the OpenAPI's maxLength on %s, before any request, naming the field and the item",
		async (_, parameters, options) => {
			const run = await v2.run(parameters, options);
			expect(run.error?.message).toBe('"Gift Note" must be at most 40 characters, but it has 41 [item 0]');
			expect(v2.requests()).toHaveLength(0);
		},
	);
});
