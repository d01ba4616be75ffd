/**
 * Plays n8n's poll scheduler for one workflow holding the Seller Marketplace Poll Trigger, in-process.
 *
 * It does what n8n's cli does around a polling node (ActiveWorkflowTriggers.activatePollTrigger and
 * TriggerExecutionContextFactory.getExecutePollFunctions), with n8n-core's real PollContext and its real
 * PollTriggerExecutor (which runs the poll, emits a non-null answer, reports errors):
 * - activation: one poll as a test (errors are thrown), then the workflow's static data is saved;
 * - each tick: one poll; an answer is emitted: the static data is saved and the items become an execution;
 * - the static data lives in the Workflow object while "n8n runs" (shared by all polls, as in n8n) and only
 *   what was saved survives a restart (`restart()` builds a new host from it);
 * - "Fetch Test Event": the workflow run in mode 'manual' from the trigger through n8n-core's WorkflowExecute.
 */
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeParameters, IPollFunctions } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import {
	nodeTypes,
	PACKAGE,
	runWorkflow,
	testAdditionalData,
	type CredentialStore,
	type SellerCredentials,
	type WorkflowRun,
} from './workflow';

// n8n-core's services come from n8n-core's own dependency container, as in n8n.
const { Container } = require(require.resolve('@n8n/di', { paths: [require.resolve('n8n-core')] })) as {
	Container: { get<T>(type: new (...args: never[]) => T): T };
};

export const POLL_NODE_NAME = 'Seller Marketplace Poll Trigger';

export interface PollHostOptions {
	/** v1 credentials, or a store by credential type (e.g. `{ sellerMarketplaceV2Api: … }` for version 2). */
	credentials: SellerCredentials | CredentialStore;
	/** The trigger's version (default 1). */
	typeVersion?: number;
	/** Parameters of the trigger node. */
	parameters: INodeParameters;
	/** The workflow's saved static data, e.g. `previous.staticData` to simulate a restart. */
	staticData?: IDataObject;
	workflowId?: string;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;

export class PollHost {
	/** The saved static data of the workflow (what n8n keeps in its database). */
	staticData: IDataObject;

	/** The items of each execution the trigger started, in order. */
	readonly executions: IDataObject[][] = [];

	/** Errors n8n would record as failed executions of the trigger. */
	readonly errors: Error[] = [];

	readonly workflowId: string;

	private readonly workflow: Workflow;

	private readonly run: (testingTrigger?: boolean) => Promise<void>;

	private active = true;

	constructor(private readonly options: PollHostOptions) {
		this.staticData = clone(options.staticData ?? {});
		this.workflowId = options.workflowId ?? 'wf-poll';
		this.workflow = new Workflow({
			id: this.workflowId,
			name: 'Seller Marketplace Poll Trigger test',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: nodeTypes(),
			staticData: clone(this.staticData),
			settings: { executionOrder: 'v1' },
		});
		const node = this.workflow.getNode(POLL_NODE_NAME) as INode;
		const additionalData = testAdditionalData(options.credentials, { id: this.workflowId } as never);
		const emit: IPollFunctions['__emit'] = (data: INodeExecutionData[][]) => {
			this.save();
			this.executions.push((data[0] ?? []).map((item) => item.json));
		};
		const emitError: IPollFunctions['__emitError'] = (error: Error) => {
			this.errors.push(error);
		};
		const pollFunctions = new PollContext(this.workflow, node, additionalData, 'trigger', 'activate', emit, emitError);
		this.run = Container.get(PollTriggerExecutor).create(this.workflow, node, pollFunctions, () => this.active);
	}

	get node(): INode {
		return {
			id: 'poll-node',
			name: POLL_NODE_NAME,
			type: `${PACKAGE}.sellerMarketplacePollTrigger`,
			typeVersion: this.options.typeVersion ?? 1,
			position: [0, 0],
			parameters: clone(this.options.parameters),
			credentials:
				(this.options.typeVersion ?? 1) >= 2
					? { sellerMarketplaceV2Api: { id: 'cred-2', name: 'Sandbox v2' } }
					: { sellerMarketplaceApi: { id: 'cred-1', name: 'Sandbox' } },
		};
	}

	/** Publishing: n8n polls once at once (a failure fails the activation), then saves the static data. */
	async activate(): Promise<void> {
		await this.run(true);
		this.save();
	}

	/** One scheduled poll; returns the items of the execution it started, if any. */
	async tick(): Promise<IDataObject[] | undefined> {
		const before = this.executions.length;
		const errorsBefore = this.errors.length;
		await this.run();
		if (this.errors.length > errorsBefore) throw this.errors[this.errors.length - 1];
		return this.executions[before];
	}

	/** Polls until one returns nothing; returns every execution's items. */
	async drain(limit = 100): Promise<IDataObject[][]> {
		const batches: IDataObject[][] = [];
		for (let tick = 0; tick < limit; tick++) {
			const items = await this.tick();
			if (!items) return batches;
			batches.push(items);
		}
		throw new Error(`still emitting after ${limit} polls`);
	}

	/** n8n stops (or crashes): only the saved static data survives; the new host must be activated again. */
	restart(): PollHost {
		this.active = false;
		return new PollHost({ ...this.options, staticData: this.staticData });
	}

	/** The in-memory static data (what a running n8n holds, saved or not). */
	get liveStaticData(): IDataObject {
		return clone(this.workflow.staticData);
	}

	/** "Fetch Test Event": the trigger run alone in mode 'manual', as the editor does it. */
	async fetchTestEvent(): Promise<WorkflowRun> {
		return await runWorkflow(
			{ nodes: [this.node], connections: {}, staticData: clone(this.staticData) },
			this.options.credentials,
			{
				startNode: POLL_NODE_NAME,
			},
		);
	}

	/** WorkflowStaticDataService.saveStaticData: only when something changed. */
	private save(): void {
		const staticData = this.workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (staticData.__dataChanged !== true) return;
		this.staticData = clone(staticData);
		delete this.staticData.__dataChanged;
		staticData.__dataChanged = false;
	}
}
