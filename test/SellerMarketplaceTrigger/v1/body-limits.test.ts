/**
 * Issue 11.13: a signed but absurdly nested or large notification must be refused (400) before anything
 * runs or is read, instead of becoming an item n8n cannot serialise. A notification is a few hundred bytes:
 * four fields, `payload` a string. Through n8n-core's real webhook context against the sandbox.
 */
import { useTestbed } from '../testbed';

const bed = useTestbed(1);
const { notification } = bed;

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** A notification whose payload is `depth` arrays deep: the body then nests depth + 1 levels. */
const deepNotification = (depth: number, id = 'deep') =>
	`{"event_name":"order_new","resource":"/orders/MABC123/","id_message":"${id}","payload":${nested(depth)}}`;

it('refuses a signed notification nested 100,000 levels deep with 400, reading and running nothing', async () => {
	const host = await bed.activeHost({ options: { fetchResource: true } });
	bed.sandbox.control.clearRequests();
	const body = deepNotification(100_000);
	// what the trigger used to emit: an item n8n cannot turn back into JSON
	expect(() => JSON.stringify(JSON.parse(body))).toThrow(RangeError);

	const response = await bed.post(host, bed.signed(host, body));
	expect(response.status).toBe(400);
	expect(response.json.error).toMatch(/nested more than 32 levels deep/);
	expect(host.executions).toEqual([]);
	expect(bed.reads()).toEqual([]);
});

it('refuses deep nesting before it looks at the signature (unsigned: 400, not a read-back)', async () => {
	const host = await bed.activeHost();
	bed.sandbox.control.clearRequests();
	expect((await bed.post(host, { body: deepNotification(5_000) })).status).toBe(400);
	expect(bed.reads()).toEqual([]);
});

it('accepts a payload up to the limit: 32 levels in all', async () => {
	const host = await bed.activeHost();
	expect((await bed.post(host, bed.signed(host, deepNotification(31, 'at-limit')))).status).toBe(200);
	expect((await bed.post(host, bed.signed(host, deepNotification(32, 'over-limit')))).status).toBe(400);
	expect(host.executions.map((execution) => execution.items[0].id_message)).toEqual(['at-limit']);
	expect(JSON.stringify(host.executions[0].items[0].payload)).toBe(nested(31));
});

it('does not count brackets inside strings', async () => {
	const host = await bed.activeHost();
	const body = notification({ id_message: 'brackets-in-text', payload: `${nested(500)}{"a":"\\"[[["}` });
	expect((await bed.post(host, bed.signed(host, body))).status).toBe(200);
	expect(host.executions).toHaveLength(1);
});

it('refuses a signed notification larger than 1 MiB with 400', async () => {
	const host = await bed.activeHost();
	const big = notification({ id_message: 'big', payload: 'x'.repeat(1024 * 1024) });
	const response = await bed.post(host, bed.signed(host, big));
	expect(response.status).toBe(400);
	expect(response.json.error).toMatch(/larger than 1048576 bytes/);
	expect(host.executions).toEqual([]);
});
