/**
 * The package in n8n's editor, in headless Chromium (Debian's chromium, driven by playwright-core): what only the
 * editor shows. A seller signs in, adds Seller Marketplace (version 2) behind a manual trigger, fills Order Unit →
 * Send from the pickers (order unit from the list, carrier from the API's list), runs the step against the sandbox
 * and reads the output panel; opens the credential form; adds the push trigger, sees the fallback e-mail checked
 * as it is typed, and the trigger panel's instructions, then listens for a test event and places the order they
 * describe. A new user's first contact (issue 25), each on a freshly added node, without reopening it or using
 * Refresh List: search words, the action node's text under "What happens next?", the credential types offered, Unit →
 * Create, the Simplify hint kept by a run, attribute names from the API, the push trigger's short notice.
 * Screenshots of each form are saved under .e2e/screenshots/editor/ (the path is printed).
 */
import type { Page } from 'playwright-core';

import { launchBrowser, type Browser } from '../lib/browser';
import { Editor, screenshotDir } from '../lib/editor';
import { sleep } from '../lib/n8n';
import { connect } from '../setup/state';
import { V2_CREDENTIAL } from '../workflows-v2';
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { ACTION_NODE_DESCRIPTION } from '../../nodes/shared/descriptions/app';
import { SellerMarketplace } from '../../nodes/SellerMarketplace/SellerMarketplace.node';

const { state, n8n, sandbox } = connect();
const screenshots = screenshotDir('editor');
const TRACKING = '00340434161094042557';
/** Generous: the editor loads node types and option lists from n8n, which shares 2 CPUs with the sandbox. */
const STEP_TIMEOUT_MS = 90_000;

let browser: Browser;
let page: Page;
let editor: Editor;
const saved: string[] = [];
const shot = async (name: string) => saved.push(await editor.screenshot(name));
let started = 0;

beforeAll(async () => {
	started = Date.now();
	browser = await launchBrowser();
	page = await browser.context.newPage();
	page.setDefaultTimeout(STEP_TIMEOUT_MS);
	editor = new Editor(page, n8n.baseUrl, screenshots);
	await editor.signIn(state.owner);
});

afterAll(async () => {
	if (page && !page.isClosed()) saved.push(await editor.screenshot('zz-last-state').catch(() => 'none'));
	await browser?.close();
	process.stderr.write(
		`\n[editor e2e] browser test ran ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${screenshots}:\n${saved.map((path) => `  ${path}`).join('\n')}\n`,
	);
});

