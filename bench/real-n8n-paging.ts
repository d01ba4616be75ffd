/**
 * Return All in a real n8n: the package's node against what a user builds without it, n8n's own HTTP
 * Request node with pagination (offset + limit, stopping at a short page), signed by the same credentials.
 * Both read N order units from the sandbox (its own process) with a latency fault on every page; each
 * workflow is run by `n8n execute`, and the node's own execution time is taken from the run (n8n's start-up
 * is not counted).
 *
 * `npx ts-node --transpile-only bench/real-n8n-paging.ts [--units=3000] [--runs=3] [--latency=25]`
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { N8n, type NodeRun, type WorkflowFile } from '../e2e/lib/n8n';
import { buildAndPack, installTarball } from '../e2e/lib/package';
import { ensureRuntime, REPO_ROOT } from '../e2e/lib/runtime';
import {
	chain,
	CREDENTIAL_TYPE,
	EXAMPLE_CREDENTIAL,
	manualTrigger,
	sandboxCredential,
	sellerNode,
} from '../e2e/lib/workflows';
import { fmt, median, table } from './measure';
import { PAGE_SIZE, returnAllParameters, ROUTE } from './paging';
import { SandboxProcess } from './sandbox-client';

interface Reader {
	label: string;
	workflow: (baseUrl: string) => WorkflowFile;
	/** minimum requests for n units */
	minimum: (n: number) => number;
}

const NODE_NAME = 'Read order units';

const READERS: Reader[] = [
	{
		label: 'Seller Marketplace node, Page Concurrency 4 (default)',
		workflow: () =>
			chain('benchPagingNode4', 'bench: Return All, concurrency 4', [
				manualTrigger(),
				sellerNode(NODE_NAME, returnAllParameters(4)),
			]),
		minimum: (n) => Math.ceil(n / PAGE_SIZE),
	},
	{
		label: 'Seller Marketplace node, Page Concurrency 1',
		workflow: () =>
			chain('benchPagingNode1', 'bench: Return All, concurrency 1', [
				manualTrigger(),
				sellerNode(NODE_NAME, returnAllParameters(1)),
			]),
		minimum: (n) => Math.ceil(n / PAGE_SIZE),
	},
	{
		label: "n8n's HTTP Request node with pagination",
		workflow: (baseUrl) =>
			chain('benchPagingHttp1', 'bench: HTTP Request pagination', [
				manualTrigger(),
				{
					id: '7a1f0000-0000-4000-8000-0000000be501',
					name: NODE_NAME,
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [0, 0],
					parameters: {
						method: 'GET',
						url: `${baseUrl}/order-units/seller/`,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: CREDENTIAL_TYPE,
						sendQuery: true,
						queryParameters: { parameters: [{ name: 'limit', value: String(PAGE_SIZE) }] },
						options: {
							pagination: {
								pagination: {
									paginationMode: 'updateAParameterInEachRequest',
									parameters: {
										parameters: [{ type: 'qs', name: 'offset', value: `={{ $pageCount * ${PAGE_SIZE} }}` }],
									},
									paginationCompleteWhen: 'other',
									completeExpression: `={{ $response.body.length < ${PAGE_SIZE} }}`,
								},
							},
						},
					},
					credentials: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } },
				},
			]),
		// the page after the last full one is read to see that it is short
		minimum: (n) => Math.floor(n / PAGE_SIZE) + 1,
	},
];

export interface PagingRow {
	label: string;
	runs: number;
	/** the node's execution time, median */
	ms: number;
	items: number;
	requests: number;
	minimum: number;
	notOk: number;
}

export interface RealPagingResult {
	n8nVersion: string;
	units: number;
	latencyMs: number;
	rows: PagingRow[];
}

