/**
 * Product Data (node version 2): Create or Replace (PUT), Update (PATCH), Get, Get Status and Delete, through
 * n8n-core against the v2 sandbox, including the asynchronous checks Get Status reports.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { useSandboxV2 } from '../../setup';

export const EAN = '4006381333931';

export const row = (name: string, value: unknown) => ({ name, value });

export const complete = {
	defineData: 'fields',
	attributes: {
		attribute: [
			row('title', 'Kopfhörer X1'),
			row('description', 'Leichte Kopfhörer'),
			row('manufacturer', 'Acme'),
			row('category', 'Kopfhörer'),
			row('picture', 'https://images.example.test/1.jpg'),
			row('picture', 'https://images.example.test/2.jpg'),
		],
	},
};

export function useProductDataSandbox() {
	const v2 = useSandboxV2({}, 'productData');
	const db = () => v2.sandbox().control.db;
	return { v2, db };
}