async function workflowWithManualTrigger(name: string): Promise<string> {
	const created = await n8n.rest<{ id: string }>('POST', '/workflows', {
		name,
		nodes: [
			{
				id: '0e2e0000-0000-4000-8000-0000000ed001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	if (created.status !== 200)
		throw new Error(`saving the workflow failed: HTTP ${created.status} ${JSON.stringify(created.raw)}`);
	return created.data.id;
}

/**
 * A new order unit that waits to be sent, and keeps waiting: the e2e run publishes the example "new order → mark
 * units sent", which ships every unit of a new order that needs sending (and Send's picker offers only those). So
 * the order is placed with its unit open, and the unit is moved to need_to_be_sent once each workflow notified of
 * the new order has read it.
 */
async function unitWaitingToBeSent(idUnit: number): Promise<string> {
	const mark = await sandbox.lastSeq();
	const { order, orderUnits } = await sandbox.createOrder({ units: [{ id_unit: idUnit }], status: 'open' });
	const unitId = String(orderUnits[0].id_order_unit);
	await sandbox.flush();
	const notified = (await sandbox.deliveries()).filter(
		(delivery) =>
			delivery.kind === 'event' &&
			delivery.event_name === 'order_new' &&
			delivery.resource?.includes(order.id_order) &&
			delivery.status === 200,
	).length;
	const readsOfOrder = async () =>
		(await sandbox.requestsSince(mark)).filter(
			(entry) => entry.method === 'GET' && entry.path.includes(`/orders/${order.id_order}`),
		).length;
	const deadline = Date.now() + STEP_TIMEOUT_MS;
	while ((await readsOfOrder()) < notified) {
		if (Date.now() > deadline)
			throw new Error(
				`the ${notified} workflow(s) notified of order ${order.id_order} did not read it within ${STEP_TIMEOUT_MS / 1000} s`,
			);
		await sleep(250);
	}
	await sandbox.setStatus('orderUnits', unitId, 'need_to_be_sent');
	return unitId;
}

describe("Seller Marketplace in n8n's editor (headless Chromium)", () => {
	it('fills Order Unit → Send from the pickers, runs it against the sandbox and shows the sent unit in the output panel', async () => {
		const unitId = await unitWaitingToBeSent(500003);
		const workflowId = await workflowWithManualTrigger('e2e: editor, send an order unit');
		await editor.openWorkflow(workflowId);

		await editor.addNode('Seller Marketplace', /order unit as sent/i, { after: 'Start' });
		// Carrier on first open, with the credential n8n chose for the fresh node (here one of two, possibly the one with
		// a wrong key) or none: its options, no error, no reopening
		await editor.chooseOption('carrierCode', 'DHL');
		await editor.chooseCredential(V2_CREDENTIAL.name);
		expect(await editor.parameterValue('resource')).toBe('Order Unit');
		expect(await editor.parameterValue('operation')).toBe('Send');
		await expect(editor.testId('node-version').innerText()).resolves.toMatch(/node version 2\b/i);
		await shot('01-node-resource-operation-form');

		const unit = await editor.searchPicker('orderUnitId', unitId, {
			onOpen: () => shot('02a-order-unit-picker-searching'),
		});
		await shot('02-order-unit-picker-open');
		await unit.click();
		await editor.chooseOption('carrierCode', 'DHL');
		await editor.fillText('trackingNumbers', TRACKING);
		await shot('03-send-form-filled');

		const sinceSeq = await sandbox.lastSeq();
		await editor.executeStep();
		const table = await editor.outputTable();
		await shot('04-output-panel');
		expect(table.headers).toEqual(expect.arrayContaining(['id_order_unit', 'tracking_numbers', 'carrier_code']));
		expect(table.rows).toHaveLength(1);
		const cell = (column: string) => table.rows[0][table.headers.indexOf(column)];
		expect([cell('id_order_unit'), cell('tracking_numbers'), cell('carrier_code')]).toEqual([unitId, TRACKING, 'DHL']);
		// The status column, when the node outputs the unit as it is now (issue 15's output work), must read "sent".
		if (table.headers.includes('status')) expect(cell('status')).toBe('sent');

		// what reached the marketplace, and the unit's status there now
		const sends = (await sandbox.requestsSince(sinceSeq)).filter((entry) => entry.method === 'PATCH');
		expect(sends.map((entry) => [entry.path, entry.status, entry.json])).toEqual([
			[`/order-units/${unitId}/send`, 204, { tracking_numbers: TRACKING, carrier_code: 'DHL' }],
		]);
		const stored = await sandbox.state<{ id_order_unit: number; status: string }>('orderUnits');
		expect(stored.find((candidate) => String(candidate.id_order_unit) === unitId)?.status).toBe('sent');

		// the credential form, opened from the node
		await editor.testId('credential-edit-button').click();
		const form = page.getByRole('dialog').filter({ hasText: V2_CREDENTIAL.name });
		await form.waitFor();
		await expect(form.innerText()).resolves.toMatch(/Client Key[\s\S]*Secret Key/);
		await shot('05-credential-form');
		await page.keyboard.press('Escape');
		await form.waitFor({ state: 'hidden' });
	});

	it('takes the fallback e-mail (checked on listening and publishing), explains the trigger panel, and receives the sandbox order it describes', async () => {
		await editor.newWorkflow();
		await editor.addNode('Seller Marketplace', /^on new order$/i);
		await editor.chooseCredential(V2_CREDENTIAL.name);
		expect(await editor.testId('parameter-input-events').innerText()).toMatch(/New Order/i);
		const eventField = editor.testId('parameter-item').filter({ has: editor.testId('parameter-input-events') });
		await expect(eventField.innerText()).resolves.toMatch(/^Trigger On\b/);

		// how events are verified: one short line and a link to the docs, not the details of HMAC
		const notice = page.getByText('Only events signed with your Secret Key', { exact: false }).first();
		await notice.waitFor();
		const noticeText = await notice.innerText();
		expect(noticeText.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(25);
		expect(noticeText).not.toMatch(/HMAC|SHA-?256|Shop-Signature|Shop-Timestamp/i);
		await expect(notice.locator('a').getAttribute('href')).resolves.toMatch(
			/docs\/nodes\/SellerMarketplaceTrigger\.md#how-events-are-verified$/,
		);

		// no notice checks it as it is typed: that took a regular-expression display rule, which n8n evaluates on
		// every webhook call (issue 23); listening and publishing check it instead (test/SellerMarketplaceTrigger/form.test.ts)
		await editor.fillText('fallbackEmail', 'ops@seller.example');

		const header = editor.testId('trigger-header');
		await header.waitFor();
		await expect(header.innerText()).resolves.toBe('Waiting for an event from the marketplace');
		await page.getByText('When will this node trigger my flow?').click();
		const help = page.getByText('While building your workflow', { exact: false });
		await help.waitFor();
		// the <b> lead-in's paragraph: the whole help text
		const helpText = await help.locator('xpath=..').innerText();
		expect(helpText).toContain("click 'Execute step'");
		expect(helpText).toContain('More ways to cause a test event');
		expect(helpText).not.toMatch(/sandbox|npm run|curl|127\.0\.0\.1/i);
		await shot('07-trigger-panel');

		// do what the panel says: listen, then place an order in the sandbox
		await editor.testId('trigger-execute-button').click();
		await page
			.getByText(/Listening for/i)
			.first()
			.waitFor();
		await shot('08-trigger-listening');
		const { order } = await sandbox.createOrder({ units: [{ id_unit: 500004 }] });
		await editor.testId('output-panel').locator('[data-test-id="node-run-status-success"]').waitFor();
		const table = await editor.outputTable();
		await shot('09-trigger-output');
		expect(table.headers).toEqual(expect.arrayContaining(['event_name', 'resource']));
		const event = (column: string) => table.rows[0][table.headers.indexOf(column)];
		expect(table.rows).toHaveLength(1);
		expect(event('event_name')).toBe('order_new');
		expect(event('resource')).toContain(order.id_order);
	});
	it("a new user's first contact: search words, the action node's text, credential types, Unit → Create, Simplify, attribute names", async () => {
		const typeDescription = (new SellerMarketplace().nodeVersions[2.1] as INodeType).description;
		const simplifyHint = (resource: string, operation: string) =>
			String(
				typeDescription.properties.find(
					(property: INodeProperties) =>
						property.name === 'simple' &&
						(property.displayOptions?.show?.resource as string[]).includes(resource) &&
						(property.displayOptions?.show?.operation as string[]).includes(operation),
				)?.hint,
			);
		const closeNode = async () => {
			await editor.testId('ndv-close-button').click();
			await editor.testId('ndv').waitFor({ state: 'hidden' });
		};

		const workflowId = await workflowWithManualTrigger('e2e: editor, first contact');
		await editor.openWorkflow(workflowId);

		// "What happens next?": the seller's words find the node, and the text under it describes the action node
		await editor.testId('canvas-node').filter({ hasText: 'Start' }).first().click();
		await editor.testId('node-creator-plus-button').click();
		await page.getByText('What happens next?').first().waitFor();
		const appName = page
			.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Seller Marketplace$/ })
			.first();
		for (const words of ['tracking', 'ship', 'Kaufland']) {
			await editor.testId('node-creator-search-bar').fill(words);
			await appName.waitFor();
		}
		await editor.testId('node-creator-search-bar').fill('Seller Marketplace');
		const appItem = appName.locator('xpath=ancestor::*[.//*[@data-test-id="node-creator-item-description"]][1]');
		await expect(appItem.locator('[data-test-id="node-creator-item-description"]').innerText()).resolves.toMatch(
			new RegExp(`^${ACTION_NODE_DESCRIPTION}`),
		);
		await shot('10-what-happens-next');
		await page.keyboard.press('Escape');
		await editor.testId('node-creator').waitFor({ state: 'hidden' });

		// Unit → Create: Listing Price carries no publishable default, Stock is on the form (not under Additional Fields)
		await editor.addNode('Seller Marketplace', /^create a unit$/i, { after: 'Start' });
		await editor.chooseCredential(V2_CREDENTIAL.name);
		const listingPrice = await editor.parameterValue('listingPrice');
		expect(['', '0']).toContain(listingPrice.trim());
		await editor.testId('parameter-input-amount').waitFor();
		await shot('11-unit-create');
		await closeNode();

		// Order → Get Many: the Simplify hint names what the run then outputs, column for column
		await editor.addNode('Seller Marketplace', /^get many orders$/i, { after: 'Start' });
		await editor.chooseCredential(V2_CREDENTIAL.name);
		const expectedHint = simplifyHint('order', 'getMany');
		await page.getByText(expectedHint, { exact: true }).first().waitFor();
		const promised = /as \d+ flat fields: ([^;]+)/.exec(expectedHint)![1].split(', ');
		expect(promised.length).toBeLessThan(10);
		await editor.executeStep();
		const table = await editor.outputTable();
		await shot('12-simplify-hint-and-output');
		expect([...table.headers].sort()).toEqual([...promised].sort());
		await closeNode();

		// Product Data → Create or Replace: an attribute's name is picked from the marketplace's list, searchable
		await editor.addNode('Seller Marketplace', /^create or replace product data$/i, { after: 'Start' });
		await editor.chooseCredential(V2_CREDENTIAL.name);
		await page.getByText('Add Attribute', { exact: true }).first().click();
		const picker = page.locator('[data-test-id^="resource-locator-"]').first();
		await picker.locator('[data-test-id="rlc-input"]').click();
		const entries = editor.testId('rlc-item');
		await entries.first().waitFor();
		expect(await entries.count()).toBeGreaterThan(5);
		await expect(entries.allInnerTexts()).resolves.toEqual(
			expect.arrayContaining([expect.stringMatching(/\(title\)$/)]),
		);
		await shot('13-attribute-name-list');
		await page.locator('input[data-test-id="rlc-search"]').fill('manufacturer');
		await entries.filter({ hasText: '(manufacturer)' }).first().waitFor();
		await entries.filter({ hasText: '(manufacturer)' }).first().click();
		await shot('14-attribute-name-picked');
		await closeNode();

		// a new credential: the V2 type is listed first, the retired v1 type after it and marked so
		await page.goto(`${n8n.baseUrl}/home/credentials/create`);
		const typeSelect = editor.testId('new-credential-type-select');
		await typeSelect.waitFor();
		await typeSelect.locator('input').fill('Seller Marketplace');
		const options = editor.testId('new-credential-type-select-option').locator('visible=true');
		await options.first().waitFor();
		const offered = (await options.allInnerTexts()).map((text) => text.trim());
		await shot('15-credential-types');
		expect(offered[0]).toMatch(/^Seller Marketplace V2 API/);
		expect(offered.slice(1).some((text) => /retired/i.test(text))).toBe(true);
	});
});
