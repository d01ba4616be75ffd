/**
 * The push trigger's form in both versions (issue 15, item 5): the trigger panel shown while the editor listens
 * for a test event, the event field named as n8n's guidelines name it ("Trigger On", no tooltip), and the
 * fallback e-mail checked in the form (a notice under it, evaluated by n8n-workflow's own display rules, as the
 * editor evaluates them) and on activation or listening before any request reaches the marketplace.
 */
import type { INode, INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SellerMarketplaceTrigger } from '../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node';
import { DEFAULT_USER_AGENT } from '../../nodes/SellerMarketplace/v2/transport/signing';
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

/** Whether the editor shows the parameter for these values: n8n-workflow's displayParameter, which the editor uses. */
function shown(version: number, name: string, values: INodeParameters): boolean {
	const description = descriptionOf(version);
	const node = { name: 'Seller Marketplace Trigger', typeVersion: version, parameters: values } as unknown as INode;
	return NodeHelpers.displayParameter(values, property(version, name), node, description);
}

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
const ADDRESSES = ['ops@seller.example', 'first.last+n8n@shop.example.co.uk', '  ops@seller.example  '];

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
		expect(property(version, 'fallbackEmail')).toMatchObject({ required: true, placeholder: 'e.g. nathan@example.com' });
	});

	it.each(NOT_ADDRESSES)('warns under Fallback Email at once when it holds "%s"', (value) => {
		expect(shown(version, 'fallbackEmailNotice', { fallbackEmail: value })).toBe(true);
	});

	it.each(ADDRESSES)('shows no warning for the address "%s"', (value) => {
		expect(shown(version, 'fallbackEmailNotice', { fallbackEmail: value })).toBe(false);
	});

	it('leaves an empty field to n8n\'s own "required" mark, and an expression to activation', () => {
		expect(shown(version, 'fallbackEmailNotice', { fallbackEmail: '' })).toBe(false);
		expect(shown(version, 'fallbackEmailNotice', { fallbackEmail: '={{ $vars.opsEmail }}' })).toBe(false);
	});

	it('places the warning right below Fallback Email', () => {
		const names = descriptionOf(version).properties.map((candidate) => candidate.name);
		expect(names.indexOf('fallbackEmailNotice')).toBe(names.indexOf('fallbackEmail') + 1);
	});
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
				: { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.v2BaseUrl, storefront: 'de', userAgent: DEFAULT_USER_AGENT };
		const started = await WebhookHost.start({ credentials, typeVersion: version, parameters: { events: ['order_new', 'order_unit_new'], fallbackEmail } });
		hosts.push(started);
		return started;
	};

	it.each([
		['publishing', 'activate'],
		['listening for a test event', 'listen'],
	] as const)('refuses it when %s, within a second and before any request, naming the field and the value', async (_what, start) => {
		for (const bad of ['ops@seller.e', 'ops@seller.example, boss@seller.example', '']) {
			const h = await host(bad);
			const started = Date.now();
			const error = await h[start]().then(
				() => undefined,
				(e: Error) => e,
			);
			expect(Date.now() - started).toBeLessThan(1000);
			expect(error?.message).toBe(
				`"Fallback Email" must be an e-mail address like name@example.com, but it is ${bad ? `"${bad}"` : 'empty'}`,
			);
			expect(sandbox.control.requests()).toEqual([]);
			expect(sandbox.control.db.subscriptions).toEqual([]);
		}
	});

	it('subscribes with the address trimmed when it is good', async () => {
		const h = await host('  ops@seller.example ');
		await h.activate();
		expect(sandbox.control.db.subscriptions.map((subscription) => subscription.fallback_email)).toEqual(['ops@seller.example', 'ops@seller.example']);
		await h.deactivate();
	});
});
