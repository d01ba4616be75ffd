/**
 * The package's smoke in any running n8n, through its HTTP interface only (so it works the same against n8n's Docker
 * image, a server, or the pinned runtime): the nodes are loaded, a credential tests OK, a v2 workflow runs against
 * the sandbox, and both triggers are published and fire.
 *
 *   npx ts-node --transpile-only e2e/smoke.ts --n8n http://127.0.0.1:5678 [--email E --password P]
 *   npx ts-node --transpile-only e2e/smoke.ts --start-pinned
 *
 * --n8n: an n8n with the package installed (Settings → Community Nodes, N8N_COMMUNITY_PACKAGES, or ~/.n8n/nodes),
 * reachable from here; the sandbox this script starts must be reachable from that n8n (same host or host network:
 * --sandbox-host 0.0.0.0 and --sandbox-url-for-n8n http://<this host>:<port> otherwise), and n8n's webhook URL from
 * the sandbox. A fresh n8n gets its owner account set up with --email/--password (SMOKE_N8N_EMAIL/SMOKE_N8N_PASSWORD,
 * default e2e's owner); an existing one is signed in to with them. What the smoke creates is removed at the end.
 * --start-pinned: starts the pinned n8n runtime (e2e/ensure-runtime.sh) with the packed package installed as a
 * community package, as the e2e suite does, and runs the smoke against it.
 *
 * The CI workflow runs it against n8n's Docker images (.github/workflows/ci.yml, job "n8n in Docker").
 */
import { randomUUID } from 'node:crypto';

import { startSandbox } from '../sandbox';
import { budget } from '../test/budget';
import { startEnvironment } from './lib/environment';
import { DEFAULT_OWNER, restRequest, sleep } from './lib/n8n';
import { PACKAGE_NAME } from './lib/runtime';
import { SandboxClient } from './lib/sandbox-client';
import { ACTION_TYPE, TRIGGER_TYPE } from './lib/workflows';
import { V2_CREDENTIAL_TYPE, V2_USER_AGENT } from './workflows-v2';

const POLL_TRIGGER_TYPE = `${PACKAGE_NAME}.sellerMarketplacePollTrigger`;
const say = (line: string) => process.stderr.write(`[smoke] ${line}\n`);

interface Options {
	n8n?: string;
	startPinned: boolean;
	email: string;
	password: string;
	sandboxHost: string;
	sandboxUrlForN8n?: string;
}

function parseArgs(argv: string[]): Options {
	const options: Options = {
		startPinned: false,
		email: process.env.SMOKE_N8N_EMAIL ?? DEFAULT_OWNER.email,
		password: process.env.SMOKE_N8N_PASSWORD ?? DEFAULT_OWNER.password,
		sandboxHost: '127.0.0.1',
	};
	const valued: Record<string, (value: string) => void> = {
		'--n8n': (v) => (options.n8n = v.replace(/\/+$/, '')),
		'--email': (v) => (options.email = v),
		'--password': (v) => (options.password = v),
		'--sandbox-host': (v) => (options.sandboxHost = v),
		'--sandbox-url-for-n8n': (v) => (options.sandboxUrlForN8n = v.replace(/\/+$/, '')),
	};
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--start-pinned') options.startPinned = true;
		else if (valued[argv[i]] && argv[i + 1] !== undefined) valued[argv[i]](argv[++i]);
		else throw new Error(`unknown or incomplete option ${argv[i]}; see the comment at the top of e2e/smoke.ts`);
	}
	if (!options.n8n === !options.startPinned) throw new Error('give either --n8n <url> or --start-pinned');
	return options;
}

/** n8n's internal REST API as the editor uses it: a session cookie from the owner's sign-in. */
class N8nHttp {
	private cookie = '';
	constructor(
		readonly baseUrl: string,
		private readonly owner: { email: string; password: string },
	) {}

