/** Shipping Group (node version 2): Get Many and Get through n8n-core against the v2 sandbox. */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { useSandboxV2 } from '../../setup';

export function useShippingGroupSandbox() {
	const v2 = useSandboxV2({ orders: 5, strict: true }, 'shippingGroup');
	return { v2 };
}
