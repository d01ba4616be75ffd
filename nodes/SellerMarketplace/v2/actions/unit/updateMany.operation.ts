import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { collectionField } from '../../../../shared/descriptions/fields';
import { bounded, compact, inputError } from '../../../../shared/helpers/validation';
import { requestSettings } from '../../../../api/core/settings';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { readList } from '../../../../api/core/paging';
import { apiRequestDataList, v2PageReader } from '../../../../api/v2';
import { parseProblem } from '../../../../api/v2/errors';
import { defineOperation, type BatchOutcome } from '../../../actions/define';
import { sendInChunks } from './batches';
import { getUnitId, UNIT_COLUMN_PARAMETERS, UNIT_FIELD_LABELS, unitIdField, writeEmbeddedField } from './fields';
import { currentListingPrice, unitChanges, updateFieldsProperty } from './update.operation';
import { pageSizeOf } from '../../helpers/pageSizes';

/** POST /units/bulk takes at most 150 units, each once. */
const MAX_UNITS = 150;

interface UpdatePart {
	key: string;
	storefront: string;
	embedded: string[];
	unitId: number;
	changes: IDataObject;
	/** Options → Only Changed Offers: not sent when the offer list already holds every value of `changes`. */
	onlyChanged: boolean;
	/** Options → Zero Stock First: sent ahead of the others when its stock goes to 0. */
	zeroFirst: boolean;
}

/**
 * The stock rules of production stock connectors, as Update Many's options. The three numbers turn the row's Stock
 * into the stock sent, in this order: keep the buffer back (never below 0), send 0 below the threshold, cap at the
 * maximum. The router checks each value (a whole number, at least 0) on every item before anything is sent.
 */
const STOCK_RULE_LABELS = {
	stockBuffer: 'Stock Buffer',
	zeroBelow: 'Send 0 Below',
	maxStock: 'Maximum Stock',
} as const;

const stockNumber = (name: keyof typeof STOCK_RULE_LABELS, fallback: number, description: string): INodeProperties =>
	bounded(
		{ displayName: STOCK_RULE_LABELS[name], name, type: 'number', default: fallback, description },
		{ minimum: 0, decimals: 0 },
	);

export const updateManyOptionsField = collectionField(
	'Options',
	'options',
	[
		stockNumber(
			'maxStock',
			100,
			'The most stock any offer shows: a row with more sends this many (applied after the buffer and "Send 0 Below")',
		),
		{
			displayName: 'Only Changed Offers',
			name: 'onlyChanged',
			type: 'boolean',
			default: true,
			description:
				"Whether to send only the units whose values differ from the storefront's offer list (read once per run, 100 offers a request). The others are not written; their item is the offer as listed.",
		},
		stockNumber(
			'zeroBelow',
			3,
			'When the stock left after the buffer is below this, 0 is sent, so that the last few pieces are not sold twice',
		),
		stockNumber(
			'stockBuffer',
			0,
			"Pieces kept back from the marketplace: the row's stock minus this is sent, never below 0",
		),
		{
			displayName: 'Zero Stock First',
			name: 'zeroFirst',
			type: 'boolean',
			default: true,
			description:
				'Whether the units whose stock goes to 0 are sent in the first requests, so that sold-out offers stop selling before the rest is written',
		},
	],
	'Add Option',
);

/** The stock to send for a row's Stock under the item's stock rules (see updateManyOptionsField). */
function stockUnderRules(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	stock: unknown,
): number | undefined {
	const given = (Object.keys(STOCK_RULE_LABELS) as Array<keyof typeof STOCK_RULE_LABELS>).filter(
		(name) => options[name] !== undefined && options[name] !== null && options[name] !== '',
	);
	if (given.length === 0) return undefined;
	if (typeof stock !== 'number') {
		throw inputError(
			context,
			itemIndex,
			`"${STOCK_RULE_LABELS[given[0]]}" changes the stock sent, but the item sets no "Stock" (amount): add it, or remove the option`,
		);
	}
	const rule = (name: keyof typeof STOCK_RULE_LABELS) => (given.includes(name) ? Number(options[name]) : undefined);
	let sent = Math.max(0, stock - (rule('stockBuffer') ?? 0));
	const zeroBelow = rule('zeroBelow');
	if (zeroBelow !== undefined && sent < zeroBelow) sent = 0;
	const maxStock = rule('maxStock');
	if (maxStock !== undefined) sent = Math.min(sent, maxStock);
	return sent;
}

/**
 * Where each row's unit and changes come from. Map Automatically reads them from the item's columns, named as the
 * API (and the offer list) names them, without an expression per field: at 50,000 rows, n8n evaluating two
 * expressions a row is most of the run's CPU.
 */
