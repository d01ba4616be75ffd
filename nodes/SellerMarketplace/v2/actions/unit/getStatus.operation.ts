import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import type { Storefront } from '../../../../api/v2/enums';
import { apiRequestDataList } from '../../../../api/v2';
import { defineOperation, type BatchOutcome } from '../../../actions/define';
import { sendInChunks } from './batches';
import { getUnitId, unitIdField } from './fields';

/** POST /units/status takes at most 20 unit IDs (duplicates count, and are answered once). */
const MAX_IDS = 20;

interface StatusPart {
	key: Storefront;
	unitId: number;
}

/** POST /units/status?storefront=: whether units are live, and why not. Several input items share one request. */
export const getStatus = defineOperation({
	value: 'getStatus',
	name: 'Get Status',
	action: 'Get the live status of units',
	attempt: 'get the live status of unit {id}',
	summary: 'See whether offers are live in the storefront, and if not, why (20 units a request)',
	endpoint: 'POST /units/status',
	changesNothing: true,
	properties: [unitIdField, storefrontField],
	batch: {
		async prepare(itemIndex): Promise<StatusPart> {
			return { key: await requiredStorefront(this, itemIndex), unitId: getUnitId(this, itemIndex) };
		},
		async send(parts) {
			return await sendInChunks(this, parts, MAX_IDS, async (chunk) => {
				const storefront = chunk[0].part.key;
				const unitIds = [...new Set(chunk.map(({ part }) => part.unitId))];
				const entries = await apiRequestDataList.call(this, {
					method: 'POST',
					path: '/units/status',
					query: { storefront },
					body: { unit_ids: unitIds },
					// A read: safe to send again after a lost answer (the API says so for 500 and 503).
					idempotent: true,
					itemIndex: chunk[0].itemIndex,
				});
				const byId = new Map(entries.map((entry) => [Number(entry.id_unit), entry]));
				return chunk.map(({ itemIndex, part }): BatchOutcome => {
					const entry = byId.get(part.unitId);
					if (!entry) {
						return {
							itemIndex,
							error: new NodeOperationError(this.getNode(), `The marketplace did not report on unit ${part.unitId}`, {
								itemIndex,
							}),
						};
					}
					if (Number(entry.status_code) !== 200) {
						return {
							itemIndex,
							error: new NodeApiError(this.getNode(), entry as never, {
								message: `No unit with ID "${part.unitId}" was found in storefront ${storefront}`,
								description: entry.message ? `The API said: ${String(entry.message)}` : undefined,
								httpCode: String(entry.status_code),
								itemIndex,
							}),
						};
					}
					return { itemIndex, json: { ...entry, storefront } };
				});
			});
		},
	},
});
