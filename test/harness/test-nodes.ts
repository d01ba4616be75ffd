/**
 * Stand-ins for the few n8n-nodes-base nodes the tests need (that package is not installed):
 * a manual trigger, a node that emits given items (with binary data), and a probe that sends a raw
 * authenticated request the way n8n's HTTP Request node does.
 */
import type {
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