const mappingModeField: INodeProperties = {
	displayName: 'Mapping Column Mode',
	name: 'mappingMode',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Map Each Column Manually',
			value: 'defineBelow',
			description: 'Set the unit and the fields to change below, e.g. with expressions',
		},
		{
			name: 'Map Automatically',
			value: 'autoMapInputData',
			description: `Each item's column id_unit names the unit; its columns ${Object.keys(UNIT_COLUMN_PARAMETERS).join(', ')} are the changes (empty cells and other columns are left out)`,
		},
	],
	default: 'defineBelow',
};

const shownWhenManual = { show: { mappingMode: ['defineBelow'] } };

/** Map Automatically: the item's unit and changes as the parameters Map Each Column Manually would give. */
function unitColumns(context: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	if (context.getNodeParameter('mappingMode', itemIndex, 'defineBelow') !== 'autoMapInputData') return undefined;
	const row = context.getInputData()[itemIndex]?.json ?? {};
	const given = (value: unknown) => value !== undefined && value !== null && value !== '';
	if (!given(row.id_unit)) {
		throw inputError(
			context,
			itemIndex,
			'The item has no column "id_unit": with "Map Automatically" each item names its unit there',
		);
	}
	const updateFields: IDataObject = {};
	for (const [column, parameter] of Object.entries(UNIT_COLUMN_PARAMETERS)) {
		if (given(row[column])) updateFields[parameter] = row[column];
	}
	if (Object.keys(updateFields).length === 0) {
		throw inputError(
			context,
			itemIndex,
			`The item has none of the columns "Map Automatically" changes: ${Object.keys(UNIT_COLUMN_PARAMETERS).join(', ')}`,
		);
	}
	return { unitId: row.id_unit, updateFields };
}

