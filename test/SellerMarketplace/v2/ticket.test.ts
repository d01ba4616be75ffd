/**
 * Ticket (node version 2): Get Many, Get, Open, Close, Send Message (with files from binary data) and Get Many
 * Messages through n8n-core against the v2 sandbox: the request the sandbox received, the items output and the
 * state the sandbox holds afterwards.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Ticket } from '../../../sandbox';
import { expectSigned, fromExpression, useSandboxV2 } from './setup';

const v2 = useSandboxV2({ orders: 60, strict: true }, 'ticket');

const db = () => v2.sandbox().control.db;
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });
const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;
const storefrontOfTicket = (ticket: Ticket) =>
	db().orderUnits.find((u) => String(u.id_order_unit) === ticket.ids_order_unit[0])?._storefront ?? 'de';
const openTicket = (): Ticket => {
	const ticket = db().tickets.find((candidate) => candidate.status === 'opened');
	if (!ticket) throw new Error('the seed has no open ticket');
	return ticket;
};
const ticketById = (id: string) => db().tickets.find((ticket) => ticket.id_ticket === id)!;
const messagesOf = (id: string) => db().ticketMessages.filter((message) => message.id_ticket === id);

describe('Ticket → Get Many', () => {
	it('sends one request per combination of the chosen values (one status, one reason each) and outputs the matching tickets once', async () => {
		const run = await v2.run({
			operation: 'getMany',
			returnAll: true,
			filters: {
				status: ['opened', 'seller_closed'],
				openReason: [
					'product_not_delivered',
					'product_defect',
					'contact_other',
					'product_return',
					'product_not_as_described',
				],
			},
			sort: { sortBy: 'ts_updated_iso:desc' },
		});

		expect(run.error).toBeUndefined();
		const combinations = v2.requests().map((request) => {
			expect(request).toMatchObject({ method: 'GET', path: '/tickets', status: 200 });
			expect(request.queryValues).toMatchObject({ storefront: ['de'], sort: ['ts_updated_iso:desc'], limit: ['30'] });
			expect(request.queryValues!.status).toHaveLength(1);
			expect(request.queryValues!.open_reason).toHaveLength(1);
			expectSigned(request, v2.credentials());
			return `${request.query.status}/${request.query.open_reason}`;
		});
		expect(new Set(combinations).size).toBe(10);
		const expected = db().tickets.filter(
			(t) => ['opened', 'seller_closed'].includes(t.status) && storefrontOfTicket(t) === 'de',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(run.items.map((item) => item.json.id_ticket).sort()).toEqual(expected.map((t) => t.id_ticket).sort());
	});

	it('Return All reads pages of 30 until every ticket is read', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, storefront: 'all' });
		expect(run.error).toBeUndefined();
		expect(v2.requests().every((request) => request.query.limit === '30')).toBe(true);
		expect(run.items).toHaveLength(db().tickets.length);
	});

	it('refuses an unknown topic before sending', async () => {
		const run = await v2.run({ operation: 'getMany', returnAll: true, filters: { topic: ['complaint'] } });
		expect(run.error?.message).toBe('"Topic" has an unknown value "complaint" [item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Ticket → Get', () => {
	it('reads one ticket with its messages, order units, buyer and product; the ID keeps its leading zeros', async () => {
		const ticket = openTicket();
		const run = await v2.run({ operation: 'get', ticketId: byId(ticket.id_ticket) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: `/tickets/${ticket.id_ticket}`, status: 200 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items[0].json).toMatchObject({
			id_ticket: ticket.id_ticket,
			status: 'opened',
			ids_order_units: ticket.ids_order_unit.map(Number),
			messages: expect.any(Array),
			order_units: [expect.objectContaining({ id_order_unit: Number(ticket.ids_order_unit[0]) })],
			buyer: { id_buyer: ticket.id_buyer, email: expect.any(String) },
		});
	});

	it.each(['13163664', '001abc', '0011/../2', ' '])('refuses the ticket ID %p before sending', async (id) => {
		const run = await v2.run({ operation: 'get', ticketId: fromExpression(id) });
		expect(run.error?.message).toMatch(
			/^"Ticket" (must be a ticket ID: 001 followed by digits|must be an ID such as|is required)/,
		);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Ticket → Open', () => {
	it('opens a ticket on the order units given; outputs its ID; the sandbox holds it with the message', async () => {
		const unit = db().orderUnits.find((u) => !u._fulfilled_by_marketplace && u.status === 'sent')!;
		const run = await v2.run({
			operation: 'open',
			orderUnitIds: ` ${unit.id_order_unit} `,
			reason: 'product_not_delivered',
			message: 'Your parcel is on its way',
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'POST', path: '/tickets', status: 201 });
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({
			id_order_unit: [unit.id_order_unit],
			reason: 'product_not_delivered',
			message: 'Your parcel is on its way',
		});
		const id = String(run.items[0].json.id_ticket);
		expect(id).toMatch(/^001\d+$/);
		expect(run.items[0].json).toEqual({
			id_ticket: id,
			id_order_unit: [unit.id_order_unit],
			reason: 'product_not_delivered',
			message: 'Your parcel is on its way',
		});
		expect(ticketById(id)).toMatchObject({ status: 'opened', ids_order_unit: [String(unit.id_order_unit)] });
		expect(messagesOf(id).map((m) => m.text)).toEqual(['Your parcel is on its way']);
	});

	it('order unit IDs that are not numbers are refused before sending', async () => {
		const run = await v2.run({ operation: 'open', orderUnitIds: '12, abc', reason: 'contact_other', message: 'Hi' });
		expect(run.error?.message).toBe(
			'"Order Unit IDs" must be positive whole numbers separated by commas, but "abc" is not [item 0]',
		);
		expect(v2.requests()).toHaveLength(0);
	});
});

describe('Ticket → Close', () => {
	it('closes an open ticket: PATCH without a body; the ticket is seller_closed', async () => {
		const ticket = openTicket();
		const run = await v2.run({ operation: 'close', ticketId: byId(ticket.id_ticket) });
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/tickets/${ticket.id_ticket}/close`,
			status: 204,
			body: '',
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(run.items.map((item) => item.json)).toEqual([{ success: true, id_ticket: ticket.id_ticket }]);
		expect(ticketById(ticket.id_ticket).status).toBe('seller_closed');
	});

	it('closing a ticket the seller closed already: the refusal is shown', async () => {
		const ticket = db().tickets.find((t) => t.status === 'seller_closed')!;
		const run = await v2.run({ operation: 'close', ticketId: byId(ticket.id_ticket) });
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toContain('cannot be closed by the seller');
	});
});

describe('Ticket → Send Message', () => {
	it('sends the text, the interim notice and the binary fields as data URIs; the ticket holds the message', async () => {
		const ticket = openTicket();
		const run = await v2.run(
			{
				operation: 'sendMessage',
				ticketId: byId(ticket.id_ticket),
				text: 'Here is the invoice',
				interimNotice: true,
				additionalFields: { attachments: 'invoice, photo' },
			},
			{
				items: [
					{
						json: {},
						binary: {
							invoice: { text: '%PDF-1.4 sample', fileName: 'invoice.pdf', mimeType: 'application/pdf' },
							photo: { text: 'jpeg bytes', fileName: 'photo.jpg', mimeType: 'image/jpeg' },
						},
					},
				],
			},
		);
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({
			method: 'POST',
			path: `/tickets/${ticket.id_ticket}/messages`,
			status: 201,
		});
		expectSigned(v2.requests()[0], v2.credentials());
		expect(body()).toEqual({
			text: 'Here is the invoice',
			interim_notice: true,
			ticket_message_files: [
				{
					filename: 'invoice.pdf',
					mime_type: 'application/pdf',
					data: `data:application/pdf;base64,${Buffer.from('%PDF-1.4 sample').toString('base64')}`,
				},
				{
					filename: 'photo.jpg',
					mime_type: 'image/jpeg',
					data: `data:image/jpeg;base64,${Buffer.from('jpeg bytes').toString('base64')}`,
				},
			],
		});
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_ticket: ticket.id_ticket,
				text: 'Here is the invoice',
				interim_notice: true,
				files: ['invoice.pdf', 'photo.jpg'],
			},
		]);
		const last = messagesOf(ticket.id_ticket).at(-1)!;
		expect(last).toMatchObject({ text: 'Here is the invoice', interim_notice: true });
		expect(last.files.map((f) => f.filename)).toEqual(['invoice.pdf', 'photo.jpg']);
	});

	it('an attachment the item lacks is refused before sending, naming the field and the item', async () => {
		const ticket = openTicket();
		const run = await v2.run(
			{
				operation: 'sendMessage',
				ticketId: byId(ticket.id_ticket),
				text: 'Hi',
				additionalFields: { attachments: 'photo' },
			},
			{ items: [{ json: {}, binary: { data: { text: 'x', fileName: 'a.txt', mimeType: 'text/plain' } } }] },
		);
		expect(run.error?.message).toBe(
			'"Attachments (Input Binary Fields)": the item has no binary property "photo" [item 0]',
		);
		expect(v2.requests()).toHaveLength(0);
	});

	it('a file type the marketplace does not take: its refusal names the attachments field', async () => {
		const ticket = openTicket();
		const run = await v2.run(
			{
				operation: 'sendMessage',
				ticketId: byId(ticket.id_ticket),
				text: 'Hi',
				additionalFields: { attachments: 'data' },
			},
			{
				items: [{ json: {}, binary: { data: { text: 'x', fileName: 'a.exe', mimeType: 'application/x-msdownload' } } }],
			},
		);
		expect(v2.requests()[0]).toMatchObject({ status: 400 });
		expect(run.error?.message).toBe(
			`Could not send a message to ticket ${ticket.id_ticket}: "ticket_message_files[0].mime_type": 'application/x-msdownload' is not an allowed file type`,
		);
		expect(messagesOf(ticket.id_ticket).some((m) => m.text === 'Hi')).toBe(false);
	});
});

describe('Ticket → Get Many Messages', () => {
	it('reads every ticket message oldest first, 30 a page', async () => {
		const run = await v2.run({
			operation: 'getManyMessages',
			returnAll: true,
			sort: { sortBy: 'ts_created_iso:asc' },
			filters: { createdFrom: '2001-01-01T00:00:00Z' },
		});
		expect(run.error).toBeUndefined();
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/tickets/messages', status: 200 });
		expect(v2.requests()[0].queryValues).toMatchObject({
			sort: ['ts_created_iso:asc'],
			ts_created_from_iso: ['2001-01-01T00:00:00Z'],
			limit: ['30'],
		});
		expect(run.items).toHaveLength(db().ticketMessages.length);
		const created = run.items.map((item) => String(item.json.ts_created_iso));
		expect(created).toEqual([...created].sort());
		expect(run.items[0].json).toEqual({
			id_ticket_message: expect.any(Number),
			id_ticket: expect.stringMatching(/^001\d+$/),
			author: { role: expect.any(String), name: expect.any(String) },
			text: expect.any(String),
			ts_created_iso: expect.stringMatching(/Z$/),
		});
	});
});
