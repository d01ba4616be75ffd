/**
 * The template examples/ai-seller-assistant-guarded.json in the real n8n: n8n's AI Agent with its OpenAI Chat
 * Model pointed (by the credential's Base URL) at a local scripted model, the Seller Marketplace nodes as its
 * tools against the sandbox. A question reads the order (and the model reads it without the buyer's personal
 * data); a refund stops at n8n's human review of tool calls: the execution waits and nothing reaches the sandbox.
 * The test's copy of the template differs in three things only: its id, the OpenAI credential, and the chat
 * trigger made public, so that the test can post to it as a chat page would. A second workflow, the same agent with
 * only the Cancel tool and its AI Tool Safety left at the default (reads only), shows a write refused in real n8n.
 */
import type { OrderUnit } from '../../sandbox/core/types';
import { budget } from '../../test/budget';
import { ASSISTANT_TOOLS } from '../build-examples';
import { sleep, type ExecutionRecord } from '../lib/n8n';
import { startScriptedModel, type ChatRequest, type ModelTurn, type ScriptedModel } from '../lib/scripted-model';
import { readExamples, withSandboxCredentials, type NodeJson } from '../lib/workflows';
import { connect } from '../setup/state';

const { n8n, sandbox } = connect();

const COPY_ID = 'e2eRunV2AiAssist';
const CHAT_WEBHOOK_ID = '5e11e400-0de4-4c1e-9a5e-0000000e2e32';
/** A workflow of the template's agent with only its Cancel tool, whose AI Tool Safety lists no write (the default). */
const REFUSING_ID = 'e2eRunV2AiRefuse';
const REFUSING_WEBHOOK_ID = '5e11e400-0de4-4c1e-9a5e-0000000e2e33';
const toolName = (nodeName: string) => nodeName.replace(/[^a-zA-Z0-9_-]/g, '_');

