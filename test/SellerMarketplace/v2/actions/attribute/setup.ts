/**
 * Attribute (node version 2): Get (by name or by ID) and Get Many (all, or searched), through n8n-core against
 * the v2 sandbox.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { useSandboxV2 } from '../../setup';

export function useAttributeSandbox() {
	const v2 = useSandboxV2({}, 'attribute');
	const db = () => v2.sandbox().control.db;
	const manufacturerId = () => db().attributes.find((a) => a.name === 'manufacturer')!.id_attribute;
	const manufacturers = () =>
		[...new Set(db().items.map((item) => item.manufacturer))].sort((a, b) => a.localeCompare(b));
	return { v2, db, manufacturerId, manufacturers };
}
