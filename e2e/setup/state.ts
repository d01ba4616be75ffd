/** What the global set-up started, for the test files (which run in other processes). */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { N8n } from '../lib/n8n';
import { runtimePaths, REPO_ROOT } from '../lib/runtime';
import { SandboxClient } from '../lib/sandbox-client';

export const STATE_FILE = join(REPO_ROOT, '.e2e', 'e2e-state.json');

export interface E2eState {
	runtimeDir: string;
	userFolder: string;
	port: number;
	owner: { email: string; password: string };
	sandbox: { baseUrl: string; controlUrl: string; clientKey: string; secretKey: string };
	timings: Record<string, number>;
	/** the packed package, as installed */
	tarball: string;
}

export function writeState(state: E2eState): void {
	writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export function readState(): E2eState {
	return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2eState;
}

/** The running n8n and the sandbox, as seen from a test file. */
export function connect(): { state: E2eState; n8n: N8n; sandbox: SandboxClient } {
	const state = readState();
	const n8n = new N8n({
		runtime: runtimePaths(state.runtimeDir),
		userFolder: state.userFolder,
		port: state.port,
		owner: state.owner,
	});
	return { state, n8n, sandbox: new SandboxClient(state.sandbox.controlUrl) };
}
