/**
 * Fault injection. Rules are checked before routing and auth, in the order they were added:
 * every matching 'latency' rule adds its delay; the first matching 'status' or 'reset' rule answers
 * instead of the handler, so a faulted request changes no state.
 */
import { badRequest } from './errors';
import type { Random } from './seed';
import type { FaultRule } from './types';
import { integer, matching, numberIn, oneOf, optional, parseBody } from './validate';

const MAX_RULES = 100;
/** all latency rules together may hold a request this long at most */
const MAX_TOTAL_LATENCY_MS = 60_000;

const RULE = {
	kind: oneOf(['status', 'reset', 'latency'], 'fault kind'),
	method: optional(matching(/^[A-Za-z]{1,10}$/, 'an HTTP method such as GET or PATCH')),
	path: optional(
		matching(
			/^\/[\x21-\x7e]{0,499}$/,
			"a path relative to /api/v1, starting with '/', without spaces, at most 500 characters",
		),
	),
	status: optional(integer(400, 599)),
	retryAfter: optional(
		matching(
			/^[\x20-\x7e]{1,100}$/,
			'a Retry-After value (seconds or an HTTP date, printable ASCII, at most 100 characters)',
		),
	),
	times: optional(integer(1, 1_000_000)),
	rate: optional(numberIn(0, 1)),
	latencyMs: optional(integer(0, MAX_TOTAL_LATENCY_MS)),
	jitterMs: optional(integer(0, MAX_TOTAL_LATENCY_MS)),
};

interface ActiveRule {
	id: string;
	rule: FaultRule;
	remaining: number; // Infinity when `times` is absent
}

export interface FaultDecision {
	delayMs: number;
	answer?: { kind: 'status' | 'reset'; status: number; retryAfter?: string };
	/** description for the request log, e.g. 'f1 status 429' */
	label?: string;
}

export class Faults {
	private rules: ActiveRule[] = [];
	private counter = 0;

	constructor(private readonly random: Random) {}

	add(rule: FaultRule): string {
		validateRule(rule);
		if (this.rules.length >= MAX_RULES)
			throw badRequest(`at most ${MAX_RULES} fault rules at a time; remove some first`);
		const latency = (r: FaultRule) => (r.kind === 'latency' ? (r.latencyMs ?? 0) + (r.jitterMs ?? 0) : 0);
		const total = this.rules.reduce((sum, active) => sum + latency(active.rule), latency(rule));
		if (total > MAX_TOTAL_LATENCY_MS) {
			throw badRequest(
				`latency rules would hold a request up to ${total} ms; at most ${MAX_TOTAL_LATENCY_MS} ms in all`,
			);
		}
		const id = `f${++this.counter}`;
		this.rules.push({ id, rule: { ...rule }, remaining: rule.times ?? Infinity });
		return id;
	}

	remove(id: string): boolean {
		const before = this.rules.length;
		this.rules = this.rules.filter((r) => r.id !== id);
		return this.rules.length !== before;
	}

	clear(): void {
		this.rules = [];
	}

	list(): Array<FaultRule & { id: string; remaining: number | null }> {
		return this.rules.map((r) => ({ ...r.rule, id: r.id, remaining: r.remaining === Infinity ? null : r.remaining }));
	}

	decide(method: string, path: string): FaultDecision {
		const decision: FaultDecision = { delayMs: 0 };
		const labels: string[] = [];
		for (const active of this.rules) {
			const { rule } = active;
			if (active.remaining <= 0) continue;
			if (rule.method && rule.method.toUpperCase() !== method) continue;
			if (rule.path && !pathMatches(rule.path, path)) continue;
			if (rule.rate !== undefined && this.random.next() >= rule.rate) continue;
			if (rule.kind === 'latency') {
				active.remaining--;
				const jitter = rule.jitterMs ? Math.floor(this.random.next() * (rule.jitterMs + 1)) : 0;
				decision.delayMs += (rule.latencyMs ?? 0) + jitter;
				labels.push(`${active.id} latency ${(rule.latencyMs ?? 0) + jitter}ms`);
				continue;
			}
			active.remaining--;
			decision.answer =
				rule.kind === 'reset'
					? { kind: 'reset', status: 0 }
					: { kind: 'status', status: rule.status ?? 500, retryAfter: rule.retryAfter };
			labels.push(rule.kind === 'reset' ? `${active.id} reset` : `${active.id} status ${rule.status ?? 500}`);
			break;
		}
		this.rules = this.rules.filter((r) => r.remaining > 0);
		if (labels.length > 0) decision.label = labels.join(', ');
		return decision;
	}
}

/** '*' stands for one whole path segment: '/units/*\/' matches '/units/500001/'. */
function pathMatches(pattern: string, path: string): boolean {
	const want = pattern.split('/');
	const have = path.split('/');
	return want.length === have.length && want.every((segment, i) => segment === '*' || segment === have[i]);
}

function validateRule(rule: FaultRule): void {
	parseBody(rule, RULE);
	if (rule.kind === 'status' && rule.status === undefined)
		throw badRequest('a status fault needs status between 400 and 599');
}
