/**
 * One sandbox and one n8n for the whole e2e run: the package installed as a community package,
 * every workflow imported in one batch, the examples that need it published, n8n started.
 * The sandbox runs in this (jest's main) process; tests reach it through its HTTP control API.
 */
import { startSandbox } from '../../sandbox';
import { startEnvironment } from '../lib/environment';
import { sandboxCredential } from '../lib/workflows';
import { v2Credentials } from '../workflows-v2';
import { allWorkflows, BAD_CREDENTIAL, PUBLISHED_EXAMPLES } from '../workflows';
import { writeState } from './state';
import { handles } from './handles';

export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	const log = (line: string) => process.stderr.write(`[e2e] ${line}\n`);
	process.stderr.write('\n');
	// sandbox time runs a minute per second: product data and import files are processed within a second
	const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, timeScale: 60 });
	handles.sandbox = sandbox;
	// The sandbox loads its API v2 routes (TypeScript files) on the first /v2 request; only now, inside the global
	// set-up, does jest's TypeScript hook still load them, so one request to /v2 loads them here.
	await fetch(`${sandbox.v2BaseUrl}/status/ping`);
	log(`sandbox on ${sandbox.baseUrl}`);
	const environment = await startEnvironment({
		name: 'e2e',
		credentials: [
			sandboxCredential(sandbox),
			sandboxCredential({ ...sandbox, secretKey: 'x'.repeat(64) }, BAD_CREDENTIAL),
			...v2Credentials(sandbox),
		],
		workflows: allWorkflows(sandbox.baseUrl),
		publish: PUBLISHED_EXAMPLES,
		progress: log,
		extraEnv: process.env.E2E_N8N_LOG_LEVEL ? { N8N_LOG_LEVEL: process.env.E2E_N8N_LOG_LEVEL } : undefined,
	});
	handles.n8n = environment.n8n;
	const timings = { ...environment.timings, globalSetup: Date.now() - started };
	log(
		`n8n ready on ${environment.n8n.baseUrl} (set-up ${(timings.globalSetup / 1000).toFixed(1)} s: ${Object.entries(
			environment.timings,
		)
			.map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
			.join(', ')})`,
	);
	writeState({
		runtimeDir: environment.runtime.dir,
		userFolder: environment.n8n.userFolder,
		port: environment.n8n.port,
		owner: environment.n8n.owner,
		sandbox: {
			baseUrl: sandbox.baseUrl,
			controlUrl: sandbox.controlUrl,
			clientKey: sandbox.clientKey,
			secretKey: sandbox.secretKey,
		},
		timings,
		tarball: environment.tarball,
	});
}
