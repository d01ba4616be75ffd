/** How much slower than idle the machine is now (see budget.js). */
export function slowdown(): number;
/** `idleMs` scaled to the machine's load now (see budget.js). */
export function budget(idleMs: number): number;
