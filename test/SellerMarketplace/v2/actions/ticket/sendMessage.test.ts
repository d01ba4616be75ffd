/** Ticket → Send Message (node version 2), through n8n-core against the v2 sandbox. */
import { expectSigned } from '../../setup';
import { useTicketSandbox, byId } from './setup';

const { v2, body, openTicket, messagesOf } = useTicketSandbox();

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
