/**
 * `npm run bench` (issue 26): API v2 in a real n8n, measured side by side with what n8n offers without the package,
 * interleaved (A, B, A, B…), with per-round ratios and their spread:
 *  - paging (bench/v2-paging.ts): Return All vs n8n's HTTP Request node with pagination, N = 3,000 and 10,000;
 *  - push (bench/v2-push.ts): the trigger vs n8n's Webhook node and GitHub Trigger, bursts of 200, API v2's 5 s deadline;
 *  - poll (bench/v2-poll.ts): the poll trigger's requests per idle poll, and 1,000 new orders, each exactly once;
 *  - pollEvents (bench/v2-poll-events.ts): every event of the poll trigger drains a backlog of 1,000 exactly once, through
 *    n8n-core's poll execution path (before n8n starts: it needs no n8n server);
 *  - updateMany (bench/v2-update-many.ts): Unit → Update Many at 10,000 and 50,000 stock-only rows against the ideal
 *    bulk writes, through n8n-core (first, before n8n starts: it needs no n8n server).
 * The first three run in one `n8n start` (bench/v2-environment.ts); the pinned runtime must be installed
 * (`bash e2e/ensure-runtime.sh`). Progress goes to stderr, the Markdown report to stdout. A failed measure is
 * printed as a FAIL line and the exit code is 1.
 *
 *   npm run bench [-- --quick] [--rounds=3] [--push-rounds=3] [--sizes=3000,10000] [--latency=25] [--count=200] [--records=1000]
 *                 [--idle-polls=2] [--wait=120] [--update-sizes=10000,50000] [--update-rounds=3]
 *                 [--poll-records=1000] [--skip=paging,push,poll,pollEvents,updateMany] [--only=pollEvents] [--n8n-env=KEY=VALUE …]
 *   npm run bench -- --api v1 [v1 options]   the API v1 benchmarks of issue 7 (bench/run-v1.ts)
 *
 * --quick checks that the script works: N = 300 and 1,000, one round, bursts of 50, 100 new orders, one idle poll,
 * Update Many at 1,000 and 10,000 rows, backlogs of 300 per poll event. --only=<part,…> skips every other part.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

import { fmt } from './measure';
import { runtimeInstalled } from './real-n8n-burst';
import { startV2Bench, type V2Bench } from './v2-environment';
import { pagingFailures, pagingTable, v2Paging, type PagingResult } from './v2-paging';
import { pollFailures, pollTable, v2Poll, type PollResult } from './v2-poll';
import { pushFailures, pushTable, v2Push, type PushResult } from './v2-push';
import type { UpdateManyResult } from './v2-update-many';
import type { EventsResult } from './v2-poll-events';

const args = process.argv.slice(2);
const apiIndex = args.findIndex((a) => a === '--api' || a.startsWith('--api='));
const api = apiIndex < 0 ? 'v2' : args[apiIndex].includes('=') ? args[apiIndex].split('=')[1] : args[apiIndex + 1];

const quick = args.includes('--quick');
const value = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const number = (name: string, full: number, fast: number) => Number(value(name) ?? (quick ? fast : full));
const PARTS = ['paging', 'push', 'poll', 'pollEvents', 'updateMany'];
const only = value('only')?.split(',').filter(Boolean);
const skip = new Set(
	only ? PARTS.filter((name) => !only.includes(name)) : (value('skip') ?? '').split(',').filter(Boolean),
);

const options = {
	rounds: number('rounds', 3, 1),
	// bursts take minutes each on a busy machine: their rounds can be fewer than the paging rounds
	pushRounds: Number(value('push-rounds') ?? value('rounds') ?? (quick ? 1 : 3)),
	sizes: (value('sizes') ?? (quick ? '300,1000' : '3000,10000')).split(',').map(Number),
	latencyMs: number('latency', 25, 25),
	count: number('count', 200, 50),
	records: number('records', 1000, 100),
	idlePolls: number('idle-polls', 2, 1),
	pollRecords: number('poll-records', 1000, 300),
	updateSizes: (value('update-sizes') ?? (quick ? '1000,10000' : '10000,50000')).split(',').map(Number),
	updateRounds: number('update-rounds', 3, 1),
	waitMs: number('wait', 120, 120) * 1000,
	// e.g. N8N_EXPRESSION_ENGINE=legacy
	n8nEnv: Object.fromEntries(
		args.filter((a) => a.startsWith('--n8n-env=')).map((a) => a.slice('--n8n-env='.length).split(/=(.*)/s, 2)),
	) as Record<string, string>,
};

const started = Date.now();
const log = (line: string) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

interface Part<T> {
	name: string;
	result?: T;
	/** the part crashed: what it threw */
	crash?: string;
}

async function part<T>(name: string, measure: () => Promise<T>): Promise<Part<T>> {
	if (skip.has(name)) return { name };
	log(`${name}: starting (load: ${uptime()})`);
	try {
		return { name, result: await measure() };
	} catch (error) {
		log(`${name} crashed: ${(error as Error).stack ?? String(error)}`);
		return { name, crash: (error as Error).message.split('\n')[0] };
	}
}

