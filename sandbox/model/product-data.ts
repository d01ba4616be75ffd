/**
 * Product data per EAN and its status. An upload is PENDING, turns IN_PROGRESS after
 * `processingSeconds` of sandbox time and finishes (SUCCESS or FAIL) after as long again.
 */
import type { SandboxCore } from '../core/sandbox-core';
import { MANDATORY_ATTRIBUTES } from '../core/enums';
import { badRequest } from '../core/errors';
import type { AttributeValueState, Category, ProductData } from '../core/types';

export type Upload = { data: Record<string, unknown[]>; additional: Array<{ attribute: string; value: unknown[] }> };

/** Takes note of a form the spec does not write (v1's `useAlias`: logged, or refused by a strict sandbox). */
export type AliasNote = (alias: string, refusal: string) => void;

/**
 * Checks an upload object: attribute name → array of values, plus `additional_attributes`. `alias` is given when
 * the upload came in an API v1 request (import-file rows and API v2 take the spec's form only).
 */
export function readUpload(body: unknown, alias?: AliasNote): Upload {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body must be a JSON object');
	const data: Record<string, unknown[]> = {};
	let additional: Upload['additional'] = [];
	for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
		if (name === 'additional_attributes') {
			additional = readAdditional(value, alias);
			continue;
		}
		if (!Array.isArray(value)) throw badRequest(`attribute '${name}' must be an array of values`);
		data[name] = value;
	}
	return { data, additional };
}

/**
 * The spec's shape is `{name: [values]}` ("by name, each with an array of values"); the SDK's list
 * `[{attribute, value: [values]}]` is an alias.
 */
function readAdditional(value: unknown, alias: AliasNote | undefined): Upload['additional'] {
	if (Array.isArray(value)) {
		alias?.(
			'additional_attributes as a list of {attribute, value}',
			'additional_attributes must be an object of attribute name → array of values',
		);
		return value.map((entry, i) => {
			const { attribute, value: values } = (entry ?? {}) as { attribute?: unknown; value?: unknown };
			if (typeof attribute !== 'string' || !Array.isArray(values)) {
				throw badRequest(`additional_attributes[${i}] must be {attribute: string, value: array}`);
			}
			return { attribute, value: values };
		});
	}
	if (typeof value === 'object' && value !== null) {
		return Object.entries(value).map(([attribute, values]) => {
			if (!Array.isArray(values)) throw badRequest(`additional_attributes.${attribute} must be an array of values`);
			return { attribute, value: values };
		});
	}
	throw badRequest('additional_attributes must be an object or an array');
}

/** Stores an upload (replacing or merging) and starts the checks. */
export function uploadProductData(
	core: SandboxCore,
	ean: string,
	upload: Upload,
	mode: 'replace' | 'merge',
): ProductData {
	let record = core.store.find('productData', ean);
	if (!record) {
		record = core.store.insert('productData', {
			ean,
			data: {},
			additional_attributes: [],
			status: emptyStatus(ean),
			_revision: 0,
		});
	}
	if (mode === 'replace') {
		record.data = upload.data;
		record.additional_attributes = upload.additional;
	} else {
		Object.assign(record.data, upload.data);
		const names = new Set(upload.additional.map((a) => a.attribute));
		record.additional_attributes = [
			...record.additional_attributes.filter((a) => !names.has(a.attribute)),
			...upload.additional,
		];
	}
	record.status = { ...emptyStatus(ean), id_item: record.status.id_item };
	const revision = ++record._revision;
	const step = core.options.processingSeconds * 1000;
	// a newer upload supersedes the checks of an older one
	const current = () => core.store.find('productData', ean) === record && record!._revision === revision;
	core.scheduler.after(step, `product data ${ean} checks`, () => {
		if (current()) record!.status.update_status = 'IN_PROGRESS';
	});
	core.scheduler.after(2 * step, `product data ${ean} result`, () => {
		if (current()) finishChecks(core, record!);
	});
	return record;
}

