/**
 * Categories (the catalogue's tree, the same on every storefront in the sandbox; `locale` is accepted and the
 * sandbox answers in its one language): list with `q` (words in the name or titles) and `id_parent`, one with
 * `embedded` parent / children / attributes, the whole tree, and a category suggestion for a product text.
 *
 * Decide: leaf categories scored by how many words of the title, description and manufacturer appear in their
 * titles, best first; none matching is an empty list. Every category needs the v1 mandatory attributes, so
 * `conditional_attributes` is empty.
 */
import type { SandboxCore } from '../../core/sandbox-core';
import type { Category } from '../../core/types';
import { page, where } from '../collection';
import { embedded, found, ok, param, text, V2Context, V2Operations } from '../handler';
import { invalidField } from '../problems';
import { attributeView, categoryOf, categoryView, viewOrMissing } from '../state/catalog';

const words = (value: string) =>
	value
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter((w) => w.length > 1);

function childrenOf(core: SandboxCore, category: Category): Category[] {
	return core.store.db.categories.filter(
		(c) => c.id_parent_category === category.id_category && c.id_category !== category.id_category,
	);
}

function treeView(core: SandboxCore, category: Category): Record<string, unknown> {
	const { is_leaf: _leaf, ...view } = categoryView(category);
	return {
		...view,
		children: childrenOf(core, category).map((c) => treeView(core, c)),
	};
}

function attributesView(core: SandboxCore, ids: number[]) {
	return ids
		.map((id) => core.store.find('attributes', id))
		.filter((a) => a !== undefined)
		.map(attributeView);
}

function decide(ctx: V2Context) {
	const { item } = ctx.body as {
		item: { title: string; description: string; manufacturer: string };
	};
	if (item.title.trim() === '') throw invalidField('item.title', 'must not be empty');
	const wanted = new Set(words(`${item.title} ${item.description} ${item.manufacturer}`));
	const scored = ctx.core.store.db.categories
		.filter((c) => c._is_leaf)
		.map((category) => ({
			category,
			score: words(`${category.title_singular} ${category.title_plural} ${category.name}`).filter((w) => wanted.has(w))
				.length,
		}))
		.filter(({ score }) => score > 0)
		.sort((a, b) => b.score - a.score || a.category.id_category - b.category.id_category)
		.map(({ category }) => category);
	return page(ctx, scored, categoryView);
}

export const operations: V2Operations = {
	GetCategoriesList: (ctx) => {
		const q = text(ctx, 'q');
		const parent = ctx.query.id_parent as number | undefined;
		const rows = where(
			ctx.core.store.db.categories,
			q === undefined
				? undefined
				: (c) => words(q).every((w) => `${c.name} ${c.title_singular} ${c.title_plural}`.toLowerCase().includes(w)),
			parent === undefined ? undefined : (c) => c.id_parent_category === parent && c.id_category !== parent,
		);
		return page(ctx, rows, categoryView);
	},
	GetCategory: (ctx) => {
		const id = param(ctx, 'id_category');
		return viewOrMissing(categoryOf(ctx.core, Number(id)), `Category ${id}`, (category) =>
			categoryWithEmbedded(ctx, category),
		);
	},
	GetCategoryTree: (ctx) => ok(treeView(ctx.core, found(categoryOf(ctx.core, 1), 'Root category'))),
	DecideCategory: decide,
};

function categoryWithEmbedded(ctx: V2Context, category: Category) {
	const include = embedded(ctx);
	const view: Record<string, unknown> = categoryView(category);
	const parent = categoryOf(ctx.core, category.id_parent_category);
	if (include.has('parent') && parent) view.parent = categoryView(parent);
	if (include.has('children')) view.children = childrenOf(ctx.core, category).map(categoryView);
	if (include.has('required_attributes'))
		view.required_attributes = attributesView(ctx.core, category._mandatory_attributes);
	if (include.has('optional_attributes'))
		view.optional_attributes = attributesView(ctx.core, category._optional_attributes);
	if (include.has('conditional_attributes')) view.conditional_attributes = [];
	return view;
}
