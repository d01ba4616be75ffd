/** Items, categories (with attributes), category decision. */
import type { SandboxCore } from '../../core/sandbox-core';
import { collectionReply, filters, listReply, readEmbedded } from '../pagination';
import { intParam, noQuery, ok, route, Route, RouteContext, useAlias } from '../router';
import { publicRecord, publicView } from '../../core/store';
import type { Category, Item } from '../../core/types';
import { arrayOf, integer, object, optional, parseBody, string } from '../../core/validate';
import { unitView } from './units';

function categoryView(core: SandboxCore, category: Category, embedded: Set<string> = new Set()) {
	const view = publicRecord(category);
	const attributes = (ids: number[]) => ids.map((id) => publicView(core.store.find('attributes', id)));
	if (embedded.has('parent')) {
		const parent = core.store.find('categories', category.id_parent_category);
		view.parent = parent ? publicView(parent) : null;
	}
	if (embedded.has('children')) {
		view.children = core.store.db.categories
			.filter((c) => c.id_parent_category === category.id_category)
			.map(publicView);
	}
	if (embedded.has('mandatory_attributes')) view.mandatory_attributes = attributes(category._mandatory_attributes);
	if (embedded.has('optional_attributes')) view.optional_attributes = attributes(category._optional_attributes);
	return view;
}

function itemView(core: SandboxCore, item: Item, embedded: Set<string>) {
	const view = publicRecord(item);
	if (embedded.has('category')) view.category = publicView(core.store.find('categories', item.id_category));
	if (embedded.has('units')) {
		// public item pages show offers with `price`, not the seller-only listing fields
		view.units = core.store.db.units
			.filter((u) => u.id_item === item.id_item && u._visible_from <= core.now())
			.map((u) => {
				const { listing_price: _l, minimum_price: _m, id_offer: _o, ...rest } = unitView(core, u, new Set());
				return rest;
			});
	}
	return view;
}

const ITEM_EMBEDS = ['category', 'units'];

/**
 * Category suggestions: leaf categories scored by words shared with the item; ties by id. The spec's body
 * has all three item strings; pictures, id_category and keywords are the SDK's optional additions.
 */
function decide(ctx: RouteContext) {
	const body = parseBody(ctx.body(), {
		item: object({
			title: string,
			description: optional(string),
			manufacturer: optional(string),
			pictures: optional(arrayOf(string)),
		}),
		price: integer(0),
		id_category: optional(integer(1)),
		keywords: optional(arrayOf(string)),
	});
	const missing = (['description', 'manufacturer'] as const).filter((field) => body.item[field] === undefined);
	if (missing.length > 0) {
		useAlias(
			ctx,
			`category decision item without ${missing.join(', ')}`,
			`body.item needs title, description and manufacturer (all strings); ${missing.join(', ')} missing`,
		);
	}
	const words = new Set(
		[body.item.title, body.item.description ?? '', body.item.manufacturer ?? '', ...(body.keywords ?? [])]
			.join(' ')
			.toLowerCase()
			.split(/[^a-z0-9äöüß]+/)
			.filter((w) => w.length > 2),
	);
	const leaves = ctx.core.store.db.categories.filter((c) => c._is_leaf);
	// longer shared words weigh more, so 'kaffeemaschine' beats the shorter 'kaffee'
	const score = (c: Category) => {
		const text = `${c.name} ${c.title_singular} ${c.title_plural}`.toLowerCase();
		const title = c.title_singular.toLowerCase();
		let points = 0;
		for (const word of words) {
			if (text.includes(word)) points += word.length;
			else if (word.includes(title)) points += title.length;
		}
		if (body.id_category === c.id_category) points += 100;
		return points;
	};
	const ranked = leaves
		.map((category) => ({ category, points: score(category) }))
		.sort((a, b) => b.points - a.points || a.category.id_category - b.category.id_category)
		.slice(0, 5)
		.map(({ category }) => categoryView(ctx.core, category));
	return collectionReply(ranked, 0, ranked.length);
}

export const catalogRoutes: Route[] = [
	route('GET', '/items/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.items,
			{
				filters: {
					q: filters.search((i: Item) => `${i.title} ${i.manufacturer}`),
					ean: filters.oneOf((i: Item) => i.eans[0]),
				},
				embedded: ITEM_EMBEDS,
			},
			(item, embedded) => itemView(ctx.core, item, embedded),
		),
	),
	route('GET', ['/items/{id}', '/items/{id}/'], (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ITEM_EMBEDS);
		return ok(itemView(ctx.core, ctx.core.store.get('items', intParam(ctx), 'Item'), embedded));
	}),
	route('GET', '/categories/', (ctx) => {
		if (ctx.query.id_parent !== undefined && ctx.query.q !== undefined) {
			useAlias(ctx, 'id_parent and q together', 'give id_parent (children of a category) or q (name search), not both');
		}
		return listReply(
			ctx,
			ctx.core.store.db.categories,
			{
				filters: {
					id_parent: filters.integer((c: Category) => c.id_parent_category),
					q: filters.search((c: Category) => `${c.name} ${c.title_singular} ${c.title_plural}`),
				},
			},
			(category) => categoryView(ctx.core, category),
		);
	}),
	route('GET', '/categories/{id}/', (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ['parent', 'children', 'optional_attributes', 'mandatory_attributes']);
		return ok(categoryView(ctx.core, ctx.core.store.get('categories', intParam(ctx), 'Category'), embedded));
	}),
	route('POST', ['/categories/decide/', '/category/decide/'], decide),
	route('GET', '/attributes/{id}/', (ctx) => {
		noQuery(ctx);
		return ok(publicView(ctx.core.store.get('attributes', intParam(ctx), 'Attribute')));
	}),
];
