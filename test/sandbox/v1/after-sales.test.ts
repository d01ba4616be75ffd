import { rawRequest, useV1Client } from './client';

describe('sandbox invoices, returns, tickets and claims', () => {
	const { sandbox, api } = useV1Client();
	const db = () => sandbox().control.db;
	const visibleUnit = (status: string, free = true) =>
		db().orderUnits.find(
			(u) =>
				u.status === status &&
				!u._fulfilled_by_marketplace &&
				(!free || !db().returnUnits.some((r) => r.id_order_unit === u.id_order_unit)),
		)!;

	beforeEach(() => sandbox().control.reset());

	describe('order invoices', () => {
		it('uploads base64 data, lists it and serves the file by token without signing', async () => {
			const order = db().orders.find((o) => !o._fulfilled_by_marketplace)!;
			const pdf = Buffer.from('%PDF-1.4 test invoice');
			const body = {
				id_order: order.id_order,
				original_name: 'rechnung.pdf',
				mime_type: 'application/pdf',
				data: pdf.toString('base64'),
			};
			expect((await api().post('/order-invoices/', { ...body, mime_type: 'application/zip' })).status).toBe(400);
			expect((await api().post('/order-invoices/', { ...body, data: 'not base64!' })).status).toBe(400);
			expect((await api().post('/order-invoices/', { ...body, id_order: 'NOPE' })).status).toBe(422);

			const created = await api().post('/order-invoices/', body);
			expect(created.status).toBe(201);
			const location = created.headers.location as string;
			expect(location).toMatch(/^\/order-invoices\/\d+\/$/);
			const invoice = (await api().get(location)).json;
			expect(invoice).toMatchObject({
				id_order: order.id_order,
				original_name: 'rechnung.pdf',
				mime_type: 'application/pdf',
			});
			expect(invoice.url).toMatch(
				new RegExp(`^${sandbox().origin}/api/v1/order-invoices/\\d+/file\\?access_token=[0-9a-f]{48}$`),
			);

			const file = await rawRequest(invoice.url, 'GET', {}, '');
			expect(file.status).toBe(200);
			expect(file.headers['content-type']).toBe('application/pdf');
			expect(file.text).toBe(pdf.toString());
			expect(
				(await rawRequest(invoice.url.replace(/access_token=.*/, 'access_token=wrong'), 'GET', {}, '')).status,
			).toBe(403);

			const list = await api().get('/order-invoices/seller/');
			expect(list.json.some((i: { id_invoice: number }) => i.id_invoice === invoice.id_invoice)).toBe(true);
			expect((await api().delete(location)).status).toBe(204);
			expect((await api().get(location)).status).toBe(404);
		});
	});

	describe('returns', () => {
		it('creates a return for order units of one order (201, JSON body, Location)', async () => {
			const unit = visibleUnit('received');
			const response = await api().post('/returns', {
				id_order_unit: [unit.id_order_unit],
				reason: 'defect',
				note: 'Kaputt angekommen',
			});
			expect(response.status).toBe(201);
			expect(response.headers.location).toBe(`/returns/${response.json.id_return}/`);
			expect(response.json).toMatchObject({
				status: 'return_requested',
				units: [{ id_order_unit: unit.id_order_unit, status: 'need_to_be_returned' }],
			});
			const read = await api().get(`/returns/${response.json.id_return}/?embedded=units,buyer`);
			expect(read.json.buyer.id_buyer).toBe(unit.buyer.id_buyer);
			expect(
				(await api().post('/returns/', { id_order_unit: [unit.id_order_unit], reason: 'defect', note: 'Nochmal!' }))
					.status,
			).toBe(409);
		});

		it('refuses short notes, unknown reasons, mixed orders and unsent units', async () => {
			const a = visibleUnit('received');
			const b = db().orderUnits.find(
				(u) =>
					u.status === 'received' &&
					u.id_order !== a.id_order &&
					!u._fulfilled_by_marketplace &&
					!db().returnUnits.some((r) => r.id_order_unit === u.id_order_unit),
			)!;
			const note = 'long enough';
			expect(
				(await api().post('/returns', { id_order_unit: [a.id_order_unit], reason: 'defect', note: 'bad' })).json
					.message,
			).toMatch(/at least 5/);
			expect((await api().post('/returns', { id_order_unit: [a.id_order_unit], reason: 'broken', note })).status).toBe(
				400,
			);
			expect((await api().post('/returns', { id_order_unit: [], reason: 'defect', note })).status).toBe(400);
			expect(
				(await api().post('/returns', { id_order_unit: [a.id_order_unit, b.id_order_unit], reason: 'defect', note }))
					.status,
			).toBe(422);
			expect(
				(
					await api().post('/returns', {
						id_order_unit: [visibleUnit('need_to_be_sent').id_order_unit],
						reason: 'defect',
						note,
					})
				).status,
			).toBe(409);
			expect(db().returns.filter((r) => r._note === note)).toHaveLength(0);
		});

		it('filters returns by comma-separated status', async () => {
			const response = await api().get('/returns/seller/?status=return_requested,package_sent');
			expect(response.json.map((r: { status: string }) => r.status).sort()).toEqual([
				'package_sent',
				'return_requested',
			]);
		});

		it('accepts, repairs, rejects and clarifies return units; reject and clarify open a claim with the message', async () => {
			const [first, second, third] = db().returnUnits;
			expect((await api().patch(`/return-units/${first.id_return_unit}/accept/`)).status).toBe(204);
			expect(first.status).toBe('return_accepted');
			expect((await api().patch(`/return-units/${first.id_return_unit}/repair/`)).status).toBe(409);

			expect((await api().patch(`/return-units/${second.id_return_unit}/reject/`, {})).status).toBe(400);
			const claimsBefore = db().claims.length;
			expect(
				(await api().patch(`/return-units/${second.id_return_unit}/reject/`, { message: 'Gebrauchsspuren' })).status,
			).toBe(204);
			expect(second.status).toBe('return_rejected');
			expect(db().claims).toHaveLength(claimsBefore + 1);
			const claim = db().claims[db().claims.length - 1];
			expect(claim).toMatchObject({ id_order_unit: second.id_order_unit, status: 'opened' });
			expect(
				db()
					.claimMessages.filter((m) => m.id_claim === claim.id_claim)
					.map((m) => m.text),
			).toEqual(['Gebrauchsspuren']);
			const embedded = await api().get(`/return-units/${second.id_return_unit}/?embedded=claim,order_unit`);
			expect(embedded.json.claim.id_claim).toBe(claim.id_claim);

			expect(
				(await api().patch(`/return-units/${third.id_return_unit}/clarify/`, { message: 'Bitte Fotos schicken' }))
					.status,
			).toBe(204);
			expect(third.status).toBe('return_in_clarification');
			expect((await api().patch(`/return-units/${third.id_return_unit}/repair/`)).status).toBe(204);
			expect(third.status).toBe('return_in_repair');
		});
	});

	describe('tickets', () => {
		it('lists tickets with zero-padded string ids and reads them with messages', async () => {
			const list = await api().get('/tickets/seller/?status=opened');
			expect(list.json.length).toBeGreaterThan(0);
			expect(list.json.every((t: { id_ticket: string }) => /^\d{10}$/.test(t.id_ticket))).toBe(true);
			const ticket = await api().get(`/tickets/${list.json[0].id_ticket}/?embedded=messages`);
			expect(ticket.json.messages[0].author.role).toBe('buyer');
		});

		it('flips is_seller_responsible on a seller message unless it is an interim notice', async () => {
			const ticket = db().tickets.find((t) => t.status === 'opened' && t.is_seller_responsible)!;
			expect(
				(await api().post('/ticket-messages/', { id_ticket: Number(ticket.id_ticket), text: 'x' })).json.message,
			).toMatch(/zero-padded/);
			const interim = await api().post('/ticket-messages/', {
				id_ticket: ticket.id_ticket,
				text: 'Wir prüfen das',
				interim_notice: true,
			});
			expect(interim.status).toBe(201);
			expect(interim.headers.location).toMatch(/^\/ticket-messages\/\d+\/$/);
			expect(ticket.is_seller_responsible).toBe(true);
			expect(
				(await api().post('/ticket-messages/', { id_ticket: ticket.id_ticket, text: 'Ist unterwegs' })).status,
			).toBe(201);
			expect(ticket.is_seller_responsible).toBe(false);
			const messages = await api().get('/ticket-messages/seller/?timestamp_from=2030-01-01');
			expect(messages.json).toEqual([]);
		});

		it('closes a ticket on both path forms, once', async () => {
			const [a, b] = db().tickets.filter((t) => t.status === 'opened');
			expect((await api().patch(`/tickets/${a.id_ticket}/close/`)).status).toBe(204);
			expect(a.status).toBe('seller_closed');
			expect((await api().patch(`/tickets/${a.id_ticket}/close/`)).status).toBe(409);
			expect((await api().post('/ticket-messages/', { id_ticket: a.id_ticket, text: 'zu spät' })).status).toBe(409);
			expect((await api().patch(`/ticket/${b.id_ticket}/close/`)).status).toBe(204);
			expect((await api().patch('/tickets/0000000001/close/')).status).toBe(404);
		});

		it('opens a ticket for order units of one order', async () => {
			const unit = visibleUnit('sent', false);
			const response = await api().post('/tickets/', {
				id_order_unit: [unit.id_order_unit],
				reason: 'product_not_delivered',
				message: 'Bitte prüfen',
			});
			expect(response.status).toBe(201);
			const id = /^\/tickets\/(\d{10})\/$/.exec(response.headers.location as string)![1];
			expect((await api().get(`/tickets/${id}/`)).json).toMatchObject({
				ids_order_unit: [String(unit.id_order_unit)],
				status: 'opened',
			});
			expect(
				(await api().post('/tickets/', { id_order_unit: [unit.id_order_unit], reason: 'angry', message: 'x' })).status,
			).toBe(400);
		});
	});

	describe('claims', () => {
		it('lists, messages and closes claims', async () => {
			const list = await api().get('/claims/seller/?status=opened');
			expect(list.json.length).toBeGreaterThan(0);
			const claim = db().claims.find((c) => c.status === 'opened' && c.is_seller_responsible)!;
			const posted = await api().post('/claim-messages/', { id_claim: claim.id_claim, text: 'Ersatz ist unterwegs' });
			expect(posted.status).toBe(201);
			expect(claim.is_seller_responsible).toBe(false);
			expect((await api().patch(`/claims/${claim.id_claim}/close/`)).status).toBe(204);
			expect(claim.status).toBe('seller_closed');
			expect((await api().patch(`/claims/${claim.id_claim}/close/`)).status).toBe(409);
			const read = await api().get(`/claims/${claim.id_claim}/?embedded=messages`);
			expect(read.json.messages.map((m: { text: string }) => m.text)).toContain('Ersatz ist unterwegs');
		});
	});

	describe('seller reads', () => {
		it('lists shipping groups and warehouses', async () => {
			expect((await api().get('/shipping-groups/seller/')).json).toEqual([
				{ name: 'paket' },
				{ name: 'spedition' },
				{ name: 'brief' },
			]);
			const warehouses = await api().get('/warehouses/seller/');
			expect(warehouses.headers['hm-collection-range']).toBe('1-2/2');
			expect((await api().get('/warehouses/1/')).json.is_default).toBe(true);
		});
	});
});
