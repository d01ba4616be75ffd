/** Claims (deprecated predecessor of tickets) and their messages. */
import type { SandboxCore } from '../../core/sandbox-core';
import { conflict, unprocessable } from '../../core/errors';
import { filters, listReply, readEmbedded } from '../pagination';
import { created, intParam, noBody, noContent, noQuery, ok, route, Route, RouteContext } from '../router';
import { publicRecord, publicView } from '../../core/store';
import type { Claim, ClaimMessage } from '../../core/types';
import { boolean, integer, nonEmptyString, optional, parseBody } from '../../core/validate';
import { addClaimMessage, ANSWERABLE, closeBySeller } from '../../model/tickets';
import { messageFilters } from './tickets';

function claimView(core: SandboxCore, claim: Claim, embedded: Set<string>) {
	const view = publicRecord(claim);
	const orderUnit = core.store.find('orderUnits', claim.id_order_unit);
	if (embedded.has('messages'))
		view.messages = core.store.db.claimMessages.filter((m) => m.id_claim === claim.id_claim).map(publicView);
	if (embedded.has('order_unit')) view.order_unit = orderUnit ? publicView(orderUnit) : null;
	if (embedded.has('buyer')) view.buyer = orderUnit?.buyer ?? null;
	if (embedded.has('item')) view.item = orderUnit?.item ?? null;
	if (embedded.has('files')) view.files = [];
	return view;
}

function postMessage(ctx: RouteContext) {
	const body = parseBody(ctx.body(), { id_claim: integer(1), text: nonEmptyString, interim_notice: optional(boolean) });
	const claim = ctx.core.store.find('claims', body.id_claim);
	if (!claim) throw unprocessable(`Claim ${body.id_claim} not found`);
	if (!ANSWERABLE.includes(claim.status)) throw conflict(`Claim ${claim.id_claim} is '${claim.status}'`);
	const message = addClaimMessage(ctx.core, claim, body.text, body.interim_notice);
	return created(`/claim-messages/${message.id_claim_message}/`);
}

function close(ctx: RouteContext) {
	const claim = ctx.core.store.get('claims', intParam(ctx), 'Claim');
	noBody(ctx);
	if (!closeBySeller(ctx.core, claim))
		throw conflict(`Claim ${claim.id_claim} is '${claim.status}' and cannot be closed by the seller`);
	return noContent();
}

export const claimRoutes: Route[] = [
	route('GET', '/claims/seller/', (ctx) =>
		listReply(
			ctx,
			ctx.core.store.db.claims,
			{
				filters: {
					status: filters.oneOf((c: Claim) => c.status),
					open_reason: filters.oneOf((c: Claim) => c.open_reason),
					id_buyer: filters.integer((c: Claim) => c.id_buyer),
					'ts_created:from': filters.since((c: Claim) => c.ts_created),
					'ts_updated:from': filters.since((c: Claim) => c.ts_updated),
				},
				sortFields: ['ts_created', 'ts_updated', 'id_claim', 'status'],
				defaultSort: { field: 'ts_created', direction: 'desc' },
			},
			publicView,
		),
	),
	route('GET', '/claims/{id}/', (ctx) => {
		noQuery(ctx, ['embedded']);
		const embedded = readEmbedded(ctx.query, ['messages', 'order_unit', 'buyer', 'item', 'files']);
		return ok(claimView(ctx.core, ctx.core.store.get('claims', intParam(ctx), 'Claim'), embedded));
	}),
	route('PATCH', '/claims/{id}/close/', close),
	route('POST', '/claim-messages/', postMessage),
	route('GET', '/claim-messages/seller/', (ctx) =>
		listReply(ctx, ctx.core.store.db.claimMessages, messageFilters<ClaimMessage>(), publicView),
	),
	route('GET', '/claim-messages/{id}/', (ctx) => {
		noQuery(ctx);
		return ok(publicView(ctx.core.store.get('claimMessages', intParam(ctx), 'Claim message')));
	}),
];
