/** One workflow per resource of the action node, each run by `n8n execute` in the real n8n. */
import { nodeItems } from '../lib/n8n';
import { connect } from '../setup/state';
import { RESOURCE_CASES, requestMatches } from '../workflows';

const { n8n, sandbox } = connect();

describe.each(RESOURCE_CASES.map((c) => [`${c.resource}: ${c.operation}`, c] as const))('%s', (_title, c) => {
	test('runs in n8n and sends one correctly signed request', async () => {
		const mark = await sandbox.lastSeq();
		const result = await n8n.execute(c.workflowId);
		const error = result.run?.data.resultData.error;
		if (result.code !== 0 || result.run?.status !== 'success') {
			throw new Error(
				`n8n execute failed (${result.exit}): ${error ? `${error.message} ${error.description ?? ''}` : result.output.slice(-2000)}`,
			);
		}
		const items = nodeItems(result.run.data.resultData.runData, c.nodeName);
		c.expectItems(items);
		const requests = await sandbox.requestsSince(mark);
		const matching = requests.filter((r) => requestMatches(r, c.request));
		expect(matching.length).toBeGreaterThanOrEqual(1);
		for (const request of matching) {
			expect({ path: request.path, signatureValid: request.signatureValid, ok: request.status < 300 }).toEqual({
				path: request.path,
				signatureValid: true,
				ok: true,
			});
		}
	});
});