function emptyStatus(ean: string): ProductData['status'] {
	return {
		ean,
		item_ready: false,
		item_not_ready_reason: 'NOT_YET_PROCESSED',
		id_item: null,
		item_quality: 0,
		missing_attributes: [],
		min_one_missing_attributes: [],
		update_status: 'PENDING',
		update_fail_reason: null,
		attribute_values: [],
	};
}

const firstText = (values: unknown[] | undefined) =>
	values?.map((v) => String(v ?? '').trim()).find((v) => v !== '') ?? undefined;

/** Leaf category named by id, name or title (case-insensitive). */
function findLeafCategory(core: SandboxCore, text: string): Category | undefined {
	const wanted = text.toLowerCase();
	return core.store.db.categories.find(
		(c) =>
			c._is_leaf &&
			(String(c.id_category) === text ||
				c.name === wanted ||
				c.title_singular.toLowerCase() === wanted ||
				c.title_plural.toLowerCase() === wanted),
	);
}

/** SUCCESS when every mandatory attribute has a value and the category is a known leaf; else FAIL. */
function finishChecks(core: SandboxCore, record: ProductData): void {
	const status = record.status;
	// the EAN in the path stands for the `ean` attribute when the body leaves it out
	const values = (name: string) => (name === 'ean' ? (record.data.ean ?? [record.ean]) : record.data[name]);
	const missing = MANDATORY_ATTRIBUTES.filter((name) => firstText(values(name)) === undefined);
	const categoryText = firstText(record.data.category);
	const category = categoryText === undefined ? undefined : findLeafCategory(core, categoryText);
	const known = new Set(core.store.db.attributes.map((a) => a.name));
	status.attribute_values = [
		...Object.entries(record.data).map(
			([attribute, list]): AttributeValueState => ({
				attribute,
				original_value: list.map(String).join('|'),
				state: attribute === 'category' && !category ? 'DECLINED' : known.has(attribute) ? 'ACCEPTED' : 'IGNORED',
				message: attribute === 'category' && !category ? `'${categoryText}' is not a leaf category` : '',
			}),
		),
		...record.additional_attributes.map((a) => ({
			attribute: a.attribute,
			original_value: a.value.map(String).join('|'),
			state: 'ACCEPTED',
			message: '',
		})),
		...missing.map((attribute) => ({
			attribute,
			original_value: '',
			state: 'MISSING',
			message: 'mandatory attribute missing',
		})),
	];
	status.missing_attributes = [...missing];
	if (missing.length > 0 || !category) {
		status.update_status = 'FAIL';
		status.update_fail_reason = !category ? 'NO_CATEGORY' : 'NOT_ENOUGH_DATA';
		status.item_ready = false;
		status.item_not_ready_reason = 'MISSING_ATTRIBUTES';
		return;
	}
	let item = core.store.db.items.find((i) => i.eans.includes(record.ean));
	if (!item) {
		const id = core.store.nextId('items');
		item = core.store.insert('items', {
			id_item: id,
			title: '',
			eans: [record.ean],
			id_category: category.id_category,
			main_picture: String(firstText(record.data.picture) ?? ''),
			manufacturer: '',
			url: `https://marketplace.example.test/product/${id}/`,
			real_mgb_article_number: null,
			age_rating: 0,
			is_valid: true,
			dangerous_goods_li_shipping: null,
			danger_label_9A: null,
		});
	}
	item.title = firstText(record.data.title)!;
	item.manufacturer = firstText(record.data.manufacturer)!;
	item.id_category = category.id_category;
	status.update_status = 'SUCCESS';
	status.update_fail_reason = null;
	status.item_ready = true;
	status.item_not_ready_reason = null;
	status.id_item = item.id_item;
	status.item_quality = Math.min(1, Object.keys(record.data).length / core.store.db.attributes.length);
	core.notifier.emit('item_changed', `/items/${item.id_item}/`);
}
