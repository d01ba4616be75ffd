/**
 * "No secret in errors, logs or output": every workflow the harness runs is checked by these, so the
 * assertion covers every error path any test produces.
 */
import { LoggerProxy } from 'n8n-workflow';

/** Every log line n8n-core and the nodes write through n8n's logger during the tests. */
export const logLines: string[] = [];

const capture = (level: string) => (message: string, meta?: object) => {
	logLines.push(`${level} ${message} ${meta ? safeJson(meta) : ''}`);
};
LoggerProxy.init({
	error: capture('error'),
	warn: capture('warn'),
	info: capture('info'),
	debug: capture('debug'),
	scoped: () => LoggerProxy as never,
} as never);

function safeJson(value: unknown): string {
	try {
		return JSON.stringify(value);
	} catch {
		return String(value);
	}
}

/** All text reachable from a value, including the non-enumerable message and stack of errors. */
export function collectText(value: unknown, seen = new Set<unknown>(), out: string[] = []): string[] {
	if (value === null || value === undefined) return out;
	if (typeof value === 'string') {
		out.push(value);
		return out;
	}
	if (Buffer.isBuffer(value)) {
		out.push(value.toString('utf8'));
		return out;
	}
	if (typeof value !== 'object' || seen.has(value)) return out;
	seen.add(value);
	const keys = value instanceof Error ? Object.getOwnPropertyNames(value) : Object.keys(value);
	for (const key of keys) {
		if (key === 'cause' || key === 'config' || key === 'request') continue; // the raw HTTP machinery carries the signed request headers, not the key
		collectText((value as Record<string, unknown>)[key], seen, out);
	}
	return out;
}

/** Throws when a secret appears anywhere in the value or in the log. */
export function assertNoSecrets(value: unknown, secrets: string[]): void {
	const text = [...collectText(value), ...logLines].join('\n');
	for (const secret of secrets) {
		if (secret && text.includes(secret))
			throw new Error('A secret (the secret key or an access token) appeared in output, an error or the log');
	}
}