export async function realN8nPaging({
	units = 3000,
	runs = 3,
	latencyMs = 25,
	log = (line: string) => console.error(`[paging] ${line}`),
} = {}): Promise<RealPagingResult> {
	const runtime = await ensureRuntime((line) => log(line));
	const sandbox = new SandboxProcess();
	try {
		await sandbox.start(units);
		const baseUrl = sandbox.credentials.baseUrl;
		const { tarball } = await buildAndPack(join(REPO_ROOT, '.e2e', 'pack'));
		// one folder, emptied each time: every run stores its 3,000-item executions
		const userFolder = join(REPO_ROOT, '.e2e', 'runs', 'bench-paging');
		rmSync(userFolder, { recursive: true, force: true });
		await installTarball(userFolder, tarball);
		const n8n = new N8n({ runtime, userFolder });
		await n8n.importCredentials([sandboxCredential(sandbox.credentials)]);
		const workflows = READERS.map((reader) => reader.workflow(baseUrl));
		await n8n.importWorkflows(workflows);
		await sandbox.addFault({ kind: 'latency', latencyMs, path: '/order-units/seller/' });

		const samples = READERS.map(() => [] as Array<Omit<PagingRow, 'label' | 'runs' | 'minimum'>>);
		for (let run = 0; run < runs; run++) {
			for (const [i, reader] of READERS.entries()) {
				await sandbox.clearRequests();
				const afterId = await n8n.lastExecutionId();
				const result = await n8n.execute(workflows[i].id);
				// read back from n8n's database: the run n8n prints holds every item, too much to rely on parsing
				const [execution] = await n8n.executions({ afterId, workflowId: workflows[i].id });
				const nodeRun = execution?.runData[NODE_NAME]?.[0] as (NodeRun & { executionTime?: number }) | undefined;
				if (execution?.status !== 'success' || !nodeRun?.executionTime) {
					throw new Error(
						`${reader.label}: the run failed (${result.exit}): ${execution?.error?.message ?? result.output.slice(-500)}`,
					);
				}
				const requests = await sandbox.requests(ROUTE);
				const sample = {
					ms: nodeRun.executionTime,
					items: nodeRun.data?.main?.[0]?.length ?? 0,
					requests: requests.count,
					notOk: requests.notOk,
				};
				samples[i].push(sample);
				log(`${reader.label}: ${fmt(sample.ms)} ms, ${sample.items} items, ${sample.requests} requests`);
			}
		}
		return {
			n8nVersion: runtime.n8nVersion,
			units,
			latencyMs,
			rows: READERS.map((reader, i) => ({
				label: reader.label,
				runs,
				ms: median(samples[i].map((s) => s.ms)),
				items: Math.min(...samples[i].map((s) => s.items)),
				requests: Math.max(...samples[i].map((s) => s.requests)),
				minimum: reader.minimum(units),
				notOk: Math.max(...samples[i].map((s) => s.notOk)),
			})),
		};
	} finally {
		await sandbox.close();
	}
}

export function realN8nPagingTable(result: RealPagingResult): string {
	const peer = result.rows[result.rows.length - 1];
	return [
		table(
			['reader', 'runs', 'node time ms (median)', 'vs HTTP Request', 'items', 'requests (minimum)'],
			result.rows.map((row) => [
				row.label,
				fmt(row.runs),
				fmt(row.ms),
				row === peer ? '–' : `${fmt(peer.ms / row.ms, 2)}× faster`,
				`${fmt(row.items)}${row.items === result.units ? '' : ` of ${fmt(result.units)} ✗`}`,
				`${fmt(row.requests)} (${fmt(row.minimum)})${row.notOk ? `, ${fmt(row.notOk)} not 200` : ''}`,
			]),
		),
		'',
		`n8n ${result.n8nVersion}, \`n8n execute\` of each workflow in turn (the node's execution time from the run; n8n's start-up not counted), ` +
			`${fmt(result.units)} order units, ${result.latencyMs} ms of latency on every page. The HTTP Request node uses the package's credentials ` +
			`(Predefined Credential Type), \`limit=${PAGE_SIZE}\` and \`offset = $pageCount × ${PAGE_SIZE}\`, and stops at a page shorter than ${PAGE_SIZE}.`,
	].join('\n');
}

if (require.main === module) {
	const args = process.argv.slice(2);
	const option = (name: string, fallback: number) => {
		const found = args.find((a) => a.startsWith(`--${name}=`));
		return found ? Number(found.split('=')[1]) : fallback;
	};
	realN8nPaging({ units: option('units', 3000), runs: option('runs', 3), latencyMs: option('latency', 25) }).then(
		(result) => {
			console.log(
				`\n### Return All in a real n8n: the node vs n8n's HTTP Request pagination (${new Date().toISOString().slice(0, 10)})\n`,
			);
			console.log(realN8nPagingTable(result));
			process.exit(0);
		},
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
