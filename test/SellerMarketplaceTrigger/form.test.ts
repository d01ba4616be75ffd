/**
 * The push trigger's form in both versions (issue 15, item 5): the trigger panel shown while the editor listens
 * for a test event, the event field named as n8n's guidelines name it ("Trigger On", no tooltip), and the
 * fallback e-mail checked on activation or listening before any request reaches the marketplace (not in the form:
 * that took a regular-expression display rule, which n8n evaluates on every webhook call).
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { SellerMarketplace } from '../../nodes/SellerMarketplace/SellerMarketplace.node';
import { SellerMarketplacePollTrigger } from '../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node';
import { SellerMarketplaceTrigger } from '../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node';
import { DEFAULT_USER_AGENT } from '../../nodes/api/v2/signing';
import { startSandbox, type Sandbox } from '../../sandbox';
import { WebhookHost } from '../harness/webhook-host';

const trigger = new SellerMarketplaceTrigger();
const VERSIONS = [1, 2] as const;
const descriptionOf = (version: number): INodeTypeDescription => trigger.nodeVersions[version].description;
const property = (version: number, name: string): INodeProperties => {
	const found = descriptionOf(version).properties.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`trigger v${version} has no parameter "${name}"`);
	return found;
};

const NOT_ADDRESSES = [
	'ops',
	'ops@seller',
	'ops@seller.e',
	'ops @seller.example',
	'ops@seller.example, boss@seller.example',
	'ops@seller.example;boss@seller.example',
	'Ops <ops@seller.example>',
	'   ',
];

describe.each(VERSIONS)('trigger version %i: the form', (version) => {
	it('shows a trigger panel that says how to cause a test event, with a link to the documentation on it', () => {
		const panel = descriptionOf(version).triggerPanel;
		expect(panel).toEqual({
			header: expect.stringMatching(/\S/),
			executionsHelp: { inactive: expect.any(String), active: expect.any(String) },
			activationHint: expect.stringMatching(/publish/i),
		});
		const { executionsHelp } = panel as { executionsHelp: { inactive: string; active: string } };
		for (const help of [executionsHelp.inactive, executionsHelp.active]) {
			expect(help).toContain("click 'Execute step'");
			expect(help).toContain('Order Unit → Send');
			expect(help).toContain(
				'<a href="https://github.com/n8n-nodes-seller-marketplace/n8n-nodes-seller-marketplace/blob/main/docs/nodes/SellerMarketplaceTrigger.md#cause-a-test-event" target="_blank">More ways to cause a test event</a>',
			);
			expect(help).toContain('<a data-key="executions">executions list</a>');
		}
		expect(executionsHelp.inactive).toMatch(/publish it/);
		expect(executionsHelp.active).toMatch(/published workflow runs as well/);
	});

	it('names the event field "Trigger On", without a tooltip, as n8n\'s UI guidelines ask', () => {
		const events = property(version, 'events');
		expect(events).toMatchObject({ displayName: 'Trigger On', type: 'multiOptions', required: true });
		expect(events.description).toBeUndefined();
		expect(descriptionOf(version).properties.filter((candidate) => candidate.displayName === 'Events')).toEqual([]);
	});

	it('offers an example address as the placeholder of Fallback Email', () => {
		expect(property(version, 'fallbackEmail')).toMatchObject({
			required: true,
			placeholder: 'e.g. nathan@example.com',
		});
	});

	it('has no notice under Fallback Email: the address is checked on activation, never on a webhook call', () => {
		expect(descriptionOf(version).properties.map((candidate) => candidate.name)).not.toContain('fallbackEmailNotice');
	});
});

/** Every display rule with a regular expression in a node description, as "<node> v<version>: <parameter>". */
function regexDisplayRules(): string[] {
	const found: string[] = [];
	const visit = (value: unknown, where: string): void => {
		if (Array.isArray(value)) value.forEach((entry) => visit(entry, where));
		else if (value && typeof value === 'object') {
			const record = value as Record<string, unknown>;
			const cnd = record._cnd as Record<string, unknown> | undefined;
			if (cnd && 'regex' in cnd) found.push(where);
			for (const [key, entry] of Object.entries(record))
				visit(entry, typeof record.name === 'string' && key !== 'name' ? `${where} ${record.name}` : where);
		}
	};
	for (const node of [new SellerMarketplace(), new SellerMarketplaceTrigger(), new SellerMarketplacePollTrigger()]) {
		for (const [version, versioned] of Object.entries(node.nodeVersions)) {
			visit(versioned.description.properties, `${node.description.name} v${version}:`);
		}
	}
	return found;
}

// n8n evaluates a node's display rules on every webhook call, in its expression sandbox under a time limit
// (issue 23: "Regular expression execution timed out" on a busy machine lost an event).
it('no node description has a regular-expression display rule', () => {
	expect(regexDisplayRules()).toEqual([]);
});

describe.each(VERSIONS)('trigger version %i: activation with a bad fallback e-mail', (version) => {
	let sandbox: Sandbox;
	const hosts: WebhookHost[] = [];

	beforeAll(async () => {
		process.env.N8N_LOG_LEVEL ??= 'error';
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => {
		await sandbox.close();
	});
	beforeEach(() => sandbox.control.reset());
	afterEach(async () => {
		while (hosts.length) await hosts.pop()!.close();
	});

	const host = async (fallbackEmail: string): Promise<WebhookHost> => {
		const credentials =
			version === 1
				? { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl }
				: {
						clientKey: sandbox.clientKey,
						secretKey: sandbox.secretKey,
						baseUrl: sandbox.v2BaseUrl,
						storefront: 'de',
						userAgent: DEFAULT_USER_AGENT,
					};
		const started = await WebhookHost.start({
			credentials,
			typeVersion: version,
			parameters: { events: ['order_new', 'order_unit_new'], fallbackEmail },
		});
		hosts.push(started);
		return started;
	};

	it.each([
		['publishing', 'activate'],
		['listening for a test event', 'listen'],
	] as const)(
		'refuses it when %s, within a second and before any request, naming the field and the value',
		async (_what, start) => {
			for (const bad of [...NOT_ADDRESSES, '']) {
				const h = await host(bad);
				const started = Date.now();
				const error = await h[start]().then(
					() => undefined,
					(e: Error) => e,
				);
				expect(Date.now() - started).toBeLessThan(1000);
				expect(error?.message).toBe(
					`"Fallback Email" must be an e-mail address like name@example.com, but it is ${bad.trim() ? `"${bad.trim()}"` : 'empty'}`,
				);
				expect(sandbox.control.requests()).toEqual([]);
				expect(sandbox.control.db.subscriptions).toEqual([]);
			}
		},
	);

	it('subscribes with the address trimmed when it is good', async () => {
		const h = await host('  ops@seller.example ');
		await h.activate();
		expect(sandbox.control.db.subscriptions.map((subscription) => subscription.fallback_email)).toEqual([
			'ops@seller.example',
			'ops@seller.example',
		]);
		await h.deactivate();
	});
});
