/** Timing, memory sampling, statistics and Markdown output for the benchmarks. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Full garbage collection, twice (the second one catches what finalisers of the first freed). */
export function gc(): void {
	collect();
	collect();
}

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function now(): number {
	return Number(process.hrtime.bigint()) / 1e6;
}

/** Samples rss and heapUsed every few ms (and on demand) and keeps the peaks. */
export class MemorySampler {
	peakRss = 0;
	peakHeap = 0;
	private timer: NodeJS.Timeout | undefined;

	start(intervalMs = 5): this {
		this.sample();
		this.timer = setInterval(() => this.sample(), intervalMs);
		return this;
	}

	sample(): void {
		const { rss, heapUsed } = process.memoryUsage();
		if (rss > this.peakRss) this.peakRss = rss;
		if (heapUsed > this.peakHeap) this.peakHeap = heapUsed;
	}

	stop(): this {
		this.sample();
		if (this.timer) clearInterval(this.timer);
		return this;
	}
}

export interface Measured<T> {
	ms: number;
	result: T;
	/** heap and rss after a full GC before the run */
	baseHeap: number;
	baseRss: number;
	peakHeap: number;
	peakRss: number;
	/** heapUsed after a full GC with the result still held, minus baseHeap */
	retainedHeap: number;
}

/** Runs `work` once: GC first, samples memory while it runs, GC after with the result held. */
export async function measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
	gc();
	const base = process.memoryUsage();
	const sampler = new MemorySampler().start();
	const start = now();
	const result = await work();
	const ms = now() - start;
	sampler.stop();
	gc();
	const after = process.memoryUsage();
	return {
		ms,
		result,
		baseHeap: base.heapUsed,
		baseRss: base.rss,
		peakHeap: sampler.peakHeap,
		peakRss: sampler.peakRss,
		retainedHeap: after.heapUsed - base.heapUsed,
	};
}

export const MB = 1024 * 1024;

export function fmt(value: number, digits = 0): string {
	if (!Number.isFinite(value)) return '–';
	return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function table(header: string[], rows: string[][]): string {
	const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
	for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
	return lines.join('\n');
}

/** min, median and max of per-round values (the spread of a ratio across rounds). */
export interface Spread {
	min: number;
	median: number;
	max: number;
	rounds: number;
}

export function spread(values: number[]): Spread {
	const finite = values.filter(Number.isFinite);
	return { min: Math.min(...finite), median: median(finite), max: Math.max(...finite), rounds: finite.length };
}

/** "2.31× (2.10–2.52)": the median with the range over the rounds. */
export function fmtSpread(s: Spread, digits = 2, unit = '×'): string {
	if (!s.rounds) return '–';
	return s.rounds === 1
		? `${fmt(s.median, digits)}${unit}`
		: `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}
