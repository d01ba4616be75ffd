import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { compact, inputError } from '../../../../shared/helpers/validation';
import { requestSettings } from '../../../../api/core/settings';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { readList } from '../../../../api/core/paging';
import { apiRequestDataList, v2PageReader } from '../../../../api/v2';
import { parseProblem } from '../../../../api/v2/errors';
import { defineOperation, type BatchOutcome } from '../../../actions/define';
import { sendInChunks } from './batches';
import { getUnitId, UNIT_FIELD_LABELS, unitIdField, writeEmbeddedField } from './fields';
import { currentListingPrice, unitChanges, updateFieldsProperty } from './update.operation';

/** POST /units/bulk takes at most 150 units, each once. */
const MAX_UNITS = 150;

interface UpdatePart {
	key: string;
	storefront: string;
	embedded: string[];
	unitId: number;
	changes: IDataObject;
}

/** Why one unit of a bulk update was refused, naming the fields by their form labels. */
function unitFailure(node: INode, entry: IDataObject, unitId: number, itemIndex: number): NodeApiError {
	const problem = parseProblem(entry);
	const fields = problem.errors.map(
		(error) => `"${UNIT_FIELD_LABELS[error.field] ?? error.field}" (${error.field}): ${error.message}`,
	);
	return new NodeApiError(node, entry as never, {
		message: fields.length
			? `Unit ${unitId} was not updated: the marketplace refused ${fields[0]}`
			: `Unit ${unitId} was not updated: ${problem.message ?? `status ${String(entry.status_code)}`}`,
		description: [
			problem.message ? `The API said: ${problem.message}` : undefined,
			fields.length > 1 ? `Refused fields: ${fields.join('; ')}` : undefined,
		]
			.filter(Boolean)
			.join('\n'),
		httpCode: String(entry.status_code ?? ''),
		itemIndex,
	});
}

/** GET /units lists 100 offers a page. */
const LIST_PAGE = 100;
/** Up to this many units of a storefront without a price are read one by one; beyond it its offer list may be cheaper. */
const READ_ONE_BY_ONE = 3;

/**
 * The current listing prices of `wanted` units of a storefront from its offer list (GET /units), when reading the
 * list costs fewer requests than reading each unit: its first page tells the total, and the rest is read only if
 * its pages are fewer than the units still missing. A 50,000-offer stock sync then costs 500 reads instead of
 * 50,000. Units the list does not hold are left out (they are read one by one).
 */
async function pricesFromOfferList(
	context: IExecuteFunctions,
	storefront: string,
	wanted: Set<number>,
): Promise<Map<number, number>> {
	const prices = new Map<number, number>();
	const take = (records: IDataObject[]) => {
		for (const record of records) {
			const id = Number(record.id_unit);
			const price = record.listing_price;
			if (wanted.has(id) && typeof price === 'number' && Number.isSafeInteger(price) && price >= 1)
				prices.set(id, price);
		}
	};
	const read = v2PageReader(context, { path: '/units', query: { storefront }, pageSize: LIST_PAGE });
	const first = await read(0, LIST_PAGE, () => undefined);
	take(first.records);
	const pagesLeft = first.total === undefined ? Infinity : Math.ceil(first.total / LIST_PAGE) - 1;
	if (pagesLeft > 0 && pagesLeft < wanted.size - prices.size) {
		const list = await readList(context, read, {
			pageSize: LIST_PAGE,
			first,
			concurrency: requestSettings(context).concurrency,
			keyOf: (record) => (record.id_unit === undefined ? undefined : String(record.id_unit)),
			what: 'GET /units',
		});
		take(list.records);
	}
	return prices;
}

/**
 * Gives each part without a listing price the unit's current one: from the storefront's offer list when that is
 * cheaper (pricesFromOfferList), else read unit by unit with Page Concurrency reads at a time (currentListingPrice).
 * A unit that cannot be read fails its item, which is then not sent; unless the node continues on failure, the
 * reads stop there.
 */
async function addCurrentListingPrices(
	context: IExecuteFunctions,
	parts: Array<{ itemIndex: number; part: UpdatePart }>,
): Promise<{ ready: Array<{ itemIndex: number; part: UpdatePart }>; failed: BatchOutcome[] }> {
	let missing = parts.filter(({ part }) => part.changes.listing_price === undefined);
	const storefronts = new Map<string, Set<number>>();
	for (const { part } of missing) {
		const units = storefronts.get(part.storefront) ?? new Set<number>();
		units.add(part.unitId);
		storefronts.set(part.storefront, units);
	}
	for (const [storefront, units] of storefronts) {
		if (units.size <= READ_ONE_BY_ONE) continue;
		const prices = await pricesFromOfferList(context, storefront, units);
		for (const { part } of missing) {
			const price = part.storefront === storefront ? prices.get(part.unitId) : undefined;
			if (price !== undefined) part.changes = { ...part.changes, listing_price: price };
		}
	}
	missing = missing.filter(({ part }) => part.changes.listing_price === undefined);
	const failures = new Map<number, Error>();
	let next = 0;
	const worker = async () => {
		while (next < missing.length && (failures.size === 0 || context.continueOnFail())) {
			const { itemIndex, part } = missing[next++];
			try {
				part.changes = {
					...part.changes,
					listing_price: await currentListingPrice(context, part.unitId, part.storefront, itemIndex),
				};
			} catch (error) {
				failures.set(itemIndex, error as Error);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(requestSettings(context).concurrency, missing.length) }, worker));
	return {
		ready: parts.filter(({ itemIndex }) => !failures.has(itemIndex)),
		failed: [...failures].map(([itemIndex, error]) => ({ itemIndex, error })),
	};
}