	async call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
		const { status, data } = await restRequest<T>(
			this.baseUrl,
			{ browserId: 'smoke', cookie: this.cookie },
			method,
			path,
			body,
		);
		return { status, data };
	}

	async ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const result = await this.call<T>(method, path, body);
		if (result.status !== 200)
			throw new Error(`${method} /rest${path} answered HTTP ${result.status}: ${JSON.stringify(result.data)}`);
		return result.data;
	}

	/** Sets up the owner on a fresh n8n (the set-up form's call), then signs in. */
	async signIn(): Promise<void> {
		const headers = { 'content-type': 'application/json', 'browser-id': 'smoke' };
		await fetch(`${this.baseUrl}/rest/owner/setup`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ ...this.owner, firstName: 'Smoke', lastName: 'Test' }),
		});
		const response = await fetch(`${this.baseUrl}/rest/login`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ emailOrLdapLoginId: this.owner.email, password: this.owner.password }),
		});
		if (response.status !== 200)
			throw new Error(`signing in as ${this.owner.email} failed: HTTP ${response.status} ${await response.text()}`);
		this.cookie = response.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
	}

	/** Publishes as the editor's toggle does, and waits until the triggers are live (n8n 2.x reports it; 1.x is live on answer). */
	async publish(id: string): Promise<void> {
		const workflow = await this.ok<{ versionId: string }>('GET', `/workflows/${id}`);
		await this.ok('POST', `/workflows/${id}/activate`, { versionId: workflow.versionId });
		const deadline = Date.now() + budget(30_000);
		for (;;) {
			const status = await this.call<{ status: string; triggers?: Array<{ errorMessage?: string | null }> }>(
				'GET',
				`/workflows/${id}/publication-status`,
			);
			if (status.status === 404) return;
			if (status.data.status === 'published') return;
			if (status.data.status === 'failed' || status.data.status === 'partial')
				throw new Error(`publishing failed: ${(status.data.triggers ?? []).map((t) => t.errorMessage).join('; ')}`);
			if (Date.now() > deadline)
				throw new Error(`workflow ${id} not published after 30 s: ${JSON.stringify(status.data)}`);
			await sleep(250);
		}
	}
}