async function mainV2(): Promise<number> {
	const unknown = [...(only ?? []), ...skip].filter((name) => !PARTS.includes(name));
	if (unknown.length) {
		console.error(`--only and --skip take ${PARTS.join(', ')}; not ${unknown.join(', ')}`);
		return 2;
	}
	const n8nNeeded = ['push', 'poll', 'paging'].some((name) => !skip.has(name));
	if (n8nNeeded && !runtimeInstalled()) {
		console.log('FAIL: the pinned n8n runtime is not installed (`bash e2e/ensure-runtime.sh`, 3-5 minutes once).');
		return 1;
	}
	const loadBefore = uptime();
	const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
	let bench: V2Bench | undefined;
	let push: Part<PushResult> = { name: 'push' };
	let poll: Part<PollResult> = { name: 'poll' };
	let paging: Part<PagingResult> = { name: 'paging' };
	// first, while no n8n server runs: n8n-core in this process; loaded only when run, as it sets up n8n-core's
	// environment (bench/env.ts)
	let updateManyPart: typeof import('./v2-update-many') | undefined;
	const updateMany: Part<UpdateManyResult> = await part('updateMany', async () => {
		updateManyPart = await import('./v2-update-many');
		return await updateManyPart.v2UpdateMany({
			sizes: options.updateSizes,
			rounds: options.updateRounds,
			log: (line) => log(`update many ${line}`),
		});
	});
	// then every poll event through n8n-core, still without an n8n server (bench/env.ts as above)
	let pollEventsPart: typeof import('./v2-poll-events') | undefined;
	const pollEvents: Part<EventsResult> = await part('pollEvents', async () => {
		pollEventsPart = await import('./v2-poll-events');
		return await pollEventsPart.v2PollEvents({
			records: options.pollRecords,
			log: (line) => log(`poll events ${line}`),
		});
	});
	try {
		if (n8nNeeded) {
			bench = await startV2Bench({ orderUnits: Math.max(...options.sizes), n8nEnv: options.n8nEnv, log });
			const b = bench;
			push = await part('push', () =>
				v2Push(b, {
					rounds: options.pushRounds,
					count: options.count,
					waitMs: options.waitMs,
					log: (line) => log(`push ${line}`),
				}),
			);
			poll = await part('poll', () =>
				v2Poll(b, { records: options.records, idlePolls: options.idlePolls, log: (line) => log(`poll ${line}`) }),
			);
			paging = await part('paging', () =>
				v2Paging(b, {
					sizes: options.sizes,
					rounds: options.rounds,
					latencyMs: options.latencyMs,
					log: (line) => log(`paging ${line}`),
				}),
			);
		}
	} finally {
		await bench?.close();
	}
	const loadAfter = uptime();

	const failures: string[] = [];
	const out: string[] = [];
	out.push(`## Benchmark: API v2${bench ? ' in a real n8n' : ''} (${date})\n`);
	out.push(`- command: \`npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}\``);
	const env = Object.entries(options.n8nEnv).map(([k, v]) => `${k}=${v}`);
	out.push(
		`- n8n ${bench ? `${bench.n8nVersion} (\`n8n start\`, SQLite, ${env.length ? env.join(', ') : 'default settings'})` : 'server not started (its parts skipped)'}, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim()})`,
	);
	out.push(`- load before: \`${loadBefore}\``);
	out.push(`- load after: \`${loadAfter}\``);
	out.push(
		`- took ${fmt((Date.now() - started) / 60000, 1)} min${bench ? ` (n8n set-up ${fmt(bench.setupMs / 1000)} s)` : ''}\n`,
	);
	const section = <T>(title: string, p: Part<T>, render: (result: T) => string, check: (result: T) => string[]) => {
		out.push(`### ${title}\n`);
		if (p.crash) {
			failures.push(`${p.name} crashed: ${p.crash}`);
			out.push(`**FAIL**: the part crashed: ${p.crash}\n`);
		} else if (p.result) {
			failures.push(...check(p.result));
			out.push(render(p.result), '');
		} else out.push('Skipped (--skip).\n');
	};
	section(
		`Return All vs n8n's HTTP Request pagination (N = ${options.sizes.map((n) => fmt(n)).join(' and ')})`,
		paging,
		pagingTable,
		pagingFailures,
	);
	section(
		`Push: the trigger vs n8n's Webhook node and GitHub Trigger (bursts of ${fmt(options.count)}, 5 s deadline)`,
		push,
		pushTable,
		pushFailures,
	);
	section(`Poll trigger: idle polls and ${fmt(options.records)} new orders`, poll, pollTable, pollFailures);
	section(
		`Poll trigger: every event drains a backlog of ${fmt(options.pollRecords)} (n8n-core)`,
		pollEvents,
		(result) => pollEventsPart!.pollEventsTable(result),
		(result) => pollEventsPart!.pollEventsFailures(result),
	);
	section(
		`Unit → Update Many: ${options.updateSizes.map((n) => fmt(n)).join(' and ')} rows against the ideal bulk writes`,
		updateMany,
		(result) => updateManyPart!.updateManyTable(result),
		(result) => updateManyPart!.updateManyFailures(result),
	);
	if (failures.length) out.push('### Failures\n', ...failures.map((f) => `- FAIL: ${f}`), '');
	console.log(out.join('\n'));
	for (const failure of failures) console.error(`FAIL: ${failure}`);
	log(failures.length ? `done: ${failures.length} failure(s)` : 'done: everything passed');
	return failures.length ? 1 : 0;
}

if (api === 'v1') {
	// the v1 benchmarks parse the same argv and run on load
	require('./run-v1');
} else if (api !== 'v2') {
	console.error(`--api must be v1 or v2, not ${api}`);
	process.exit(2);
} else {
	mainV2().then(
		(code) => process.exit(code),
		(error) => {
			console.error(error);
			console.log(`FAIL: the benchmark crashed: ${(error as Error).message}`);
			process.exit(1);
		},
	);
}
