/**
 * Issue 11, item 3: no ID may change the path of a signed request. `.` and `..` are not percent-encoded,
 * so URL parsing would turn `/tickets/../close/` into `/close/` and the node would sign and send that.
 */
import type { IDataObject } from 'n8n-workflow';

import { apiPath } from '../../nodes/api/core/path';
import { runSellerNode } from '../harness/workflow';
import { useSandbox } from '../harness/sandbox';

const env = useSandbox({}, { resetEachTest: false });

beforeEach(() => env.sandbox().control.clearRequests());

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('free-text IDs that would change the path are refused before anything is sent', () => {
	const operations: Array<[string, IDataObject, string]> = [
		['Order → Get', { resource: 'order', operation: 'get', orderId: byId('={{ $json.id }}') }, 'Order'],
		['Ticket → Get', { resource: 'ticket', operation: 'get', ticketId: byId('={{ $json.id }}') }, 'Ticket'],
		['Ticket → Close', { resource: 'ticket', operation: 'close', ticketId: byId('={{ $json.id }}') }, 'Ticket'],
		[
			'Ticket Message → Send',
			{
				resource: 'ticketMessage',
				operation: 'send',
				ticketId: byId('={{ $json.id }}'),
				text: 'Hello',
				additionalFields: {},
			},
			'Ticket',
		],
	];
	const values = ['.', '..', ' .. ', '../close', 'a/b', 'a\\b', 'x\u0000y'];

	it.each(
		operations.flatMap(([name, parameters, label]) =>
			values.map((value) => [name, JSON.stringify(value), parameters, label, value] as const),
		),
	)('%s with ID %s', async (_name, _shown, parameters, label, value) => {
		const run = await runSellerNode(env.credentials(), {
			parameters,
			items: [{ json: { id: 'MHRYPC1' } }, { json: { id: value } }],
			continueOnFail: true,
		});
		const second = run.items.find((item) => (item.pairedItem as { item: number }).item === 1);
		expect(second?.json.error).toMatch(new RegExp(`"${label}".*\\[item 1\\]`));
		// Item 0 went out as usual; item 1 sent nothing at all.
		const paths = env
			.sandbox()
			.control.requests()
			.map((request) => request.path);
		expect(paths.every((path) => !path.includes('..') && !/^\/close\/?$/.test(path))).toBe(true);
		expect(env.sandbox().control.requests().length).toBeLessThanOrEqual(1);
	});
});

describe('apiPath', () => {
	it('encodes every value as exactly one path segment', () => {
		expect(apiPath`/orders/${'M8CXTB1-2'}/`).toBe('/orders/M8CXTB1-2/');
		expect(apiPath`/tickets/${'a/b?c#d'}/close/`).toBe('/tickets/a%2Fb%3Fc%23d/close/');
		expect(apiPath`/units/${151177892008}/`).toBe('/units/151177892008/');
	});

	it.each(['', '.', '..'])('refuses %j, which URL parsing would drop or resolve', (value) => {
		expect(() => apiPath`/tickets/${value}/close/`).toThrow(/would change the request path/);
	});
});
