/**
 * The buyer's personal data in what the node outputs, as the API references describe it, and output without it.
 * API v2's OpenAPI: `buyer` (schema Buyer: `id_buyer`, `email`), `billing_address` and `shipping_address` (schema
 * Address) on orders, order units and returns, and `address_data` (ShippingAddressDetails: HomeAddressData, a
 * pickup point, a Packstation or a parcel shop) of Shipment → Get Addresses; API v1 writes `buyer`,
 * `billing_address` and `shipping_address` alike and adds a claim's `callback_phone`. The node's own flattened
 * fields (Simplify, Output in a tool) name them `buyer_name`, `buyer_email` and `ship_to_city`.
 */
import type { IDataObject } from 'n8n-workflow';

/** Objects that hold a buyer's address: what identifies a person is left out of them, the rest (country, type) kept. */
const BUYER_ADDRESSES = new Set(['billing_address', 'shipping_address', 'address_data']);

/**
 * The fields of an address that name or reach a person (schemas Address, HomeAddressData and the pickup points;
 * `dhl_post_number` is the buyer's DHL customer number; `gender`, which the live API's addresses carry besides
 * the documented fields). `country`, `type` and the pickup location's ID stay.
 */
const ADDRESS_PERSONAL_FIELDS = new Set([
	'first_name',
	'last_name',
	'gender',
	'company_name',
	'street',
	'house_number',
	'postcode',
	'additional_field',
	'city',
	'phone',
	'dhl_post_number',
]);

/** The buyer's e-mail under `buyer`; `id_buyer` stays (it names no one, and tickets refer to it). */
const BUYER_PERSONAL_FIELDS = new Set(['email']);

/** Fields personal wherever they are: a claim's callback phone (v1), and the node's flattened buyer fields. */
const PERSONAL_ANYWHERE = new Set(['callback_phone', 'buyer_name', 'buyer_email', 'ship_to_city']);

/** The names a seller reads in the docs and the agent in a refusal: every field this module leaves out. */
export const PERSONAL_FIELD_NAMES: readonly string[] = [
	...BUYER_PERSONAL_FIELDS,
	...ADDRESS_PERSONAL_FIELDS,
	...PERSONAL_ANYWHERE,
];

type Within = 'buyer' | 'address' | undefined;

function leaveOut(value: unknown, within: Within): unknown {
	if (Array.isArray(value)) return value.map((entry) => leaveOut(entry, within));
	if (value === null || typeof value !== 'object') return value;
	const kept: IDataObject = {};
	for (const [key, entry] of Object.entries(value as IDataObject)) {
		if (PERSONAL_ANYWHERE.has(key)) continue;
		if (within === 'address' && ADDRESS_PERSONAL_FIELDS.has(key)) continue;
		if (within === 'buyer' && BUYER_PERSONAL_FIELDS.has(key)) continue;
		const inside: Within = BUYER_ADDRESSES.has(key) ? 'address' : key === 'buyer' ? 'buyer' : within;
		kept[key] = leaveOut(entry, inside) as IDataObject[string];
	}
	return kept;
}

/** A record without the buyer's personal data, at any depth (an order's units each carry their addresses). */
export function withoutBuyerPersonalData(record: IDataObject): IDataObject {
	return leaveOut(record, undefined) as IDataObject;
}
