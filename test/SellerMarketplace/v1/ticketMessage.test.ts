/**
 * Ticket Message: Send (with attachments from binary data) and Get Many, run through n8n-core against the
 * sandbox. Every test asserts the request the sandbox received and the items the node output.
 */
import type { Sandbox, Ticket } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
const openTicket = (sellerResponsible: boolean): Ticket => {
	const ticket = sandbox.control.db.tickets.find(
		(t) => t.status === 'opened' && t.is_seller_responsible === sellerResponsible,
	);
	if (!ticket) throw new Error(`the seed has no opened ticket with is_seller_responsible ${sellerResponsible}`);
	return ticket;
};
const lastMessage = () => sandbox.control.db.ticketMessages[sandbox.control.db.ticketMessages.length - 1];

describe('Ticket Message → Send', () => {
	it('posts the text to the ticket, keeping its zero-padded ID as a string, and outputs the new message ID', async () => {
		const ticket = openTicket(true);
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'ticketMessage',
				operation: 'send',
				ticketId: byId(ticket.id_ticket),
				text: 'Der Ersatz ist unterwegs.',
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/ticket-messages/',
			query: {},
			json: { id_ticket: ticket.id_ticket, text: 'Der Ersatz ist unterwegs.', interim_notice: false },
			signatureValid: true,
			status: 201,
		});
		const message = lastMessage();
		expect(message).toMatchObject({
			id_ticket: ticket.id_ticket,
			text: 'Der Ersatz ist unterwegs.',
			author: { role: 'seller' },
		});
		expect(run.items.map((item) => item.json)).toEqual([
			{
				success: true,
				id_ticket: ticket.id_ticket,
				id: String(message.id_ticket_message),
				location: `/ticket-messages/${message.id_ticket_message}/`,
			},
		]);
	});

	it('attaches the named binary fields of each item as base64 files with their names and MIME types', async () => {
		const ticket = openTicket(true);
		const photo = 'not really a PNG';
		const run = await runSellerNode(credentials, {
			items: [
				{
					json: {},
					binary: {
						data: { text: 'Lieferschein 4711', fileName: 'delivery-note.txt', mimeType: 'text/plain' },
						photo: { text: photo, fileName: 'damage.png', mimeType: 'image/png' },
						unused: { text: 'not sent', fileName: 'unused.txt', mimeType: 'text/plain' },
					},
				},
			],
			parameters: {
				resource: 'ticketMessage',
				operation: 'send',
				ticketId: byId(ticket.id_ticket),
				text: 'Anbei Lieferschein und Foto.',
				additionalFields: { attachments: 'data, photo' },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'POST',
			path: '/ticket-messages/',
			signatureValid: true,
			status: 201,
		});
		expect(requests()[0].json).toEqual({
			id_ticket: ticket.id_ticket,
			text: 'Anbei Lieferschein und Foto.',
			interim_notice: false,
			claim_message_files: [
				{
					filename: 'delivery-note.txt',
					mime_type: 'text/plain',
					data: Buffer.from('Lieferschein 4711').toString('base64'),
				},
				{ filename: 'damage.png', mime_type: 'image/png', data: Buffer.from(photo).toString('base64') },
			],
		});
		expect(lastMessage().files.map((file) => [file.filename, file.mime_type])).toEqual([
			['delivery-note.txt', 'text/plain'],
			['damage.png', 'image/png'],
		]);
		expect(run.items[0].json).toMatchObject({ success: true, id: String(lastMessage().id_ticket_message) });
	});

	it('keeps the ticket with the seller after an interim notice and hands it back after a regular message (spec table), as Get shows', async () => {
		const ticket = openTicket(true);
		const send = (interimNotice: boolean, text: string) =>
			runSellerNode(credentials, {
				parameters: {
					resource: 'ticketMessage',
					operation: 'send',
					ticketId: byId(ticket.id_ticket),
					text,
					interimNotice,
				},
			});
		const get = async () => {
			const run = await runSellerNode(credentials, {
				parameters: { resource: 'ticket', operation: 'get', ticketId: byId(ticket.id_ticket) },
			});
			expect(run.error).toBeUndefined();
			return run.items[0].json.is_seller_responsible;
		};

		expect(await get()).toBe(true);

		const interim = await send(true, 'Wir prüfen das und melden uns.');
		expect(interim.error).toBeUndefined();
		expect(
			requests()
				.filter((r) => r.method === 'POST')
				.map((r) => r.json),
		).toEqual([{ id_ticket: ticket.id_ticket, text: 'Wir prüfen das und melden uns.', interim_notice: true }]);
		expect(await get()).toBe(true);

		const answer = await send(false, 'Der Ersatz ist unterwegs.');
		expect(answer.error).toBeUndefined();
		expect(await get()).toBe(false);

		// once it is with the buyer, an interim notice does not hand it back to the seller
		const again = await send(true, 'Noch ein Hinweis.');
		expect(again.error).toBeUndefined();
		expect(await get()).toBe(false);
		expect(
			requests()
				.filter((r) => r.method === 'POST')
				.map((r) => r.json),
		).toEqual([
			{ id_ticket: ticket.id_ticket, text: 'Wir prüfen das und melden uns.', interim_notice: true },
			{ id_ticket: ticket.id_ticket, text: 'Der Ersatz ist unterwegs.', interim_notice: false },
			{ id_ticket: ticket.id_ticket, text: 'Noch ein Hinweis.', interim_notice: true },
		]);
		expect(requests().every((r) => r.signatureValid)).toBe(true);
	});

	it('reports the API message when the ticket does not exist, and continues with the next item when asked to', async () => {
		const ticket = openTicket(false);
		const run = await runSellerNode(credentials, {
			items: [{ json: { ticket: '0099999999' } }, { json: { ticket: ticket.id_ticket } }],
			continueOnFail: true,
			parameters: {
				resource: 'ticketMessage',
				operation: 'send',
				ticketId: byId('={{ $json.ticket }}'),
				text: 'Hallo',
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests().map((r) => [r.method, r.path, (r.json as { id_ticket: string }).id_ticket, r.status])).toEqual([
			['POST', '/ticket-messages/', '0099999999', 422],
			['POST', '/ticket-messages/', ticket.id_ticket, 201],
		]);
		expect(run.items[0].json.error).toBe('Could not send a message to ticket 0099999999: ticket 0099999999 not found');
		expect(run.items[0].json.errorDetails).toContain('The API said: Ticket 0099999999 not found');
		expect(run.items[1].json).toMatchObject({ success: true, id_ticket: ticket.id_ticket });
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('Ticket Message → Get Many', () => {
	it('asks for one page of the requested size (Limit)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'ticketMessage', operation: 'getMany', returnAll: false, limit: 3 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/ticket-messages/seller/',
			query: { limit: '3', offset: '0' },
			signatureValid: true,
			status: 200,
		});
		expect(run.items.map((item) => item.json)).toEqual(
			sandbox.control.db.ticketMessages.slice(0, 3).map((m) => ({ ...m })),
		);
	});

	it('reads every page with Return All and filters by the time the message was written', async () => {
		const template = sandbox.control.db.ticketMessages[0];
		for (let n = 0; n < 40; n++) {
			sandbox.control.db.ticketMessages.push({
				...template,
				id_ticket_message: 5000 + n,
				text: `Nachricht ${n}`,
				ts_created: `2030-02-01 10:${String(n).padStart(2, '0')}:00`,
			});
		}
		const expected = sandbox.control.db.ticketMessages.filter((m) => m.ts_created >= '2030-02-01 10:05:00');
		expect(expected.length).toBeGreaterThan(30);

		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'ticketMessage',
				operation: 'getMany',
				returnAll: true,
				filters: { writtenFrom: '2030-02-01T10:05:00.000Z' },
			},
		});

		expect(run.error).toBeUndefined();
		expect(
			requests()
				.map((r) => r.query.offset)
				.sort(),
		).toEqual(['0', '30']);
		for (const request of requests()) {
			expect(request).toMatchObject({
				method: 'GET',
				path: '/ticket-messages/seller/',
				query: { timestamp_from: '2030-02-01 10:05:00' },
				signatureValid: true,
				status: 200,
			});
		}
		expect(run.items.map((item) => item.json.id_ticket_message)).toEqual(expected.map((m) => m.id_ticket_message));
	});
});

