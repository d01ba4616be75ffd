/**
 * Stand-ins for the few n8n-nodes-base nodes the tests need (that package is not installed):
 * a manual trigger, a node that emits given items (with binary data), and a probe that sends a raw
 * authenticated request the way n8n's HTTP Request node does.
 */
import type {
	EngineRequest,
	EngineResponse,
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

const base = (name: string, displayName: string, inputs: string[]): INodeTypeDescription =>
	({
		displayName,
		name,
		group: ['transform'],
		version: 1,
		description: displayName,
		defaults: { name: displayName },
		inputs,
		outputs: ['main'],
		properties: [],
	}) as unknown as INodeTypeDescription;

export class ManualTrigger implements INodeType {
	description: INodeTypeDescription = { ...base('manualTrigger', 'Manual Trigger', []), group: ['trigger'] };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/** Emits the items in its `items` parameter; `binary` entries are `{ property: { text, fileName, mimeType } }`. */
export class EmitItems implements INodeType {
	description: INodeTypeDescription = {
		...base('emitItems', 'Emit Items', ['main']),
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | IDataObject[];
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
			json: IDataObject;
			binary?: Record<string, { text: string; fileName?: string; mimeType?: string }>;
		}>;
		const output: INodeExecutionData[] = [];
		for (const [index, item] of items.entries()) {
			const binary: IBinaryKeyData = {};
			for (const [property, file] of Object.entries(item.binary ?? {})) {
				binary[property] = await this.helpers.prepareBinaryData(
					Buffer.from(file.text, 'utf8'),
					file.fileName,
					file.mimeType,
				);
			}
			output.push({ json: item.json, binary: item.binary ? binary : undefined, pairedItem: { item: index } });
		}
		return [output];
	}
}

/**
 * Sends one request with the seller credentials, as n8n's HTTP Request node does with a "Predefined
 * Credential Type": `mode` 'httpRequest' uses the current helper (url + qs/body objects),
 * 'legacyRequest' the legacy one (uri + qs/body objects), 'credentialTest' the credential's own test
 * request shape (relative url + baseURL).
 */
export class RequestProbe implements INodeType {
	description: INodeTypeDescription = {
		...base('requestProbe', 'Request Probe', ['main']),
		credentials: [{ name: 'sellerMarketplaceApi', required: true }],
		properties: [{ displayName: 'Request', name: 'request', type: 'json', default: '{}' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('request', 0) as string | IDataObject;
		const { mode, ...options } = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject & { mode: string };
		let response: unknown;
		if (mode === 'legacyRequest') {
			response = await this.helpers.requestWithAuthentication.call(this, 'sellerMarketplaceApi', {
				...(options as object),
				json: true,
				resolveWithFullResponse: true,
				simple: false,
			} as never);
			const full = response as { statusCode: number; body: unknown };
			return [[{ json: { statusCode: full.statusCode, body: full.body as IDataObject } }]];
		}
		response = await this.helpers.httpRequestWithAuthentication.call(this, 'sellerMarketplaceApi', {
			...(options as object),
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		} as never);
		const full = response as { statusCode: number; body: unknown };
		return [[{ json: { statusCode: full.statusCode, body: full.body as IDataObject } }]];
	}
}

/**
 * Stands in for an AI agent: asks for the tools connected to its `ai_tool` input the way n8n's agents do
 * (n8n-core wraps a node that is usable as a tool into a LangChain tool), calls each once with the arguments in
 * `toolArgs`, and outputs what each answered: the text the agent would read, and that text parsed.
 */
export class ToolCaller implements INodeType {
	description: INodeTypeDescription = {
		...base('toolCaller', 'Tool Caller', ['main']),
		inputs: ['main', { type: 'ai_tool', displayName: 'Tools', required: true }],
		properties: [{ displayName: 'Tool Arguments', name: 'toolArgs', type: 'json', default: '{}' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('toolArgs', 0) as string | IDataObject;
		const args = typeof raw === 'string' ? (JSON.parse(raw) as IDataObject) : raw;
		const connected = (await this.getInputConnectionData('ai_tool' as never, 0)) as unknown;
		const tools = (Array.isArray(connected) ? connected : [connected]) as Array<{
			name: string;
			invoke(input: IDataObject): Promise<string>;
		}>;
		const output: INodeExecutionData[] = [];
		for (const tool of tools) {
			const text = await tool.invoke(args);
			output.push({ json: { tool: tool.name, text, answer: JSON.parse(text) as IDataObject } });
		}
		return [output];
	}
}

/** One call of a tool the scripted model makes: the tool's name as the agent sees it, and its arguments. */
export interface ScriptedToolCall {
	tool: string;
	args: IDataObject;
}

/** What the agent read back from one tool call: the observation n8n's agent hands its model. */
export interface AgentObservation {
	tool: string;
	node: string;
	args: IDataObject;
	/** The tool's output items, as n8n's agent reads them (the node's `ai_tool` output). */
	answer?: IDataObject[];
	/** The error the tool ended with, if it did not answer. */
	error?: string;
}

/**
 * The metadata of the agent's requests: of the request, what it keeps between turns (n8n hands it back with the
 * response); of each action, the item and the tool's name, as n8n's agent writes them.
 */
interface AgentMemory {
	turn?: number;
	read?: AgentObservation[];
	itemIndex?: number;
	toolName?: string;
}

/**
 * Stands in for n8n's AI Agent (version 3, whose tool calls the engine runs) with a scripted model: each turn of
 * `script` is the tool calls the model makes after reading the previous turn's answers. As the agent does, it asks
 * its `ai_tool` input for the connected tools (n8n-core wraps each tool node, and the name the model calls it by
 * comes from there), hands the engine an ExecutionNodeAction per call, and is resumed with what each tool node
 * output. When the script ends, it outputs one item per call with what the model read.
 */
export class ScriptedAgent implements INodeType {
	description: INodeTypeDescription = {
		...base('scriptedAgent', 'Scripted Agent', ['main']),
		inputs: ['main', { type: 'ai_tool', displayName: 'Tools', required: true }],
		properties: [{ displayName: 'Script', name: 'script', type: 'json', default: '[]' }],
	} as unknown as INodeTypeDescription;

	async execute(
		this: IExecuteFunctions,
		response?: EngineResponse<AgentMemory>,
	): Promise<INodeExecutionData[][] | EngineRequest<AgentMemory>> {
		const raw = this.getNodeParameter('script', 0) as string | ScriptedToolCall[][];
		const script = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ScriptedToolCall[][];
		const turn = response?.metadata.turn ?? 0;
		const read = [...(response?.metadata.read ?? [])];
		for (const { action, data } of response?.actionResponses ?? []) {
			read.push({
				tool: String(action.metadata.toolName),
				node: action.nodeName,
				args: action.input,
				answer: data.data?.ai_tool?.[0]?.map((item) => item.json),
				error: data.error?.message,
			});
		}
		if (turn >= script.length) return [read.map((observation) => ({ json: { ...observation } }))];
		const connected = (await this.getInputConnectionData('ai_tool' as never, 0)) as unknown;
		const tools = (Array.isArray(connected) ? connected : [connected]) as Array<{
			name: string;
			metadata?: { sourceNodeName?: string };
		}>;
		return {
			actions: script[turn].map((call, index) => {
				const tool = tools.find(({ name }) => name === call.tool);
				if (!tool?.metadata?.sourceNodeName) throw new Error(`No tool named ${call.tool}`);
				return {
					actionType: 'ExecutionNodeAction' as const,
					nodeName: tool.metadata.sourceNodeName,
					input: call.args,
					type: 'ai_tool' as const,
					id: `call_${turn}_${index}`,
					metadata: { itemIndex: 0, toolName: call.tool },
				};
			}),
			metadata: { turn: turn + 1, read },
		};
	}
}
