/** The pure readers the simplified fields are built from. */
import { defineOutputShape, moneyText, outputField, personName } from '../../../nodes/shared/helpers/simplify';

describe('moneyText', () => {
	it('writes cents as an amount with two decimals and its currency', () => {
		expect(moneyText(10199, 'EUR')).toBe('101.99 EUR');
		expect(moneyText(5, 'CZK')).toBe('0.05 CZK');
		expect(moneyText(-250, 'PLN')).toBe('-2.50 PLN');
		expect(moneyText(100, undefined)).toBe('1.00');
	});

	it('gives nothing for what is not a whole number of cents', () => {
		expect(moneyText('10199', 'EUR')).toBeUndefined();
		expect(moneyText(1.5, 'EUR')).toBeUndefined();
		expect(moneyText(null, 'EUR')).toBeUndefined();
	});
});

describe('personName', () => {
	it('joins first and last name, or falls back to the company', () => {
		expect(personName({ first_name: 'Jonas', last_name: 'Weber', company_name: 'ACME' })).toBe('Jonas Weber');
		expect(personName({ first_name: ' ', last_name: '', company_name: 'ACME GmbH' })).toBe('ACME GmbH');
		expect(personName({ first_name: '', last_name: '', company_name: null })).toBeUndefined();
		expect(personName(null)).toBeUndefined();
	});
});

describe('output fields', () => {
	it('reads API v1 dates (UTC wall clock) and API v2 dates alike as ISO 8601', () => {
		expect(outputField.createdAt('ts_created', 'UTC').read({ ts_created: '2024-01-01 10:35:39' })).toBe(
			'2024-01-01T10:35:39Z',
		);
		expect(outputField.createdAt('ts_created_iso', 'UTC').read({ ts_created_iso: '2024-01-01T10:35:39Z' })).toBe(
			'2024-01-01T10:35:39Z',
		);
		expect(outputField.createdAt('ts_created', 'UTC').read({ ts_created: 'soon' })).toBe('soon');
		expect(outputField.createdAt('ts_created', 'UTC').read({})).toBeUndefined();
	});

	it('reads the first EAN from a list (API v2) or a map by position (API v1)', () => {
		expect(outputField.ean('product.eans').read({ product: { eans: ['4006380100015', '1'] } })).toBe('4006380100015');
		expect(outputField.ean('item.eans').read({ item: { eans: { 0: '4006380100015' } } })).toBe('4006380100015');
		expect(outputField.ean('item.eans').read({ item: null })).toBeUndefined();
	});

	it('totals only when every unit has a price', () => {
		const total = outputField.total('order_units', 'price', { key: 'currency' });
		expect(
			total.read({
				order_units: [
					{ price: 10199, currency: 'EUR' },
					{ price: 39199, currency: 'EUR' },
				],
			}),
		).toBe('493.98 EUR');
		expect(total.read({ order_units: [{ price: 10199 }, { price: null }] })).toBeUndefined();
		expect(total.read({ order_units: [] })).toBeUndefined();
	});
});

it('a shape needs unique field names and 1 to 11 simplified fields', () => {
	const field = (name: string, simplified = true) => ({ name, description: name, simplified, read: () => 1 });
	expect(() => defineOutputShape({ record: 'x', fields: [field('a'), field('a', false)] })).toThrow(/unique/);
	expect(() =>
		defineOutputShape({ record: 'x', fields: Array.from({ length: 12 }, (_, index) => field(`f${index}`)) }),
	).toThrow(/1 to 11/);
	expect(() => defineOutputShape({ record: 'x', fields: [field('a', false)] })).toThrow(/1 to 11/);
});
