/**
 * Issue 33 item 5: an error about a field the user never set says what to change. A price cut below the unit's
 * stored minimum price is an answer the live API may give (API v1 states the rule, v2 does not: the sandbox does
 * not invent it, so the test scripts the answer, as the OpenAPI allows it).
 */
import { useSandboxV2 } from './setup';

const v2 = useSandboxV2({}, 'unit');

/** Scripts the marketplace's 400 for the next PATCH of a unit, refusing `field`; runs Unit → Update on a de unit. */
async function updateRefused(field: string, message: (unit: { minimum_price: number }) => string) {
	const unit = v2.sandbox().control.db.units.find((row) => (row._storefront ?? 'de') === 'de')!;
	v2.sandbox().control.scriptAnswer({
		operationId: 'patchUnit',
		status: 400,
		body: {
			type: '/problems/validation-error',
			message: 'Invalid request',
			errors: [{ field, message: message(unit) }],
		},
	});
	const run = await v2.run({
		operation: 'update',
		unitId: String(unit.id_unit),
		updateFields: { amount: 2, listingPrice: 100 },
	});
	return { unit, run };
}

describe('Unit → Update refused for a value the unit already had', () => {
	it('names the field, says this request did not set it, and what to change', async () => {
		const { unit, run } = await updateRefused('minimum_price', (u) => `${u.minimum_price} is above listing_price 100`);
		expect(JSON.parse(v2.requests()[0].body)).toEqual({ amount: 2, listing_price: 100 });
		expect(run.error?.message).toContain(
			`"Minimum Price (in Cents)" (minimum_price): ${unit.minimum_price} is above listing_price 100`,
		);
		expect(run.error?.description).toContain(
			`This request did not set "Minimum Price (in Cents)" (minimum_price): the marketplace checked the value the unit ${unit.id_unit} already has against the values sent. Set "Minimum Price (in Cents)" (minimum_price) in this node too, so that the two fit (or change it in the Seller Portal).`,
		);
	});

	it('a refused field the request did set gets no such hint', async () => {
		const { run } = await updateRefused('listing_price', () => 'is too low');
		expect(run.error?.message).toContain('"Listing Price (in Cents)" (listing_price): is too low');
		expect(run.error?.description ?? '').not.toContain('did not set');
	});
});