describe('Ticket Message: input is checked before anything is sent', () => {
	it.each([
		['an empty text', { text: '   ' }, [{ json: {} }], /"Text" is required and cannot be empty \[item 0\]/],
		[
			'no ticket',
			{ ticketId: byId('={{ " " }}') },
			[{ json: {} }],
			/"Ticket" is required and cannot be empty \[item 0\]/,
		],
		[
			'an attachment field the item does not have',
			{ additionalFields: { attachments: 'data, photo' } },
			[{ json: {}, binary: { data: { text: 'x', fileName: 'a.txt', mimeType: 'text/plain' } } }],
			/"Attachments \(Input Binary Fields\)": the item has no binary property "photo" \[item 0\]/,
		],
		[
			'an attachment on an item without binary data (second item)',
			{ additionalFields: { attachments: 'data' } },
			[{ json: {}, binary: { data: { text: 'x', fileName: 'a.txt', mimeType: 'text/plain' } } }, { json: {} }],
			/"Attachments \(Input Binary Fields\)": the item has no binary property "data" \[item 1\]/,
		],
		[
			'the same attachment twice',
			{ additionalFields: { attachments: 'data,data' } },
			[{ json: {}, binary: { data: { text: 'x', fileName: 'a.txt', mimeType: 'text/plain' } } }],
			/names the same binary field twice \[item 0\]/,
		],
	])('refuses %s', async (_name, overrides, items, message) => {
		const ticket = openTicket(true);
		const before = sandbox.control.db.ticketMessages.length;
		// with two items the first one is fine and sent; the second is refused before its own request
		const run = await runSellerNode(credentials, {
			items,
			parameters: {
				resource: 'ticketMessage',
				operation: 'send',
				ticketId: byId(ticket.id_ticket),
				text: 'Hallo',
				...overrides,
			},
		});

		expect(run.error?.message).toMatch(message);
		expect(requests()).toHaveLength(items.length - 1);
		expect(sandbox.control.db.ticketMessages).toHaveLength(before + items.length - 1);
	});
});
