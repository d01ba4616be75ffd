/* global module, require, process */
/**
 * Time budgets that follow the work instead of guessing the clock. A test that waits for a child process
 * (npm, eslint, n8n) or for n8n-core to run workflows gets a budget measured on an idle two-core machine,
 * scaled by how busy the machine is when the test file loads: the 1-minute load average per CPU, plus one,
 * never below 2 and never above 12. At load 10 on two cores a 60 s budget becomes 6 minutes; a test that
 * hangs still fails. The jest configs scale their default test timeouts the same way.
 *
 *   it('…', async () => { … }, budget(60_000));
 *
 * BUDGET_FACTOR fixes the factor (e.g. a runner known to be slow). Plain JavaScript, so that the jest
 * configs can use it too.
 */
const { cpus, loadavg } = require('node:os');

function slowdown() {
	const fixed = Number(process.env.BUDGET_FACTOR);
	if (fixed > 0) return fixed;
	const perCpu = loadavg()[0] / Math.max(1, cpus().length);
	return Math.min(12, Math.max(2, 1 + perCpu));
}

/** `idleMs` (what the work takes on an idle machine, with room) scaled to the machine's load now. */
function budget(idleMs) {
	return Math.round(idleMs * slowdown());
}

module.exports = { budget, slowdown };
