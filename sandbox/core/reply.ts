/** An answer as the core's front and the API v1 routes build it (API v2 answers in its own shape). */
export interface Reply {
	status: number;
	json?: unknown;
	/** raw bytes (file downloads) */
	raw?: Buffer;
	contentType?: string;
	headers?: Record<string, string>;
}
