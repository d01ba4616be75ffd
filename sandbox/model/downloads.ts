/**
 * Download links. The marketplace serves its files (ticket attachments, invoices, reports, shipping labels, shared
 * sets) under API v1's root, whichever API asked for them; sandbox/v1/routes answers them.
 */
import type { SandboxCore } from '../core/sandbox-core';

export const DOWNLOAD_ROOT = '/api/v1';

/** `path` under the download root, e.g. '/report-files/5000000001?access_token=…'. */
export function downloadUrl(core: SandboxCore, path: string): string {
	return `${core.origin}${DOWNLOAD_ROOT}${path}`;
}
