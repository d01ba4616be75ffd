/**
 * GPSR Contact (node version 2) — Create or Update, Get Many, Delete, for a manufacturer or a product — through
 * n8n-core against the v2 sandbox.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { CONTACT_TYPES } from '../../../../../nodes/SellerMarketplace/v2/actions/gpsrContact/fields';
import { useSandboxV2 } from '../../setup';

export const address = {
	name: 'Kaffeewerk GmbH',
	street: 'Hauptstraße',
	houseNumber: '5a',
	city: 'Köln',
	countryCode: 'de',
};

export function useGpsrContactSandbox() {
	const v2 = useSandboxV2({ strict: true }, 'gpsrContact');
	const item = (id: number) => v2.sandbox().control.db.items.find((candidate) => candidate.id_item === id)!;
	/** Sets both contact types of a product. */
	const setBoth = async (ean: string) => {
		for (const contactType of CONTACT_TYPES) {
			await v2.run({
				operation: 'upsert',
				contactFor: 'product',
				ean,
				contactType,
				...address,
				additionalFields: { postalCode: '50667', email: 'a@b.example' },
			});
		}
	};
	return { v2, item, setBoth };
}
