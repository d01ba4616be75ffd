/** Product data per EAN and its status (API v1); uploads and their checks are sandbox/model/product-data.ts. */
import type { SandboxCore } from '../../core/sandbox-core';
import { badRequest, notFound } from '../../core/errors';
import type { ProductData } from '../../core/types';
import { readUpload, uploadProductData } from '../../model/product-data';
import { created, noContent, noQuery, ok, route, Route, RouteContext, useAlias } from '../router';

function eanParam(text: string | undefined): string {
	if (text === undefined) throw badRequest('ean is required');
	if (!/^\d{8,14}$/.test(text)) throw badRequest(`'${text}' is not an EAN (8 to 14 digits)`);
	return text;
}

function requireProductData(core: SandboxCore, ean: string): ProductData {
	const record = core.store.find('productData', ean);
	if (!record)
		throw notFound(`No product data of yours for EAN ${ean}; upload it with PUT /product-data/${ean}/ first`);
	return record;
}

function readStatus(ctx: RouteContext) {
	noQuery(ctx, ctx.params.ean === undefined ? ['ean'] : []);
	const ean = eanParam(ctx.params.ean ?? ctx.query.ean);
	return ok(requireProductData(ctx.core, ean).status);
}

export const productDataRoutes: Route[] = [
	route('PUT', '/product-data/{ean}/', (ctx) => {
		const ean = eanParam(ctx.params.ean);
		uploadProductData(
			ctx.core,
			ean,
			readUpload(ctx.body(), (alias, refusal) => useAlias(ctx, alias, refusal)),
			'replace',
		);
		return created(`/product-data/${ean}/`);
	}),
	route('PATCH', '/product-data/{ean}/', (ctx) => {
		const ean = eanParam(ctx.params.ean);
		const upload = readUpload(ctx.body(), (alias, refusal) => useAlias(ctx, alias, refusal));
		requireProductData(ctx.core, ean);
		uploadProductData(ctx.core, ean, upload, 'merge');
		return noContent();
	}),
	route('DELETE', '/product-data/{ean}/', (ctx) => {
		const ean = eanParam(ctx.params.ean);
		ctx.core.store.remove('productData', requireProductData(ctx.core, ean));
		return noContent();
	}),
	route('GET', '/product-data/{ean}/', (ctx) => {
		noQuery(ctx);
		const record = requireProductData(ctx.core, eanParam(ctx.params.ean));
		// read back in the upload object's shape
		const additional = Object.fromEntries(record.additional_attributes.map((a) => [a.attribute, a.value]));
		return ok({ ...record.data, additional_attributes: additional });
	}),
	// the spec leaves the parameters of the status read unshown; the SDK puts the EAN in the path
	route('GET', ['/product-data-status/{ean}/', '/product-data-status/'], readStatus),
];