/**
 * POST /units/bulk?storefront=: changes many units, one per input item, 150 a request; outputs each changed unit.
 * Units whose changes set no listing price get their current one first (the API needs one on every write): from
 * the storefront's offer list, or read one by one when they are few.
 */
export const updateMany = defineOperation({
	value: 'updateMany',
	name: 'Update Many',
	action: 'Update many units',
	attempt: 'update unit {id}',
	summary: 'Change many offers at once, one per input item (150 a request), e.g. prices and stock from a CSV',
	endpoint: 'POST /units/bulk',
	reads: ['GET /units/{id_unit}', 'GET /units'],
	properties: [unitIdField, storefrontField, updateFieldsProperty, writeEmbeddedField],
	batch: {
		async prepare(itemIndex): Promise<UpdatePart> {
			const storefront = await requiredStorefront(this, itemIndex);
			const embedded = [...((this.getNodeParameter('embedded', itemIndex, []) as string[]) ?? [])].sort();
			return {
				key: `${storefront}|${embedded.join(',')}`,
				storefront,
				embedded,
				unitId: getUnitId(this, itemIndex),
				changes: unitChanges(this, itemIndex, storefront),
			};
		},
		async send(parts) {
			// The API refuses a whole request that names a unit twice; two items for one unit would also race.
			const firstItemOf = new Map<string, number>();
			const duplicates: Array<{ itemIndex: number; error: NodeOperationError }> = [];
			const unique = parts.filter(({ itemIndex, part }) => {
				const unit = `${part.storefront}|${part.unitId}`;
				const first = firstItemOf.get(unit);
				if (first === undefined) {
					firstItemOf.set(unit, itemIndex);
					return true;
				}
				const error = inputError(
					this,
					itemIndex,
					`"Unit" ${part.unitId} is also in item ${first}: update each unit once per run`,
				);
				duplicates.push({ itemIndex, error });
				return false;
			});
			if (duplicates.length && !this.continueOnFail()) {
				// Nothing is sent; the error names every repeated row, not only the first.
				const [{ error }, ...others] = duplicates;
				if (others.length) {
					const note = `Nothing was sent. Also repeated: ${others.map((other) => `item ${other.itemIndex}`).join(', ')}.`;
					error.description = error.description ? `${error.description}\n${note}` : note;
				}
				throw error;
			}
			const { ready, failed } = await addCurrentListingPrices(this, unique);
			if (failed.length && !this.continueOnFail()) {
				const notSent = ready.map(({ itemIndex }) => ({
					itemIndex,
					error: new NodeOperationError(
						this.getNode(),
						'Not sent, because the price of another unit of this run could not be read',
						{ itemIndex },
					),
				}));
				return [...duplicates, ...failed, ...notSent];
			}
			const outcomes = await sendInChunks(this, ready, MAX_UNITS, async (chunk) => {
				const { storefront, embedded } = chunk[0].part;
				const results = await apiRequestDataList.call(this, {
					method: 'POST',
					path: '/units/bulk',
					query: compact({ storefront, embedded }),
					body: chunk.map(({ part }) => ({ id_unit: part.unitId, unit_data: part.changes })),
					itemIndex: chunk[0].itemIndex,
					fieldLabels: UNIT_FIELD_LABELS,
					// Setting the same values twice leaves the units as once: safe to send again after a lost answer.
					idempotent: true,
				});
				const byId = new Map(results.map((entry) => [Number(entry.id_unit), entry]));
				return chunk.map(({ itemIndex, part }): BatchOutcome => {
					const entry = byId.get(part.unitId);
					if (!entry) {
						const message = `The marketplace did not report on unit ${part.unitId}: it may or may not have been updated`;
						return { itemIndex, error: new NodeOperationError(this.getNode(), message, { itemIndex }) };
					}
					const status = Number(entry.status_code);
					if (status >= 200 && status < 300 && entry.unit && typeof entry.unit === 'object') {
						return { itemIndex, json: entry.unit as IDataObject };
					}
					return { itemIndex, error: unitFailure(this.getNode(), entry, part.unitId, itemIndex) };
				});
			});
			return [...duplicates, ...failed, ...outcomes];
		},
	},
});
