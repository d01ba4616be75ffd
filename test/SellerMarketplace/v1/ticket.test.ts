/**
 * Ticket: Get Many, Get, Open and Close, run through n8n-core against the sandbox. Every test asserts the
 * request the sandbox received and the items the node output; tickets are looked up in `sandbox.control.db`.
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
const isoOf = (timestamp: string) => `${timestamp.replace(' ', 'T')}.000Z`;
/** The API's default order: newest first; the sandbox lists tickets created in the same second last-stored first. */
const newestFirst = (tickets: Ticket[]) =>
	[...tickets].reverse().sort((a, b) => b.ts_created.localeCompare(a.ts_created));
const openTicket = () => {
	const ticket = sandbox.control.db.tickets.find((t) => t.status === 'opened');
	if (!ticket) throw new Error('the seed has no opened ticket');
	return ticket;
};

describe('Ticket → Get Many', () => {
	it('asks for one page of the requested size and outputs the tickets with their zero-padded IDs (Limit)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'ticket', operation: 'getMany', returnAll: false, limit: 2 },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/tickets/seller/',
			query: { limit: '2', offset: '0' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		const expected = newestFirst(sandbox.control.db.tickets).slice(0, 2);
		expect(run.items.map((item) => item.json)).toEqual(expected.map((ticket) => ({ ...ticket })));
		for (const item of run.items) expect(item.json.id_ticket).toMatch(/^0\d{9}$/);
	});

	it('reads every page with Return All', async () => {
		const seed = sandbox.control.db.tickets[0];
		for (let n = 0; n < 36; n++) {
			sandbox.control.db.tickets.push({
				...seed,
				id_ticket: String(20000000 + n).padStart(10, '0'),
				ts_created: `2026-01-01 00:00:${String(n).padStart(2, '0')}`,
			});
		}
		const expected = sandbox.control.db.tickets.map((ticket) => ticket.id_ticket);
		expect(expected.length).toBeGreaterThan(30);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'ticket', operation: 'getMany', returnAll: true },
		});

		expect(run.error).toBeUndefined();
		for (const request of requests()) {
			expect(request).toMatchObject({ method: 'GET', path: '/tickets/seller/', signatureValid: true, status: 200 });
		}
		expect(
			requests()
				.map((request) => request.query.offset)
				.sort(),
		).toEqual(['0', '30']);
		const ids = run.items.map((item) => item.json.id_ticket as string);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual([...expected].sort());
	});

	it('sends every filter and the sort order in the API format and outputs only the matching tickets', async () => {
		const target = openTicket();
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'ticket',
				operation: 'getMany',
				returnAll: true,
				filters: {
					status: 'opened',
					openReason: target.open_reason,
					topic: target.topic,
					buyerId: String(target.id_buyer),
					createdFrom: isoOf(target.ts_created),
					updatedFrom: target.ts_updated,
				},
				options: { sort: 'ts_updated:asc' },
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/tickets/seller/',
			query: {
				status: 'opened',
				open_reason: target.open_reason,
				topic: target.topic,
				id_buyer: String(target.id_buyer),
				'ts_created:from': target.ts_created,
				'ts_updated:from': target.ts_updated,
				sort: 'ts_updated:asc',
				limit: '30',
				offset: '0',
			},
			signatureValid: true,
			status: 200,
		});
		const expected = sandbox.control.db.tickets.filter(
			(t) =>
				t.status === 'opened' &&
				t.open_reason === target.open_reason &&
				t.topic === target.topic &&
				t.id_buyer === target.id_buyer &&
				t.ts_created >= target.ts_created &&
				t.ts_updated >= target.ts_updated,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(run.items.map((item) => item.json.id_ticket)).toEqual(expected.map((t) => t.id_ticket));
	});
});

describe('Ticket → Get', () => {
	it('reads one ticket with the chosen related data, keeping the ID as given', async () => {
		const ticket = sandbox.control.db.tickets[0];
		const run = await runSellerNode(credentials, {
			parameters: {
				resource: 'ticket',
				operation: 'get',
				ticketId: byId(ticket.id_ticket),
				embedded: ['messages', 'buyer'],
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: `/tickets/${ticket.id_ticket}/`,
			query: { embedded: 'messages,buyer' },
			body: '',
			signatureValid: true,
			status: 200,
		});
		expect(run.items).toHaveLength(1);
		const messages = sandbox.control.db.ticketMessages.filter((m) => m.id_ticket === ticket.id_ticket);
		expect(messages.length).toBeGreaterThan(0);
		expect(run.items[0].json).toMatchObject({ ...ticket, messages: messages.map((m) => ({ ...m })) });
		expect(run.items[0].json.buyer).toMatchObject({ id_buyer: ticket.id_buyer });
	});

	it('reports a ticket that does not exist (404) with its ID', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'ticket', operation: 'get', ticketId: byId('0099999999') },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'GET',
			path: '/tickets/0099999999/',
			signatureValid: true,
			status: 404,
		});
		expect(run.error?.message).toBe('Could not get ticket 0099999999: it was not found');
		expect(run.items).toHaveLength(0);
	});
});

