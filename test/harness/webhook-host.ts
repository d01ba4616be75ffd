/**
 * Plays n8n's webhook server for one workflow holding the Seller Marketplace Trigger, in-process.
 *
 * It does what n8n's cli does around a webhook node, with n8n-core's real contexts:
 * - activation (ActiveWorkflowManager.addWebhooks): for each webhook in description order, register the
 *   route, then checkExists → create through a real `HookContext`; save static data afterwards; on a
 *   failure run delete with the saved static data (clearWebhooks) and rethrow;
 * - deactivation (deregisterWebhooks): delete through a `HookContext`, save static data, drop the routes;
 * - "listen for test event" (TestWebhooks): the same under /webhook-test/ in mode 'manual', starting from
 *   empty static data that lives only as long as the listener, as n8n does;
 * - incoming calls (WebhookHelpers.executeWebhook): a real `WebhookContext` reading req/res from
 *   additionalData.httpRequest/httpResponse, the raw body kept as `req.rawBody`, n8n's onReceived answers,
 *   static data saved after every call, and each returned workflowData recorded as an "execution".
 * Credentials are the real credentials type (its `authenticate` signs requests); only their store is a stand-in.
 */
import express from 'express';
import type { Request, Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeTypes,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import type { SellerMarketplaceTrigger as SellerMarketplaceTriggerNode } from '../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node';
import { forgetInProcessLogs } from '../../nodes/SellerMarketplaceTrigger/receiving/deliveryLog';
import { forgetWatches } from '../../nodes/SellerMarketplaceTrigger/subscribing/watch';
import { forgetCachedSecrets } from '../../nodes/SellerMarketplaceTrigger/receiving/secretCache';
import { PACKAGE, TestCredentialsHelper, type SellerCredentials, type SellerCredentialsV2 } from './workflow';

export type WebhookMode = 'production' | 'test';

export const TRIGGER_NODE_NAME = 'Seller Marketplace Trigger';
const TRIGGER_TYPE = `${PACKAGE}.sellerMarketplaceTrigger`;

export interface HostedExecution {
	mode: WebhookMode;
	/** What the node returned as workflowData: the items the workflow would start with. */
	workflowData: INodeExecutionData[][];
	/** Shortcut: the json of the first output's items. */
	items: IDataObject[];
}

export interface HostedCall {
	mode: WebhookMode;
	method: string;
	/** Path and query as received. */
	url: string;
	webhook?: string;
	status: number;
	responseBody: string;
	contentType?: string;
	executed: boolean;
	error?: string;
	/** What the node logged while handling the call (n8n's logger), e.g. why it refused it. */
	log: string[];
}

export interface WebhookHostOptions {
	/** API v1 credentials for typeVersion 1 (the default), API v2 credentials for typeVersion 2. */
	credentials: SellerCredentials | SellerCredentialsV2;
	/** The trigger's version: 1 (API v1) unless given. */
	typeVersion?: 1 | 2;
	/** Parameters of the trigger node. */
	parameters: INodeParameters;
	/** The workflow's saved static data, e.g. `previousHost.staticData` to simulate a restart. */
	staticData?: IDataObject;
	workflowId?: string;
	/** The node's webhookId (part of its URL); reuse it to simulate the same workflow after a restart. */
	webhookId?: string;
	/** Base URL n8n announces in webhook URLs (WEBHOOK_URL); defaults to where this host listens. */
	publicBaseUrl?: string;
	/** Port to listen on (0: any); reuse a closed host's port to simulate a restart at the same URL. */
	port?: number;
	/**
	 * Start as a new n8n process would: nothing the node kept in process memory (delivery logs, cached
	 * secrets) survives from earlier hosts, only what `staticData` carries.
	 */
	freshProcess?: boolean;
	/** Called after every answered call, e.g. to change the host's behaviour between two calls. */
	onCall?: (call: HostedCall, host: WebhookHost) => void;
}

interface Registration {
	mode: WebhookMode;
	description: IWebhookDescription;
}

function nodeTypes(): INodeTypes {
	// Named with its extension: plain Node resolution (ts-node, the benchmarks) would find the codex file
	// SellerMarketplaceTrigger.node.json next to it first.
	const { SellerMarketplaceTrigger } =
		require('../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node.ts') as {
			SellerMarketplaceTrigger: typeof SellerMarketplaceTriggerNode;
		};
	const types: Record<string, IVersionedNodeType> = { [TRIGGER_TYPE]: new SellerMarketplaceTrigger() };
	return {
		getByName: (name: string) => types[name],
		getByNameAndVersion: (name: string, version?: number) => NodeHelpers.getVersionedNodeType(types[name], version),
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;

export class WebhookHost {
	/** What the node logged from its hook contexts: activation, deactivation and the subscription watch. */
	readonly hookLog: string[] = [];

	/** The saved static data of the workflow (what n8n keeps in its database). */
	staticData: IDataObject;

	readonly executions: HostedExecution[] = [];

	readonly calls: HostedCall[] = [];

	readonly workflowId: string;

	readonly webhookId: string;

	readonly baseUrl: string;

	private readonly types = nodeTypes();

	private readonly routes = new Map<string, Registration>();

	/** Static data of the running test listener (never saved, as in n8n). */
	private testStaticData: IDataObject | undefined;

	/** When set, incoming connections are cut without an answer, as if n8n were unreachable. */
	offline = false;

	private credentials: SellerCredentials | SellerCredentialsV2;

	readonly typeVersion: 1 | 2;

	/** How many times a node asked n8n for its decrypted credentials (n8n reads and decrypts them each time). */
	credentialReads = 0;

	private constructor(
		private readonly options: WebhookHostOptions,
		private readonly server: Server,
		listeningBaseUrl: string,
	) {
		this.staticData = clone(options.staticData ?? {});
		this.credentials = { ...options.credentials };
		this.typeVersion = options.typeVersion ?? 1;
		this.workflowId = options.workflowId ?? 'wf-trigger';
		this.webhookId = options.webhookId ?? 'b1c2d3e4-0000-4000-8000-000000000001';
		this.baseUrl = (options.publicBaseUrl ?? listeningBaseUrl).replace(/\/+$/, '');
	}

	static async start(options: WebhookHostOptions): Promise<WebhookHost> {
		if (options.freshProcess) {
			forgetInProcessLogs();
			forgetCachedSecrets();
		}
		const app = express();
		const server = await new Promise<Server>((resolve, reject) => {
			const listening = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(listening));
			listening.once('error', reject);
		});
		const { port } = server.address() as AddressInfo;
		const host = new WebhookHost(options, server, `http://127.0.0.1:${port}`);
		// n8n keeps the exact bytes as req.rawBody and parses JSON into req.body.
		app.use(express.raw({ type: () => true, limit: '16mb' }));
		app.use((req: Request, res: Response) => {
			void host.handle(req, res);
		});
		return host;
	}

	/** Changes the stored credential, as a user editing it in n8n would; the next read returns the new values. */
	updateCredentials(changes: Partial<SellerCredentialsV2>): void {
		this.credentials = { ...this.credentials, ...changes };
	}

	/** The URL of one of the node's webhooks, as n8n would announce it. */
	url(mode: WebhookMode = 'production'): string {
		return `${this.baseUrl}/${mode === 'test' ? 'webhook-test' : 'webhook'}/${this.webhookId}/webhook`;
	}

	get node(): INode {
		return {
			id: 'trigger-node',
			name: TRIGGER_NODE_NAME,
			type: TRIGGER_TYPE,
			typeVersion: this.typeVersion,
			position: [0, 0],
			webhookId: this.webhookId,
			parameters: clone(this.options.parameters),
			credentials: { [this.credentialType]: { id: 'cred-1', name: 'Sandbox' } },
		};
	}

	/** The credential type the trigger's version uses. */
	get credentialType(): string {
		return this.typeVersion === 2 ? 'sellerMarketplaceV2Api' : 'sellerMarketplaceApi';
	}

	/** Executions of one mode only. */
	executionsOf(mode: WebhookMode): HostedExecution[] {
		return this.executions.filter((execution) => execution.mode === mode);
	}

	/** Activates the workflow (production webhooks). Throws what the node threw, after n8n-like clean-up. */
	async activate(): Promise<void> {
		const workflow = this.workflow(this.staticData);
		try {
			for (const description of this.descriptions()) {
				this.routes.set(this.routeKey('production', description), { mode: 'production', description });
				await this.createIfNotExists(workflow, description, 'production', 'trigger', 'activate');
			}
		} catch (error) {
			await this.deactivate();
			throw error;
		}
		this.save(workflow, 'production');
	}

	/** Deactivates the workflow: delete with the saved static data, then drop the routes. */
	async deactivate(): Promise<void> {
		const workflow = this.workflow(this.staticData);
		try {
			for (const description of this.descriptions()) {
				await this.runHook('delete', workflow, description, 'production', 'internal', 'update');
			}
		} finally {
			this.save(workflow, 'production');
			this.dropRoutes('production');
		}
	}

	/** "Listen for test event": test webhooks with their own, unsaved static data. */
	async listen(): Promise<void> {
		const workflow = this.workflow({});
		try {
			for (const description of this.descriptions()) {
				this.routes.set(this.routeKey('test', description), { mode: 'test', description });
				await this.createIfNotExists(workflow, description, 'test', 'manual', 'manual');
			}
			this.testStaticData = clone(workflow.staticData);
		} catch (error) {
			this.testStaticData = clone(workflow.staticData);
			await this.stopListening();
			throw error;
		}
	}

	/** Ends the test listener (n8n does this after the test event or the 2-minute timeout). */
	async stopListening(): Promise<void> {
		const workflow = this.workflow(this.testStaticData ?? {});
		try {
			for (const description of this.descriptions()) {
				await this.runHook('delete', workflow, description, 'test', 'internal', 'update');
			}
		} finally {
			this.testStaticData = undefined;
			this.dropRoutes('test');
		}
	}

	/** Closes the HTTP server (a "restart" is a new host with `staticData: old.staticData`). */
	get port(): number {
		return (this.server.address() as AddressInfo).port;
	}

	async close(): Promise<void> {
		// a process that ends takes its subscription watches with it
		forgetWatches(this.workflowId);
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private descriptions(): IWebhookDescription[] {
		return this.types.getByNameAndVersion(TRIGGER_TYPE, this.typeVersion).description.webhooks ?? [];
	}

	private routeKey(mode: WebhookMode, description: IWebhookDescription): string {
		return `${String(description.httpMethod)} ${new URL(this.url(mode)).pathname.replace(/\/webhook$/, `/${String(description.path)}`)}`;
	}

	private dropRoutes(mode: WebhookMode): void {
		for (const [key, registration] of this.routes) if (registration.mode === mode) this.routes.delete(key);
	}

	private workflow(staticData: IDataObject): Workflow {
		return new Workflow({
			id: this.workflowId,
			name: 'Seller Marketplace Trigger test',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: this.types,
			staticData: clone(staticData),
			settings: { executionOrder: 'v1' },
		});
	}

	/** Saves static data the way n8n does: only when something changed. */
	private save(workflow: Workflow, mode: WebhookMode): void {
		const staticData = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (!staticData.__dataChanged) return;
		if (mode === 'production') this.staticData = clone(staticData);
		else this.testStaticData = clone(staticData);
	}

	private additionalData(extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
		const credentialsHelper = new TestCredentialsHelper({ [this.credentialType]: { ...this.credentials } });
		const getDecrypted = credentialsHelper.getDecrypted.bind(credentialsHelper);
		credentialsHelper.getDecrypted = async (...args: Parameters<typeof getDecrypted>) => {
			this.credentialReads++;
			return await getDecrypted(...args);
		};
		return {
			credentialsHelper,
			executeWorkflow: async () => {
				throw new Error('sub-workflows are not used in these tests');
			},
			restApiUrl: `${this.baseUrl}/rest`,
			instanceBaseUrl: `${this.baseUrl}/`,
			webhookBaseUrl: `${this.baseUrl}/webhook`,
			webhookWaitingBaseUrl: `${this.baseUrl}/webhook-waiting`,
			webhookTestBaseUrl: `${this.baseUrl}/webhook-test`,
			formWaitingBaseUrl: `${this.baseUrl}/form-waiting`,
			variables: {},
			userId: 'test-user',
			logAiEvent: () => {},
			...extra,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	private webhookData(
		description: IWebhookDescription,
		mode: WebhookMode,
		additionalData: IWorkflowExecuteAdditionalData,
	): IWebhookData {
		return {
			httpMethod: description.httpMethod as IWebhookData['httpMethod'],
			node: TRIGGER_NODE_NAME,
			path: `${this.webhookId}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: this.workflowId,
			workflowExecuteAdditionalData: additionalData,
			webhookId: this.webhookId,
			isTest: mode === 'test' ? true : undefined,
		};
	}

	private async createIfNotExists(
		workflow: Workflow,
		description: IWebhookDescription,
		mode: WebhookMode,
		executeMode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<void> {
		const exists = await this.runHook('checkExists', workflow, description, mode, executeMode, activation);
		if (exists === false) await this.runHook('create', workflow, description, mode, executeMode, activation);
	}

	/** WebhookService.runWebhookMethod: the node's webhookMethods[<webhook name>][method] in a real HookContext. */
	private async runHook(
		method: 'checkExists' | 'create' | 'delete',
		workflow: Workflow,
		description: IWebhookDescription,
		mode: WebhookMode,
		executeMode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
	): Promise<boolean | undefined> {
		const nodeType = this.types.getByNameAndVersion(TRIGGER_TYPE, this.typeVersion);
		const fn = nodeType.webhookMethods?.[description.name]?.[method];
		if (!fn) return undefined;
		const additionalData = this.additionalData();
		const node = workflow.getNode(TRIGGER_NODE_NAME) as INode;
		const context = new HookContext(
			workflow,
			node,
			additionalData,
			executeMode,
			activation,
			this.webhookData(description, mode, additionalData),
		);
		// what the node logs from its activation hooks (and the subscription watch they start), recorded
		const record = (level: string) => (message: string) => this.hookLog.push(`${level}: ${message}`);
		Object.defineProperty(context, 'logger', {
			value: {
				error: record('error'),
				warn: record('warn'),
				info: record('info'),
				debug: record('debug'),
				verbose: record('verbose'),
			},
		});
		return await fn.call(context);
	}

	private async handle(req: Request, res: Response): Promise<void> {
		const call: HostedCall = {
			mode: req.path.startsWith('/webhook-test/') ? 'test' : 'production',
			method: req.method,
			url: req.originalUrl,
			status: 0,
			responseBody: '',
			executed: false,
			log: [],
		};
		const send = res.send.bind(res);
		res.send = (body?: unknown) => {
			call.responseBody = Buffer.isBuffer(body)
				? body.toString('utf8')
				: typeof body === 'string'
					? body
					: JSON.stringify(body);
			return send(body);
		};
		res.on('finish', () => {
			call.status = res.statusCode;
			call.contentType = res.getHeader('content-type')?.toString();
			this.calls.push(call);
			this.options.onCall?.(call, this);
		});
		if (this.offline) {
			req.socket.destroy();
			return;
		}

		const registration = this.routes.get(`${req.method} ${req.path}`);
		if (!registration) {
			res
				.status(404)
				.json({ code: 404, message: `The requested webhook "${req.method} ${req.path}" is not registered.` });
			return;
		}
		call.webhook = registration.description.name;

		const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
		Object.assign(req, { rawBody, body: parseJson(rawBody, req.headers['content-type']) });

		const { mode } = registration;
		const workflow = this.workflow((mode === 'test' ? this.testStaticData : this.staticData) ?? {});
		const additionalData = this.additionalData({
			httpRequest: req,
			httpResponse: res,
		} as Partial<IWorkflowExecuteAdditionalData>);
		const context = new WebhookContext(
			workflow,
			workflow.getNode(TRIGGER_NODE_NAME) as INode,
			additionalData,
			mode === 'test' ? 'manual' : 'webhook',
			this.webhookData(registration.description, mode, additionalData),
			[],
			null,
		);

		// the node's logger for this call only, recording what it says (n8n's own goes to the console)
		const record = (message: string) => call.log.push(message);
		Object.defineProperty(context, 'logger', {
			value: { error: record, warn: record, info: record, debug: record, verbose: record },
		});

		let result: IWebhookResponseData;
		try {
			result = await (
				this.types.getByNameAndVersion(TRIGGER_TYPE, this.typeVersion).webhook as (
					this: WebhookContext,
				) => Promise<IWebhookResponseData>
			).call(context);
		} catch (error) {
			call.error = (error as Error).message;
			if (!res.headersSent) res.status(500).json({ code: 0, message: 'Error in workflow' });
			return;
		}
		// As n8n 2.41 does: static data a call wrote is saved only when the node answered the call itself
		// (noWebhookResponse); otherwise n8n starts the execution on a fresh copy and the writes are lost.
		// Saved before the answer goes out, so a test that waits for the answer sees it.
		if (result.noWebhookResponse) this.save(workflow, mode);

		if (result.workflowData) {
			call.executed = true;
			this.executions.push({
				mode,
				workflowData: result.workflowData,
				items: (result.workflowData[0] ?? []).map((item) => item.json),
			});
		}
		if (result.noWebhookResponse) {
			if (!res.headersSent) {
				call.error = 'the node asked for no response but sent none';
				res.status(500).end();
			}
			return;
		}
		// responseMode onReceived with responseData '': n8n answers with webhookResponse or its default message.
		const fallback = result.workflowData ? { message: 'Workflow was started' } : { message: 'Webhook call received' };
		res.status(200).json(result.webhookResponse ?? fallback);
	}
}

function parseJson(raw: Buffer, contentType: string | undefined): IDataObject {
	if (!raw.length || !/json/i.test(contentType ?? '')) return {};
	try {
		return JSON.parse(raw.toString('utf8')) as IDataObject;
	} catch {
		return {};
	}
}
