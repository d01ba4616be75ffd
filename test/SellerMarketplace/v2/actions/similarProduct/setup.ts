/**
 * Similar Product (node version 2): Get Groups (product similarity groups and their price ladders) and Get Virtual
 * Buy Box, through n8n-core against the v2 sandbox.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { isLive } from '../../../../../sandbox/v2/views';
import { useSandboxV2 } from '../../setup';

export function useSimilarProductSandbox() {
	const v2 = useSandboxV2({ strict: true }, 'similarProduct');
	const db = () => v2.sandbox().control.db;
	function liveOffer(storefront: string) {
		const unit = db().units.find(
			(candidate) =>
				(candidate._storefront ?? 'de') === storefront && candidate.condition === 'new' && isLive(candidate),
		);
		if (!unit) throw new Error(`The seed has no live new offer on ${storefront}`);
		return { unit, item: db().items.find((candidate) => candidate.id_item === unit.id_item)! };
	}
	return { v2, db, liveOffer };
}