describe('Ticket → Open', () => {
	it('opens tickets from comma-separated IDs and from an array, outputting the new zero-padded ticket IDs', async () => {
		const unit = sandbox.control.db.units[0];
		const first = await sandbox.control.createOrder({ units: [{ id_unit: unit.id_unit, quantity: 2 }] });
		const second = await sandbox.control.createOrder({ units: [{ id_unit: unit.id_unit, quantity: 1 }] });
		const firstIds = first.orderUnits.map((u) => u.id_order_unit);
		const secondIds = second.orderUnits.map((u) => u.id_order_unit);
		sandbox.control.clearRequests();

		const run = await runSellerNode(credentials, {
			items: [{ json: { units: firstIds.join(' , ') } }, { json: { units: secondIds } }],
			parameters: {
				resource: 'ticket',
				operation: 'open',
				orderUnitIds: '={{ $json.units }}',
				reason: 'product_return',
				message: '={{ "Please send the parcel back, item " + $itemIndex }}',
			},
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(2);
		expect(
			requests().map((r) => ({
				method: r.method,
				path: r.path,
				json: r.json,
				signatureValid: r.signatureValid,
				status: r.status,
			})),
		).toEqual([
			{
				method: 'POST',
				path: '/tickets/',
				json: { id_order_unit: firstIds, reason: 'product_return', message: 'Please send the parcel back, item 0' },
				signatureValid: true,
				status: 201,
			},
			{
				method: 'POST',
				path: '/tickets/',
				json: { id_order_unit: secondIds, reason: 'product_return', message: 'Please send the parcel back, item 1' },
				signatureValid: true,
				status: 201,
			},
		]);
		const created = sandbox.control.db.tickets.slice(-2);
		expect(created.map((t) => t.ids_order_unit)).toEqual([firstIds.map(String), secondIds.map(String)]);
		expect(run.items.map((item) => item.json)).toEqual(
			created.map((t) => ({
				success: true,
				id_ticket: t.id_ticket,
				id: t.id_ticket,
				location: `/tickets/${t.id_ticket}/`,
			})),
		);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		for (const t of created) expect(t.id_ticket).toMatch(/^0\d{9}$/);
	});
});

describe('Ticket → Close', () => {
	it('sends a PATCH without a body and outputs success with the ticket ID', async () => {
		const ticket = openTicket();
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'ticket', operation: 'close', ticketId: byId(ticket.id_ticket) },
		});

		expect(run.error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({
			method: 'PATCH',
			path: `/tickets/${ticket.id_ticket}/close/`,
			query: {},
			body: '',
			signatureValid: true,
			status: 204,
		});
		expect(run.items.map((item) => item.json)).toEqual([{ success: true, id_ticket: ticket.id_ticket }]);
		expect(sandbox.control.db.tickets.find((t) => t.id_ticket === ticket.id_ticket)?.status).toBe('seller_closed');
	});

	it('reports a ticket that does not exist (404)', async () => {
		const run = await runSellerNode(credentials, {
			parameters: { resource: 'ticket', operation: 'close', ticketId: byId('0099999999') },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ method: 'PATCH', path: '/tickets/0099999999/close/', status: 404 });
		expect(run.error?.message).toBe('Could not close ticket 0099999999: it was not found');
	});
});

describe('Ticket: input is checked before anything is sent', () => {
	it.each([
		[
			'Open: a non-numeric order unit ID',
			{ operation: 'open', orderUnitIds: '12, abc', reason: 'contact_other', message: 'Hallo' },
			/"Order Unit IDs" must be positive whole numbers separated by commas, but "abc" is not \[item 0\]/,
		],
		[
			'Open: no order unit IDs',
			{ operation: 'open', orderUnitIds: ' ', reason: 'contact_other', message: 'Hallo' },
			/"Order Unit IDs" is required.*\[item 0\]/,
		],
		[
			'Open: an empty message',
			{ operation: 'open', orderUnitIds: '12', reason: 'contact_other', message: '  ' },
			/"Message" is required and cannot be empty \[item 0\]/,
		],
		[
			'Open: an unknown reason from an expression',
			{ operation: 'open', orderUnitIds: '12', reason: '={{ "angry" }}', message: 'Hallo' },
			/"Reason" has an unknown value "angry" \[item 0\]/,
		],
		[
			'Get: no ticket (an expression that is empty)',
			{ operation: 'get', ticketId: byId('={{ $json.missing ?? "" }}') },
			/"Ticket" is required and cannot be empty \[item 0\]/,
		],
		[
			'Close: no ticket',
			{ operation: 'close', ticketId: byId('={{ " " }}') },
			/"Ticket" is required and cannot be empty \[item 0\]/,
		],
		[
			'Get Many: a buyer ID that is not a number',
			{ operation: 'getMany', returnAll: true, filters: { buyerId: 'x1' } },
			/"Buyer ID" must be a positive whole number, but it is "x1" \[item 0\]/,
		],
		[
			'Get Many: a date that is not a date',
			{ operation: 'getMany', returnAll: true, filters: { createdFrom: 'yesterday' } },
			/"Created After" must be a date.*\[item 0\]/,
		],
	])('%s', async (_name, parameters, message) => {
		const run = await runSellerNode(credentials, { parameters: { resource: 'ticket', ...parameters } });

		expect(run.error?.message).toMatch(message);
		expect(requests()).toHaveLength(0);
	});
});