/** The model: asks for the tool the seller's question needs, then answers with what the tool returned. */
function script(request: ChatRequest): ModelTurn {
	const last = request.messages[request.messages.length - 1];
	if (last.role === 'tool') return { text: `The tool answered: ${last.content ?? ''}` };
	const question = String([...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '');
	const offered = (request.tools ?? []).map((tool) => tool.function.name);
	const order = /where is order (\S+)\?/i.exec(question);
	if (order && offered.includes(toolName(ASSISTANT_TOOLS.reads[0])))
		return { call: toolName(ASSISTANT_TOOLS.reads[0]), args: { order_id: order[1] } };
	const writes: Array<[RegExp, string, (match: RegExpExecArray) => Record<string, unknown>]> = [
		[
			/refund (\d+) cents on order unit (\d+)/i,
			ASSISTANT_TOOLS.writes[0],
			(m) => ({ order_unit_id: Number(m[2]), amount_cents: Number(m[1]) }),
		],
		[/cancel order unit (\d+)/i, ASSISTANT_TOOLS.writes[1], (m) => ({ order_unit_id: Number(m[1]) })],
	];
	for (const [pattern, node, argsOf] of writes) {
		const match = pattern.exec(question);
		const tool = request.tools?.find((offer) => offer.function.name === toolName(node));
		if (!match || !tool) continue;
		// behind n8n's human review the tool takes its own parameters under toolParameters
		const gated = Boolean(tool.function.parameters?.properties?.toolParameters);
		return {
			call: tool.function.name,
			args: gated ? { toolParameters: argsOf(match), hitlParameters: {} } : argsOf(match),
		};
	}
	return { text: `No scripted turn for "${question}" with the tools ${offered.join(', ')}` };
}

let model: ScriptedModel;

async function chat(sessionId: string, chatInput: string, webhookId = CHAT_WEBHOOK_ID): Promise<number> {
	const response = await fetch(n8n.webhookUrl(`${webhookId}/chat`), {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
	});
	await response.text();
	return response.status;
}

/**
 * The execution of the copy after `afterId` once it waits at `node` (a chat with response nodes keeps its execution
 * waiting for the next message after each answer; n8n's human review waits for the decision), or has ended.
 */
async function executionWaitingAt(afterId: number, node: string, workflowId = COPY_ID): Promise<ExecutionRecord> {
	const deadline = Date.now() + budget(60_000);
	for (;;) {
		const [execution] = await n8n.executions({ afterId, workflowId });
		const waits = execution?.status === 'waiting' && node in execution.runData;
		if (execution && (waits || !['new', 'running', 'waiting'].includes(execution.status))) return execution;
		if (Date.now() > deadline) throw new Error(`no execution of ${workflowId} waited at ${node}`);
		await sleep(250);
	}
}

beforeAll(async () => {
	model = await startScriptedModel(script);
	const credential = await n8n.rest<{ id: string; name: string }>('POST', '/credentials', {
		name: 'Scripted model (e2e)',
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted-e2e', url: model.url },
	});
	if (credential.status !== 200) throw new Error(`creating the credential: ${JSON.stringify(credential.raw)}`);
	const template = readExamples().find(({ file }) => file === 'ai-seller-assistant-guarded.json')!.workflow;
	const copy = withSandboxCredentials(template);
	for (const node of copy.nodes as NodeJson[]) {
		if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
			node.credentials = { openAiApi: { id: credential.data.id, name: credential.data.name } };
		if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger') {
			node.webhookId = CHAT_WEBHOOK_ID;
			node.parameters = { ...node.parameters, public: true };
		}
	}
	const created = await n8n.rest('POST', '/workflows', {
		...copy,
		id: COPY_ID,
		name: `${template.name} (run by e2e)`,
		active: false,
	});
	if (created.status !== 200) throw new Error(`creating the workflow: ${JSON.stringify(created.raw)}`);
	await n8n.activate(COPY_ID);

	const kept = ['Chat with your assistant', 'Seller assistant', 'OpenAI Chat Model', 'Answer in the chat'];
	const cancel = ASSISTANT_TOOLS.writes[1];
	const refusing = (copy.nodes as NodeJson[])
		.filter((node) => kept.includes(node.name) || node.name === cancel)
		.map((node) => {
			if (node.name === cancel) {
				const { aiToolSafety: _listed, ...parameters } = node.parameters;
				return { ...node, parameters };
			}
			return node.webhookId === CHAT_WEBHOOK_ID ? { ...node, webhookId: REFUSING_WEBHOOK_ID } : node;
		});
	const agent = (type: string) => ({ [type]: [[{ node: 'Seller assistant', type, index: 0 }]] });
	const second = await n8n.rest('POST', '/workflows', {
		id: REFUSING_ID,
		name: 'AI assistant with a Cancel tool that lists no write (run by e2e)',
		nodes: refusing,
		connections: {
			'Chat with your assistant': { main: [[{ node: 'Seller assistant', type: 'main', index: 0 }]] },
			'Seller assistant': { main: [[{ node: 'Answer in the chat', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': agent('ai_languageModel'),
			[cancel]: agent('ai_tool'),
		},
		settings: { executionOrder: 'v1' },
		active: false,
	});
	if (second.status !== 200) throw new Error(`creating the workflow: ${JSON.stringify(second.raw)}`);
	await n8n.activate(REFUSING_ID);
}, budget(120_000));

afterAll(async () => {
	await n8n.deactivate(COPY_ID).catch(() => undefined);
	await n8n.deactivate(REFUSING_ID).catch(() => undefined);
	await model?.close();
});

test('"where is order X?": the agent reads the order through the tool, without the buyer\'s personal data', async () => {
	const unit = (await sandbox.state<OrderUnit>('orderUnits')).find(
		(u) => u.status === 'sent' && (u._storefront ?? 'de') === 'de',
	)!;
	const afterId = await n8n.lastExecutionId();
	const mark = await sandbox.lastSeq();
	const asked = model.requests.length;

	expect(await chat('e2e-where', `Where is order ${unit.id_order}?`)).toBe(200);
	const execution = await executionWaitingAt(afterId, 'Answer in the chat');
	await n8n.rest('POST', `/executions/${execution.id}/stop`);

	expect(execution.status).toBe('waiting');
	const requests = (await sandbox.requestsSince(mark)).filter((r) => r.api === 'v2');
	expect(requests.map((r) => [r.method, r.path, r.signatureValid])).toEqual([
		['GET', `/orders/${unit.id_order}`, true],
	]);
	const toolOutput =
		model.requests
			.slice(asked)
			.flatMap((r) => r.messages)
			.find((m) => m.role === 'tool')?.content ?? '';
	expect(toolOutput).toContain(unit.id_order);
	const personal = [unit.buyer.email, unit.shipping_address.last_name, unit.shipping_address.street];
	for (const value of personal) expect(toolOutput).not.toContain(value);
	expect(JSON.stringify(execution.runData['Answer in the chat'])).toContain(`The tool answered: `);
	expect(Object.keys(execution.runData)).not.toContain(ASSISTANT_TOOLS.approval);
});

describe('"refund …": behind n8n\'s human review of tool calls', () => {
	let unit: OrderUnit;
	let waiting: ExecutionRecord;
	let mark: number;

	test('the agent asks for approval in the chat, the execution waits, and nothing reaches the sandbox', async () => {
		unit = (await sandbox.state<OrderUnit>('orderUnits')).find(
			(u) => u.status === 'sent' && (u._storefront ?? 'de') === 'de' && u._refunds.length === 0,
		)!;
		const afterId = await n8n.lastExecutionId();
		mark = await sandbox.lastSeq();

		expect(await chat('e2e-refund', `Refund 100 cents on order unit ${unit.id_order_unit}`)).toBe(200);
		waiting = await executionWaitingAt(afterId, ASSISTANT_TOOLS.approval);

		expect(waiting.status).toBe('waiting');
		expect(Object.keys(waiting.runData)).not.toContain(ASSISTANT_TOOLS.writes[0]);
		await sleep(1000);
		expect((await sandbox.requestsSince(mark)).filter((r) => r.api === 'v2')).toEqual([]);
	});

	test("Approve (the link of the chat message's button) runs the refund once, and the agent reads that it is done", async () => {
		const approve = /http[^"\\]*\/webhook-waiting\/[^"\\]*approved=true&signature=[0-9a-f]+/.exec(
			JSON.stringify(waiting.runData[ASSISTANT_TOOLS.approval]),
		)?.[0];
		expect(approve).toBeDefined();
		const asked = model.requests.length;

		// as the seller's browser opens it (n8n answers link checkers, which announce themselves as bots, without acting)
		const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
		expect((await fetch(approve!, { headers: { 'user-agent': browser } })).status).toBe(200);
		const deadline = Date.now() + budget(60_000);
		let execution = waiting;
		while (!(ASSISTANT_TOOLS.writes[0] in execution.runData) || !('Answer in the chat' in execution.runData)) {
			if (Date.now() > deadline) throw new Error('the approved refund did not run');
			await sleep(250);
			execution = (await n8n.executions({ afterId: waiting.id - 1, workflowId: COPY_ID }))[0];
		}
		await n8n.rest('POST', `/executions/${execution.id}/stop`);

		const requests = (await sandbox.requestsSince(mark)).filter((r) => r.api === 'v2');
		expect(requests.map((r) => [r.method, r.path, r.json])).toEqual([
			['PATCH', `/order-units/${unit.id_order_unit}/refund`, expect.objectContaining({ amount: 100 })],
		]);
		const toolOutput = model.requests
			.slice(asked)
			.flatMap((r) => r.messages)
			.filter((m) => m.role === 'tool')
			.map((m) => m.content ?? '')
			.join('\n');
		expect(toolOutput).toContain(String(unit.id_order_unit));
		expect(toolOutput).not.toContain('refused');
	});
});

test("a tool whose AI Tool Safety lists no write: the agent's cancel sends nothing, and the agent reads why", async () => {
	const unit = (await sandbox.state<OrderUnit>('orderUnits')).find(
		(u) => u.status === 'need_to_be_sent' && (u._storefront ?? 'de') === 'de',
	)!;
	const afterId = await n8n.lastExecutionId();
	const mark = await sandbox.lastSeq();
	const asked = model.requests.length;

	expect(await chat('e2e-cancel', `Cancel order unit ${unit.id_order_unit}`, REFUSING_WEBHOOK_ID)).toBe(200);
	const execution = await executionWaitingAt(afterId, 'Answer in the chat', REFUSING_ID);
	await n8n.rest('POST', `/executions/${execution.id}/stop`);

	expect(execution.status).toBe('waiting');
	expect(Object.keys(execution.runData)).toContain(ASSISTANT_TOOLS.writes[1]);
	expect((await sandbox.requestsSince(mark)).filter((r) => r.api === 'v2')).toEqual([]);
	const toolOutput =
		model.requests
			.slice(asked)
			.flatMap((r) => r.messages)
			.find((m) => m.role === 'tool')?.content ?? '';
	expect(JSON.parse(toolOutput)).toEqual([
		{ refused: true, message: expect.stringContaining('Order Unit → Cancel (this write is not in the tool') },
	]);
	const after = (await sandbox.state<OrderUnit>('orderUnits')).find((u) => u.id_order_unit === unit.id_order_unit);
	expect(after?.status).toBe('need_to_be_sent');
});
