/**
 * A chat model for the e2e tests: a local server that speaks OpenAI's Chat Completions (what n8n's OpenAI Chat
 * Model sends to a credential's Base URL) and answers from a script instead of a model, so that n8n's AI Agent
 * calls the tools a test wants, with no network. Every request is kept: a test reads what the agent sent the
 * model, e.g. the tool output it read back.
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content?: string | null;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatRequest {
	messages: ChatMessage[];
	tools?: Array<{ function: { name: string; parameters?: { properties?: Record<string, unknown> } } }>;
	stream?: boolean;
}

/** What the model does next: call a tool (by its name as the agent lists it) or answer in words. */
export type ModelTurn = { call: string; args: Record<string, unknown> } | { text: string };

export interface ScriptedModel {
	/** The Base URL for n8n's OpenAI credential, e.g. http://127.0.0.1:41234/v1. */
	url: string;
	/** Every request n8n sent, in order. */
	requests: ChatRequest[];
	close(): Promise<void>;
}

/** Starts the server; `next` decides each turn from the request (the conversation so far and the tools offered). */
export async function startScriptedModel(next: (request: ChatRequest) => ModelTurn): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	let calls = 0;
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${req.url}` } }));
				return;
			}
			const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
			requests.push(request);
			const turn = next(request);
			const message =
				'call' in turn
					? {
							role: 'assistant',
							content: null,
							tool_calls: [
								{
									id: `call_${++calls}`,
									type: 'function',
									function: { name: turn.call, arguments: JSON.stringify(turn.args) },
								},
							],
						}
					: { role: 'assistant', content: turn.text };
			const finish = 'call' in turn ? 'tool_calls' : 'stop';
			const base = { id: `chatcmpl-${requests.length}`, created: Math.floor(Date.now() / 1000), model: 'scripted' };
			const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
			if (request.stream) {
				res.writeHead(200, { 'content-type': 'text/event-stream' });
				const delta =
					'call' in turn
						? { role: 'assistant', tool_calls: message.tool_calls!.map((call, index) => ({ index, ...call })) }
						: { role: 'assistant', content: turn.text };
				const chunk = (choice: object) =>
					`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }] })}\n\n`;
				res.write(chunk({ delta, finish_reason: null }));
				res.write(chunk({ delta: {}, finish_reason: finish }));
				res.end('data: [DONE]\n\n');
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					...base,
					object: 'chat.completion',
					choices: [{ index: 0, message, finish_reason: finish }],
					usage,
				}),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
