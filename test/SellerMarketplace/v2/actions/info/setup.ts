/**
 * Info (node version 2) — Get Storefronts, Get Locales, Get VAT Rates, Look Up Commission Rates — through n8n-core
 * against the v2 sandbox.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { useSandboxV2 } from '../../setup';

export function useInfoSandbox() {
	const v2 = useSandboxV2({ strict: true }, 'info');
	const eanOfItem = (id: number) => v2.sandbox().control.db.items.find((item) => item.id_item === id)!.eans[0];
	return { v2, eanOfItem };
}
