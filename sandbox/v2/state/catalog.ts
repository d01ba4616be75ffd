/**
 * API v2 shapes of the shared catalogue (categories, attributes, products), read from the v1 store.
 *
 * Decisions: the root category, which v1 gives parent 0, is its own parent in v2 (`id_parent_category` must be
 * at least 1; the OpenAPI's example shows top categories with parent 1); fees and VAT, v1 text, become numbers;
 * attributes are the v1 attributes with `is_sharedset` true for the multiple-value ones the seed marks as such (none:
 * the sandbox has no shared sets) and empty explanations.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import type { Attribute, Category, Item, Unit } from '../../core/types';
import { ok, type V2Reply } from '../handler';
import { storefrontOf } from '../../model/storefronts';
import { iso, productView, v2Condition } from '../views';
import { isSharedSet } from '../../model/shared-sets';

type View = Record<string, unknown>;

export function categoryBasicView(category: Category): View {
	return {
		id_category: category.id_category,
		name: category.name,
		title_singular: category.title_singular,
		title_plural: category.title_plural,
		level: category.level,
		url: category.url,
		is_leaf: category._is_leaf,
	};
}

export function categoryView(category: Category): View {
	return {
		...categoryBasicView(category),
		id_parent_category: category.id_parent_category >= 1 ? category.id_parent_category : category.id_category,
		shipping_category: category.shipping_category,
		variable_fee: Number(category.variable_fee),
		fixed_fee: category.fixed_fee,
		vat: Number(category.vat),
	};
}

export function attributeView(attribute: Attribute): View {
	return {
		id: attribute.id_attribute,
		name: attribute.name,
		is_multiple: attribute.is_multiple_allowed,
		is_sharedset: isSharedSet(attribute),
		explanation: '',
		seller_instructions: '',
		title: attribute.title,
		type: attribute.type,
	};
}

export function categoryOf(core: SandboxCore, id: number): Category | undefined {
	return core.store.find('categories', id);
}

/** The seller's own units of a product on a storefront (the sandbox knows no other sellers). */
function productUnitView(core: SandboxCore, unit: Unit): View {
	return {
		id_unit: unit.id_unit,
		id_product: unit.id_item,
		condition: v2Condition(unit.condition),
		location: unit.location,
		warehouse: unit.warehouse,
		amount: unit.amount,
		price: unit.price,
		delivery_time_min: unit.delivery_time_min,
		delivery_time_max: unit.delivery_time_max,
		shipping_group: unit.shipping_group,
		note: unit.note,
		seller: { ...unit.seller },
		reference_price: unit.reference_price !== null && unit.reference_price >= 1 ? unit.reference_price : null,
		shipping_rate: unit.shipping_rate,
		date_inserted: iso(unit.date_inserted),
		date_lastchange: iso(unit.date_lastchange),
		fulfillment_type: 'fulfilled_by_merchant',
	};
}

/** `ProductWithEmbedded`; `embedded` may ask for `category` (wins over `category_basic`), `category_basic`, `units`. */
export function productWithEmbedded(core: SandboxCore, item: Item, storefront: string, embedded: Set<string>): View {
	const view = productView(core, item.id_item, storefront)!;
	const category = categoryOf(core, item.id_category);
	if (embedded.has('category') && category) view.category = categoryView(category);
	else if (embedded.has('category_basic') && category) view.category_basic = categoryBasicView(category);
	if (embedded.has('units')) {
		view.units = core.store.db.units
			.filter(
				(u) => u.id_item === item.id_item && storefrontOf(u) === storefront && v2Condition(u.condition) !== undefined,
			)
			.map((u) => productUnitView(core, u));
	}
	return view;
}

/** The record's view, or the 404 of operations whose not-found answer is the bare `NotFoundResponse` `{message}`. */
export function viewOrMissing<T>(record: T | undefined, what: string, view: (record: T) => unknown): V2Reply {
	return record === undefined ? { status: 404, body: { message: `${what} not found` } } : ok(view(record));
}
