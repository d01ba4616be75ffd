/**
 * Shared set-up of the poll trigger tests: a strict sandbox (only the spec's paths and body shapes) whose
 * clock stands still (time moves only when a test calls `advance`, so timestamps are exact), poll hosts with
 * its credentials, and readers of its request log.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { formatTimestamp, startSandbox, type RequestLogEntry, type Sandbox, type StartOptions } from '../../sandbox';
import { DEFAULT_USER_AGENT } from '../../nodes/api/v2/signing';
import { PollHost } from '../harness/poll-host';
import type { SellerCredentials, SellerCredentialsV2 } from '../harness/workflow';

export interface PollBench {
	sandbox: Sandbox;
	credentials: SellerCredentials;
	/** A poll host for a fresh workflow (its own id, so its lock and state are its own). */
	host(parameters: INodeParameters): PollHost;
	/** The API v2 credentials of the sandbox (its /v2, storefront de). */
	credentialsV2: SellerCredentialsV2;
	/** A poll host of version 2 for a fresh workflow, with the v2 credentials changed by `overrides`. */
	hostV2(parameters: INodeParameters, overrides?: Partial<SellerCredentialsV2>): PollHost;
	/** Requests logged since the last `mark()`. */
	since(): RequestLogEntry[];
	mark(): void;
}

let workflows = 0;

export async function startPollBench(options: StartOptions = {}): Promise<PollBench> {
	// A second of sandbox time per 31 years of real time: the clock only moves when a test moves it.
	const sandbox = await startSandbox({ timeScale: 1e-9, strict: true, ...options });
	const credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
	const credentialsV2: SellerCredentialsV2 = {
		clientKey: sandbox.clientKey,
		secretKey: sandbox.secretKey,
		baseUrl: sandbox.v2BaseUrl,
		storefront: 'de',
		userAgent: DEFAULT_USER_AGENT,
	};
	let marked = 0;
	return {
		sandbox,
		credentials,
		host: (parameters) => new PollHost({ credentials, parameters, workflowId: `wf-poll-${++workflows}` }),
		credentialsV2,
		hostV2: (parameters, overrides = {}) =>
			new PollHost({
				credentials: { sellerMarketplaceV2Api: { ...credentialsV2, ...overrides } },
				typeVersion: 2,
				parameters,
				workflowId: `wf-poll-v2-${++workflows}`,
			}),
		since: () => sandbox.control.requests().slice(marked),
		mark: () => {
			marked = sandbox.control.requests().length;
		},
	};
}

/**
 * The per-test lifecycle of a file that shares one bench: a fresh sandbox state and request mark before each test,
 * no answer outside the OpenAPI after it, the sandbox closed at the end.
 */
export function resetBenchEachTest(bench: () => PollBench): void {
	afterAll(async () => await bench().sandbox.close());
	beforeEach(() => {
		bench().sandbox.control.reset();
		bench().mark();
	});
	afterEach(() => expect(bench().sandbox.control.responseViolations()).toEqual([]));
}

/** Seconds since the epoch of an API timestamp ('YYYY-MM-DD HH:MM:SS', UTC). */
export const secondsOf = (timestamp: string): number => Date.parse(`${timestamp.replace(' ', 'T')}Z`) / 1000;

/** The API timestamp of a time in seconds. */
export const timestampOf = (seconds: number): string => formatTimestamp(seconds * 1000);

/** What a request asked for: method, path and its decoded query. */
export const asked = (entry: RequestLogEntry) => ({ method: entry.method, path: entry.path, query: entry.query });

export const ids = (items: IDataObject[] | undefined, field: string): unknown[] =>
	(items ?? []).map((item) => item[field]);

export const pollState = (staticData: IDataObject) =>
	(staticData['node:Seller Marketplace Poll Trigger'] as IDataObject | undefined)?.pollState as
		| { cursor?: number; floor?: number; seen?: Record<string, string[]>; reported?: string[]; key: string }
		| undefined;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A finished product feed import file of the sandbox's store, changed at `time` (an API timestamp); no id yet. */
export const finishedImportFile = (time: string): IDataObject => ({
	uri: 'http://127.0.0.1/feed.csv',
	type: 'PRODUCT_FEED',
	note: '',
	total_lines: 1,
	current_line: 1,
	error_count: 0,
	product_feed_async_done: 1,
	ts_created: time,
	ts_last_row_updated: time,
	ts_completed: time,
	_errors: [],
});