/** Whether the offer as listed already holds every value the change sets (a removed value: none listed). */
function alreadyListed(listed: IDataObject, changes: IDataObject): boolean {
	return Object.entries(changes).every(([field, value]) => (listed[field] ?? null) === (value ?? null));
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

/** The offers GET /units lists a page. */
const LIST_PAGE = pageSizeOf('/units');
/** Up to this many units of a storefront without a price are read one by one; beyond it its offer list may be cheaper. */
const READ_ONE_BY_ONE = 3;

/**
 * The `wanted` units of a storefront as its offer list (GET /units) holds them. With `whole`, the list is read to the
 * end (Only Changed Offers compares every unit); otherwise only when it costs fewer requests than reading each unit:
 * its first page tells the total, and the rest is read only if its pages are fewer than the units still missing.
 * A 50,000-offer stock sync then costs 500 reads instead of 50,000. Units the list does not hold are left out.
 */
async function offerRecords(
	context: IExecuteFunctions,
	storefront: string,
	wanted: Set<number>,
	whole: boolean,
): Promise<Map<number, IDataObject>> {
	const found = new Map<number, IDataObject>();
	const take = (records: IDataObject[]) => {
		for (const record of records) {
			const id = Number(record.id_unit);
			if (wanted.has(id)) found.set(id, record);
		}
	};
	const read = v2PageReader(context, { path: '/units', query: { storefront }, pageSize: LIST_PAGE });
	const first = await read(0, LIST_PAGE, () => undefined);
	take(first.records);
	const pagesLeft = first.total === undefined ? Infinity : Math.ceil(first.total / LIST_PAGE) - 1;
	if (pagesLeft > 0 && (whole || pagesLeft < wanted.size - found.size)) {
		const list = await readList(context, read, {
			pageSize: LIST_PAGE,
			first,
			concurrency: requestSettings(context).concurrency,
			keyOf: (record) => (record.id_unit === undefined ? undefined : String(record.id_unit)),
			what: 'GET /units',
		});
		take(list.records);
	}
	return found;
}

/** A listing price the API takes back (above 0, whole cents), or undefined. */
function usablePrice(record: IDataObject | undefined): number | undefined {
	const price = record?.listing_price;
	return typeof price === 'number' && Number.isSafeInteger(price) && price >= 1 ? price : undefined;
}

type Parts = Array<{ itemIndex: number; part: UpdatePart }>;

/**
 * Reads each storefront's offer list where it is needed: whole where a part asks for Only Changed Offers, else
 * where enough parts lack a price (see offerRecords). Parts whose values the list already holds are answered
 * with the offer as listed and not sent; the others without a price take the listed one.
 */
async function compareWithOfferLists(
	context: IExecuteFunctions,
	parts: Parts,
): Promise<{ toSend: Parts; unchanged: BatchOutcome[] }> {
	const byStorefront = new Map<string, { wanted: Set<number>; whole: boolean; priceless: number }>();
	for (const { part } of parts) {
		const entry = byStorefront.get(part.storefront) ?? { wanted: new Set<number>(), whole: false, priceless: 0 };
		const priceless = part.changes.listing_price === undefined;
		if (part.onlyChanged || priceless) entry.wanted.add(part.unitId);
		if (part.onlyChanged) entry.whole = true;
		if (priceless) entry.priceless++;
		byStorefront.set(part.storefront, entry);
	}
	const listed = new Map<string, Map<number, IDataObject>>();
	for (const [storefront, { wanted, whole, priceless }] of byStorefront) {
		if (whole || priceless > READ_ONE_BY_ONE)
			listed.set(storefront, await offerRecords(context, storefront, wanted, whole));
	}
	const toSend: Parts = [];
	const unchanged: BatchOutcome[] = [];
	for (const entry of parts) {
		const { part } = entry;
		const record = listed.get(part.storefront)?.get(part.unitId);
		if (record && part.onlyChanged && alreadyListed(record, part.changes)) {
			unchanged.push({ itemIndex: entry.itemIndex, json: record });
			continue;
		}
		const price = part.changes.listing_price === undefined ? usablePrice(record) : undefined;
		if (price !== undefined) part.changes = { ...part.changes, listing_price: price };
		toSend.push(entry);
	}
	return { toSend, unchanged };
}

/**
 * Gives each part still without a listing price the unit's current one, read unit by unit with Page Concurrency
 * reads at a time (currentListingPrice). A unit that cannot be read fails its item, which is then not sent;
 * unless the node continues on failure, the reads stop there.
 */
async function addCurrentListingPrices(
	context: IExecuteFunctions,
	parts: Parts,
): Promise<{ ready: Parts; failed: BatchOutcome[] }> {
	const missing = parts.filter(({ part }) => part.changes.listing_price === undefined);
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

/** Zero Stock First: the parts whose stock goes to 0 ahead of the others, each group in input order. */
function zeroStockFirst(parts: Parts): Parts {
	const first = (entry: Parts[number]) => entry.part.zeroFirst && entry.part.changes.amount === 0;
	return [...parts.filter(first), ...parts.filter((entry) => !first(entry))];
}

/**
 * POST /units/bulk?storefront=: changes many units, one per input item, 150 a request; outputs each changed unit.
 * Units whose changes set no listing price get their current one first (the API needs one on every write): from
 * the storefront's offer list, or read one by one when they are few. Options: stock rules on each row's Stock,
 * Only Changed Offers (against the offer list, read whole) and Zero Stock First.
 */
export const updateMany = defineOperation({
	value: 'updateMany',
	name: 'Update Many',
	action: 'Update many units',
	attempt: 'update unit {id}',
	summary: 'Change many offers at once, one per input item (150 a request), e.g. prices and stock from a CSV',
	endpoint: 'POST /units/bulk',
	reads: ['GET /units/{id_unit}', 'GET /units'],
	properties: [
		mappingModeField,
		{ ...unitIdField, displayOptions: shownWhenManual },
		storefrontField,
		{ ...updateFieldsProperty, displayOptions: shownWhenManual },
		updateManyOptionsField,
		writeEmbeddedField,
	],
	batch: {
		columns(itemIndex) {
			return unitColumns(this, itemIndex);
		},
		async prepare(itemIndex): Promise<UpdatePart> {
			const storefront = await requiredStorefront(this, itemIndex);
			const embedded = [...((this.getNodeParameter('embedded', itemIndex, []) as string[]) ?? [])].sort();
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const changes = unitChanges(this, itemIndex, storefront);
			const stock = stockUnderRules(this, itemIndex, options, changes.amount);
			return {
				key: `${storefront}|${embedded.join(',')}`,
				storefront,
				embedded,
				unitId: getUnitId(this, itemIndex),
				changes: stock === undefined ? changes : { ...changes, amount: stock },
				onlyChanged: options.onlyChanged === true,
				zeroFirst: options.zeroFirst === true,
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
			const { toSend, unchanged } = await compareWithOfferLists(this, unique);
			const { ready, failed } = await addCurrentListingPrices(this, toSend);
			if (failed.length && !this.continueOnFail()) {
				const notSent = ready.map(({ itemIndex }) => ({
					itemIndex,
					error: new NodeOperationError(
						this.getNode(),
						'Not sent, because the price of another unit of this run could not be read',
						{ itemIndex },
					),
				}));
				return [...duplicates, ...unchanged, ...failed, ...notSent];
			}
			const outcomes = await sendInChunks(this, zeroStockFirst(ready), MAX_UNITS, async (chunk) => {
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
			return [...duplicates, ...unchanged, ...failed, ...outcomes];
		},
	},
});
