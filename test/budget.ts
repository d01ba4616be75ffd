/**
 * Time budgets that follow the work instead of guessing the clock. A test that waits for a child process
 * (npm, eslint, n8n) or a burst of executions gets a budget measured on an idle two-core machine, scaled by
 * how busy the machine is when the test starts: the 1-minute load average per CPU, plus one, never below 2
 * and never above 12. At load 10 on two cores a 60 s budget becomes 6 minutes; a hung test still fails.
 *
 *   it('…', async () => { … }, budget(60_000));
 *
 * BUDGET_FACTOR overrides the factor (e.g. a slow CI runner).
 */
import { cpus, loadavg } from 'node:os';

export function slowdown(): number {
	const fixed = Number(process.env.BUDGET_FACTOR);
	if (fixed > 0) return fixed;
	const perCpu = loadavg()[0] / Math.max(1, cpus().length);
	return Math.min(12, Math.max(2, 1 + perCpu));
}

/** `idleMs` (what the work takes on an idle machine, with room) scaled to the machine's load now. */
export function budget(idleMs: number): number {
	return Math.round(idleMs * slowdown());
}
