/**
 * A seller can call any endpoint by hand: n8n's own HTTP Request node with the Seller Marketplace
 * credentials (Predefined Credential Type) signs exactly what it sends, query and body included.
 */
import { nodeItems } from '../lib/n8n';
import { connect } from '../setup/state';
import { HTTP_REQUEST_BODY, HTTP_REQUEST_FILTER, HTTP_REQUEST_WORKFLOW_ID } from '../workflows';

const { n8n, sandbox } = connect();

test('GET with an encoded query and POST with a JSON body, both signed as sent', async () => {
	const mark = await sandbox.lastSeq();
	const result = await n8n.execute(HTTP_REQUEST_WORKFLOW_ID);
	if (result.code !== 0 || result.run?.status !== 'success') {
		throw new Error(`n8n execute failed (${result.exit}): ${result.output.slice(-2000)}`);
	}
	const requests = await sandbox.requestsSince(mark);
	const list = requests.find((request) => request.method === 'GET' && request.path === '/order-units/seller/');
	const answer = requests.find((request) => request.method === 'POST' && request.path === '/ticket-messages/');
	expect(list).toMatchObject({ signatureValid: true, status: 200, query: HTTP_REQUEST_FILTER });
	expect(list?.rawUrl).toContain('ts_created%3Afrom=2020-01-01%2000%3A00%3A00');
	expect(answer).toMatchObject({ signatureValid: true, status: 201, json: HTTP_REQUEST_BODY });

	const units = nodeItems(result.run.data.resultData.runData, 'List units to send');
	expect(units.length).toBeGreaterThan(0);
	expect(units.every((unit) => unit.status === 'need_to_be_sent')).toBe(true);
});
