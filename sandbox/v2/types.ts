/** Types of API v2's part of the sandbox that startSandbox's callers see. */

/** API v2 options of startSandbox (kept apart from the core's SandboxOptions). */
export interface SandboxV2Options {
	/** partner key pair accepted in Shop-Partner-Client-Key / Shop-Partner-Signature (defaults: DEFAULT_PARTNER_*) */
	partnerClientKey?: string;
	partnerSecretKey?: string;
	/** storefronts the seller has set up; others answer /problems/storefront-not-configured; default de, at, cz */
	storefronts?: string[];
	/** v2 requests per second per client key before 429; null: no limit; absent: the documented 111 in strict mode (strict or strictResponses, so every test), else none */
	rateLimitPerSecond?: number | null;
	/** a v2 response that does not match the OpenAPI is replaced by a 500 problem; default on under jest */
	strictResponses?: boolean;
	/**
	 * Reads the query as PHP does: of a key given several times only the last value counts (`status=a&status=b`
	 * filters on `b`). A reading the live API may have (docs/api-rules.md W3); default false
	 */
	phpQuery?: boolean;
	/** real-time limit of v2 notification deliveries (verification keeps callbackTimeoutSeconds); default 5 */
	v2NotificationTimeoutSeconds?: number;
}

/** A v2 response that did not match the OpenAPI (a sandbox bug). */
export interface ResponseViolation {
	/** the request's seq in the request log */
	seq: number;
	method: string;
	path: string;
	operationId?: string;
	status: number;
	problems: string[];
	body: unknown;
}
