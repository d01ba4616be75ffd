/** Carriers: GET /carriers, the codes `PATCH /order-units/{id}/send` accepts. */
import { CARRIER_CODES } from '../../core/enums';
import { ok, V2Operations } from '../handler';

/**
 * Freight carriers (`isHauler`). The OpenAPI's example marks Cargo International; the others are the sandbox's
 * reading of the names (forwarders and pallet networks), an assumption.
 */
const HAULERS = new Set([
	'Other Hauler',
	'Bursped',
	'Cargoline',
	'Cargo International',
	'Dachser',
	'DHL Freight',
	'DSV',
	'Emons',
	'Geis',
	'Hellmann',
	'Iloxx Spedition',
	'Kuehne & Nagel',
	'Raben Group',
	'Rhenus',
	'Schenker',
	'Spedition Guettler',
	'Zufall',
]);

export const operations: V2Operations = {
	GetCarriers: () => ok({ carriers: CARRIER_CODES.map((name) => ({ name, isHauler: HAULERS.has(name) })) }),
};
