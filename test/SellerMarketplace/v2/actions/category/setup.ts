/**
 * Category (node version 2): Get, Get Many, Get Tree and Suggest (POST /categories/decide) through n8n-core
 * against the v2 sandbox, and the category search behind the Category field's "From List".
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { useSandboxV2 } from '../../setup';

export function useCategorySandbox() {
	const v2 = useSandboxV2({}, 'category');
	const db = () => v2.sandbox().control.db;
	return { v2, db };
}
