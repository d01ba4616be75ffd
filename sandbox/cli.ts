/**
 * npm run sandbox -- --port 8787 --host 127.0.0.1 [--orders N] [--time-scale X] [--snapshot file] [--seed N]
 *   [--unit-delay S] [--clock-window S] [--data-dir folder] [--allow-host name[,name]] [--strict] [--php-query]
 *   [--rate-limit N] [--storefronts de,at,cz]
 * Prints the base URLs (v1 and v2) and keys for the n8n credentials, then runs until Ctrl-C (which saves --snapshot).
 */
import path from 'path';
import { startSandbox, StartOptions } from './index';

const FLAGS: Record<string, keyof StartOptions> = {
	'--port': 'port',
	'--host': 'host',
	'--orders': 'orders',
	'--time-scale': 'timeScale',
	'--snapshot': 'snapshotPath',
	'--seed': 'seed',
	'--unit-delay': 'unitVisibilityDelaySeconds',
	'--clock-window': 'clockWindowSeconds',
	'--data-dir': 'dataDir',
	'--allow-host': 'allowedHosts',
	'--rate-limit': 'rateLimitPerSecond',
	'--storefronts': 'storefronts',
};
const TEXT_OPTIONS = new Set<keyof StartOptions>(['host', 'snapshotPath', 'dataDir']);
const LIST_OPTIONS = new Set<keyof StartOptions>(['storefronts', 'allowedHosts']);
/** flags without a value */
const SWITCHES: Record<string, keyof StartOptions> = { '--strict': 'strict', '--php-query': 'phpQuery' };

function parseArgs(argv: string[]): StartOptions {
	const options: Record<string, unknown> = { port: 8787, host: '127.0.0.1' };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		if (SWITCHES[flag] && inline === undefined) {
			options[SWITCHES[flag]] = true;
			continue;
		}
		const key = FLAGS[flag];
		if (!key) {
			console.error(`Unknown option ${flag}. Options: ${[...Object.keys(FLAGS), ...Object.keys(SWITCHES)].join(', ')}`);
			process.exit(2);
		}
		const value = inline ?? argv[++i];
		if (value === undefined) {
			console.error(`${flag} needs a value`);
			process.exit(2);
		}
		if (TEXT_OPTIONS.has(key)) options[key] = value;
		else if (LIST_OPTIONS.has(key))
			options[key] = [...((options[key] as string[] | undefined) ?? []), ...value.split(',').map((v) => v.trim())];
		else {
			const number = Number(value);
			if (!Number.isFinite(number)) {
				console.error(`${flag} needs a number, got '${value}'`);
				process.exit(2);
			}
			options[key] = number;
		}
	}
	return options as StartOptions;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const started = Date.now();
	const sandbox = await startSandbox({ ...options, log: (line) => console.log(`[sandbox] ${line}`) });
	console.log(`Seller Marketplace API sandbox ready in ${Date.now() - started} ms`);
	console.log(
		options.strict
			? "  Mode:        strict (only the spec's paths and body shapes; see docs/decisions.md)"
			: '  Mode:        lenient (aliases and the forms the live API evidently takes are accepted and logged; --strict refuses them)',
	);
	if (options.phpQuery) console.log('  Query:       read as PHP reads it (a repeated key keeps its last value only)');
	console.log(`  v1 base URL: ${sandbox.baseUrl}`);
	console.log(
		`  v2 base URL: ${sandbox.v2BaseUrl}  (storefronts ${sandbox.control.storefronts().join(', ')}; rate limit ${sandbox.control.rateLimit() ?? 'off'})`,
	);
	console.log(`  Client key:  ${sandbox.clientKey}`);
	console.log(`  Secret key:  ${sandbox.secretKey}`);
	console.log(`  v2 partner client key: ${sandbox.partnerClientKey}`);
	console.log(`  v2 partner secret key: ${sandbox.partnerSecretKey}`);
	console.log(
		`  Control API: ${sandbox.controlUrl}/  (unsigned, local callers only, JSON bodies; see sandbox/README.md)`,
	);
	console.log('Press Ctrl-C to stop.');
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		const code = options.snapshotPath ? saveOnExit(sandbox.control, path.resolve(options.snapshotPath)) : 0;
		sandbox.close().then(
			() => process.exit(code),
			() => process.exit(code || 1),
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

/** Writes the snapshot before the process exits, and says where or why not; returns the exit code. */
function saveOnExit(control: { save(file?: string): void }, file: string): number {
	try {
		control.save(file);
		console.log(`Snapshot saved to ${file}`);
		return 0;
	} catch (error) {
		console.error(`Could not save the snapshot to ${file}: ${error instanceof Error ? error.message : String(error)}`);
		return 1;
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