async function until<T>(what: string, timeoutMs: number, read: () => Promise<T | undefined>): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: nothing within ${Math.round(timeoutMs / 1000)} s`);
		await sleep(1_000);
	}
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

function node(name: string, type: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return { id: randomUUID(), name, type, typeVersion: 2, position: [0, 0], parameters, ...extra };
}

function chain(nodes: Array<{ name: string }>): Record<string, unknown> {
	return Object.fromEntries(
		nodes.slice(0, -1).map((from, i) => [from.name, { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] }]),
	);
}

export async function smoke(n8n: N8nHttp, sandboxHost: string, sandboxUrlForN8n?: string): Promise<void> {
	const sandboxServer = await startSandbox({ host: sandboxHost, port: 0, timeScale: 60 });
	const sandbox = new SandboxClient(sandboxServer.controlUrl);
	const v2BaseUrl = sandboxUrlForN8n ? `${sandboxUrlForN8n}/v2` : sandboxServer.v2BaseUrl;
	const created: { workflows: string[]; credential?: string } = { workflows: [] };
	const run = randomUUID().slice(0, 8);
	try {
		say(`sandbox on ${sandboxServer.baseUrl} (n8n reaches its API v2 at ${v2BaseUrl})`);
		await n8n.signIn();
		say(`signed in to ${n8n.baseUrl} as ${n8n['owner'].email}`);

		// 1. the nodes: n8n describes each of them (version 2) with the v2 credential
		const names = [ACTION_TYPE, TRIGGER_TYPE, POLL_TRIGGER_TYPE];
		const described = await n8n.ok<Array<{ name: string; credentials?: Array<{ name: string }> }>>(
			'POST',
			'/node-types',
			{ nodeInfos: names.map((name) => ({ name, version: 2 })) },
		);
		// in the order asked; a description names the node without its package (sellerMarketplace)
		names.forEach((name, index) => {
			const found = described[index];
			if (
				!found ||
				`${PACKAGE_NAME}.${found.name}` !== name ||
				!found.credentials?.some((c) => c.name === V2_CREDENTIAL_TYPE)
			)
				throw new Error(
					`n8n does not know ${name} version 2 with the ${V2_CREDENTIAL_TYPE} credential: is the package installed?`,
				);
		});
		say(`ok: n8n loaded ${names.join(', ')} (version 2)`);

		// 2. a credential, tested as the editor's Test button does
		const credential = {
			name: `Seller Marketplace sandbox (smoke ${run})`,
			type: V2_CREDENTIAL_TYPE,
			data: {
				clientKey: sandboxServer.clientKey,
				secretKey: sandboxServer.secretKey,
				storefront: 'de',
				userAgent: V2_USER_AGENT,
				baseUrl: v2BaseUrl,
			},
		};
		const { id: credentialId } = await n8n.ok<{ id: string }>('POST', '/credentials', credential);
		created.credential = credentialId;
		const tested = await n8n.ok<{ status: string; message: string }>('POST', '/credentials/test', {
			credentials: { id: credentialId, ...credential },
		});
		if (tested.status !== 'OK') throw new Error(`the credential test said ${tested.status}: ${tested.message}`);
		say('ok: the credential tests OK against the sandbox');
		const credentials = { [V2_CREDENTIAL_TYPE]: { id: credentialId, name: credential.name } };

		const save = async (name: string, nodes: Array<{ name: string }>) => {
			const { id } = await n8n.ok<{ id: string }>('POST', '/workflows', {
				name: `Seller Marketplace smoke ${run}: ${name}`,
				nodes,
				connections: chain(nodes),
				settings: { executionOrder: 'v1' },
				active: false,
			});
			created.workflows.push(id);
			return id;
		};
		const signedV2 = async (mark: number, method: string, path: string) =>
			(await sandbox.requestsSince(mark)).find(
				(r) => r.api === 'v2' && r.method === method && r.path === path && r.signatureValid && r.status < 300,
			);

		// 3. a v2 workflow: a webhook call lists units, and answers them
		const path = `seller-marketplace-smoke-${run}`;
		const listing = await save('list units', [
			node(
				'Call',
				'n8n-nodes-base.webhook',
				{ httpMethod: 'GET', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
				{ webhookId: randomUUID() },
			),
			node(
				'List units',
				ACTION_TYPE,
				{ resource: 'unit', operation: 'getMany', returnAll: false, limit: 3, filters: {} },
				{ credentials },
			),
		]);
		await n8n.publish(listing);
		let mark = await sandbox.lastSeq();
		const units = await until('the v2 workflow answering its webhook', budget(60_000), async () => {
			const response = await fetch(`${n8n.baseUrl}/webhook/${path}`);
			return response.status === 200 ? ((await response.json()) as Array<{ id_unit?: number }>) : undefined;
		});
		if (units.length !== 3 || !units.every((u) => typeof u.id_unit === 'number'))
			throw new Error(`the v2 workflow answered ${JSON.stringify(units).slice(0, 500)}, not 3 units`);
		if (!(await signedV2(mark, 'GET', '/units')))
			throw new Error('the sandbox got no signed GET /v2/units from the workflow');
		say(`ok: a v2 workflow ran: 3 units (${units.map((u) => u.id_unit).join(', ')}), a signed GET /v2/units`);

		const orderUnitsOf = async () => {
			const stock = (await sandbox.state<{ id_unit: number; amount: number; _storefront?: string }>('units')).filter(
				(u) => (u._storefront ?? 'de') === 'de' && u.amount > 1,
			);
			return sandbox.createOrder({ units: [{ id_unit: stock[0].id_unit }], storefront: 'de' });
		};

		// 4. the push trigger: publishing subscribes its webhook; a new order starts the workflow, which reads it
		const hookId = randomUUID();
		const push = await save('push trigger', [
			node(
				'New order',
				TRIGGER_TYPE,
				{ events: ['order_new'], fallbackEmail: 'smoke@example.com', storefront: 'de' },
				{ webhookId: hookId, credentials },
			),
			node(
				'Read order',
				ACTION_TYPE,
				{ resource: 'order', operation: 'get', orderId: byId('={{ $json.id_order }}') },
				{ credentials },
			),
		]);
		await n8n.publish(push);
		const subscriptions = await sandbox.state<{ event_name: string; is_active: boolean; callback_url: string }>(
			'subscriptions',
		);
		const subscription = subscriptions.find(
			(s) => s.event_name === 'order_new' && s.is_active && s.callback_url.includes(hookId),
		);
		if (!subscription)
			throw new Error('publishing the push trigger made no active order_new subscription in the sandbox');
		say(`ok: the push trigger subscribed order_new for ${subscription.callback_url}`);
		mark = await sandbox.lastSeq();
		const pushed = await orderUnitsOf();
		await until('the push trigger reading the new order', budget(60_000), () =>
			signedV2(mark, 'GET', `/orders/${pushed.order.id_order}`),
		);
		say(
			`ok: order ${pushed.order.id_order} was pushed, and the workflow read it (a signed GET /v2/orders/${pushed.order.id_order})`,
		);
		await n8n.ok('POST', `/workflows/${push}/deactivate`, {});

		// 5. the poll trigger: polls when published, then every minute; a unit to send starts the workflow, which reads it
		const poll = await save('poll trigger', [
			node(
				'Units to send',
				POLL_TRIGGER_TYPE,
				{
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					event: 'orderUnitStatus',
					orderUnitStatuses: ['need_to_be_sent'],
					options: {},
				},
				{ credentials },
			),
			node(
				'Read order unit',
				ACTION_TYPE,
				{ resource: 'orderUnit', operation: 'get', orderUnitId: byId('={{ $json.id_order_unit }}') },
				{ credentials },
			),
		]);
		mark = await sandbox.lastSeq();
		await n8n.publish(poll);
		await until('the first poll at publishing', budget(30_000), async () =>
			(await sandbox.requestsSince(mark)).find(
				(r) => r.api === 'v2' && r.method === 'GET' && r.path === '/order-units' && r.signatureValid,
			),
		);
		say('ok: the poll trigger polled when published (a signed GET /v2/order-units)');
		mark = await sandbox.lastSeq();
		const polled = await orderUnitsOf();
		const unitId = polled.orderUnits[0].id_order_unit;
		await until('the poll trigger finding the new unit (it polls every minute)', budget(150_000), () =>
			signedV2(mark, 'GET', `/order-units/${unitId}`),
		);
		say(`ok: the poll trigger found order unit ${unitId}, and the workflow read it`);
		say('the smoke passed');
	} finally {
		for (const id of created.workflows) {
			await n8n.call('POST', `/workflows/${id}/deactivate`, {}).catch(() => undefined);
			await n8n.call('POST', `/workflows/${id}/archive`, {}).catch(() => undefined);
			await n8n.call('DELETE', `/workflows/${id}`).catch(() => undefined);
		}
		if (created.credential) await n8n.call('DELETE', `/credentials/${created.credential}`).catch(() => undefined);
		await sandboxServer.close();
	}
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	if (options.n8n) {
		await smoke(new N8nHttp(options.n8n, options), options.sandboxHost, options.sandboxUrlForN8n);
		return;
	}
	const environment = await startEnvironment({
		name: 'smoke',
		credentials: [],
		workflows: [],
		publish: [],
		progress: say,
	});
	try {
		say(
			`n8n ${environment.runtime.n8nVersion} on ${environment.n8n.baseUrl}, the package installed from ${environment.tarball}`,
		);
		await smoke(
			new N8nHttp(environment.n8n.baseUrl, environment.n8n.owner),
			options.sandboxHost,
			options.sandboxUrlForN8n,
		);
	} finally {
		await environment.n8n.stop();
	}
}

if (require.main === module) {
	main().then(
		() => process.exit(0),
		(error: Error) => {
			say(`FAILED: ${error.message}`);
			process.exit(1);
		},
	);
}
