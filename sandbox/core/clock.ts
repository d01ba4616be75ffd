/**
 * Sandbox time. It runs `timeScale` times faster than real time and can be pushed forward with
 * `advance`, so hours of notification retries or product-data checks pass in seconds in tests.
 * Request signatures are still checked against real time (clients sign with their own clock).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:MM:SS' in UTC, the API's timestamp format. */
export function formatTimestamp(ms: number): string {
	const d = new Date(ms);
	return (
		`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
		`${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
	);
}

export function parseTimestamp(text: string): number {
	return Date.parse(text.replace(' ', 'T') + 'Z');
}

export class SandboxClock {
	private readonly realStart = Date.now();
	private offsetMs = 0;

	constructor(
		readonly timeScale = 1,
		private readonly startMs = Date.now(),
	) {}

	/** sandbox time in ms since the epoch */
	now(): number {
		return this.startMs + (Date.now() - this.realStart) * this.timeScale + this.offsetMs;
	}

	timestamp(): string {
		return formatTimestamp(this.now());
	}

	/** Moves sandbox time forward to `ms` (never backwards). */
	moveTo(ms: number): void {
		const now = this.now();
		if (ms > now) this.offsetMs += ms - now;
	}

	/** Real milliseconds until sandbox time reaches `ms`. */
	realDelayUntil(ms: number): number {
		return Math.max(0, (ms - this.now()) / this.timeScale);
	}
}

interface Task {
	id: number;
	due: number;
	label: string;
	run: () => unknown;
}

/**
 * Runs callbacks at sandbox times. One real timer is armed for the earliest task; `advance`
 * runs every task due within the jump in due order, at its own due time.
 */
export class Scheduler {
	private tasks: Task[] = [];
	private nextId = 1;
	private timer: NodeJS.Timeout | undefined;
	private readonly inFlight = new Set<Promise<unknown>>();
	private stopped = false;

	constructor(
		private readonly clock: SandboxClock,
		private readonly onError: (label: string, error: unknown) => void,
	) {}

	at(due: number, label: string, run: () => unknown): number {
		const task = { id: this.nextId++, due, label, run };
		// keep sorted by due time (stable for equal times)
		let i = this.tasks.length;
		while (i > 0 && this.tasks[i - 1].due > due) i--;
		this.tasks.splice(i, 0, task);
		this.arm();
		return task.id;
	}

	after(sandboxMs: number, label: string, run: () => unknown): number {
		return this.at(this.clock.now() + sandboxMs, label, run);
	}

	pending(): Array<{ due: number; label: string }> {
		return this.tasks.map(({ due, label }) => ({ due, label }));
	}

	/** Runs every task due at or before `cutoff` (default: now) and waits for all of them. */
	async runDue(cutoff = this.clock.now()): Promise<void> {
		for (;;) {
			this.startDue(cutoff);
			if (this.inFlight.size === 0) break;
			await Promise.all([...this.inFlight]);
		}
		this.arm();
	}

	private startDue(cutoff: number): void {
		while (this.tasks.length > 0 && this.tasks[0].due <= cutoff) this.start(this.tasks.shift()!);
	}

	/** Moves sandbox time on by `seconds`, running each task due on the way at its due time. */
	async advance(seconds: number): Promise<void> {
		const target = this.clock.now() + seconds * 1000;
		await this.runDue(this.clock.now());
		while (this.tasks.length > 0 && this.tasks[0].due <= target) {
			this.clock.moveTo(this.tasks[0].due);
			await this.runDue(this.tasks[0].due);
		}
		this.clock.moveTo(target);
		this.arm();
	}

	clear(): void {
		this.tasks = [];
		this.arm();
	}

	stop(): void {
		this.stopped = true;
		this.clear();
	}

	private start(task: Task): void {
		const promise = Promise.resolve()
			.then(task.run)
			.catch((error) => this.onError(task.label, error))
			.finally(() => this.inFlight.delete(promise));
		this.inFlight.add(promise);
	}

	private arm(): void {
		if (this.timer) clearTimeout(this.timer);
		this.timer = undefined;
		if (this.stopped || this.tasks.length === 0) return;
		const delay = Math.min(this.clock.realDelayUntil(this.tasks[0].due), 2 ** 31 - 1);
		// timer-driven runs only start tasks; a slow callback must not hold up the next ones
		this.timer = setTimeout(() => {
			this.startDue(this.clock.now());
			this.arm();
		}, Math.ceil(delay));
		this.timer.unref();
	}
}
