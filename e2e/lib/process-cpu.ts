/**
 * CPU time of running processes and their descendants, from Linux's /proc (the benchmarks' "CPU ms per
 * event"). A process that ended in between is no longer counted, so measure long-lived servers only.
 */
import { readdirSync, readFileSync } from 'fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on every Linux build). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
	pid: number;
	ppid: number;
	cpuTicks: number;
}

function readStat(pid: number): ProcStat | undefined {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// the command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return { pid, ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
	} catch {
		return undefined; // gone, or no /proc (not Linux)
	}
}

function allStats(): ProcStat[] {
	let entries: string[] = [];
	try {
		entries = readdirSync('/proc');
	} catch {
		return [];
	}
	return entries.filter((name) => /^\d+$/.test(name)).flatMap((name) => readStat(Number(name)) ?? []);
}

/** CPU milliseconds (user + system) the processes `roots` and all their descendants have used so far. */
export function cpuMsOfTrees(roots: number[]): number {
	const stats = allStats();
	const children = new Map<number, ProcStat[]>();
	for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
	const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
	let ticks = 0;
	const seen = new Set<number>();
	const pending = roots.filter((pid) => byPid.has(pid));
	while (pending.length) {
		const pid = pending.pop()!;
		if (seen.has(pid)) continue;
		seen.add(pid);
		ticks += byPid.get(pid)!.cpuTicks;
		for (const child of children.get(pid) ?? []) pending.push(child.pid);
	}
	return (ticks * 1000) / TICKS_PER_SECOND;
}
