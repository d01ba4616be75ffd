/**
 * Product (node version 2): Get (by EAN or by product ID) and Search, through n8n-core against the v2 sandbox.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { useSandboxV2 } from '../../setup';

export function useProductSandbox() {
	const v2 = useSandboxV2({}, 'product');
	const db = () => v2.sandbox().control.db;
	return { v2, db };
}
