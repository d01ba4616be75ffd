/**
 * n8n 2.41's editor, driven the way a seller uses it: sign in, open a workflow, add a node from the node creator,
 * fill its form, run a step. Every step waits for the element it needs (the editor's own data-test-id
 * attributes); nothing waits for a fixed time.
 */
import { mkdirSync } from 'fs';
import { join } from 'path';

import type { Locator, Page } from 'playwright-core';

import { REPO_ROOT } from './runtime';

/**
 * Where the editor tests save their screenshots. A dot-folder on purpose: `n8n-node build` copies every *.png
 * outside dot-folders into dist/, so screenshots elsewhere would end up in the published package.
 */
export function screenshotDir(name: string): string {
	const dir = join(REPO_ROOT, '.e2e', 'screenshots', name);
	mkdirSync(dir, { recursive: true });
	return dir;
}

export class Editor {
	constructor(
		readonly page: Page,
		readonly baseUrl: string,
		private readonly screenshots: string,
	) {}

	testId(id: string): Locator {
		return this.page.locator(`[data-test-id="${id}"]`);
	}

	/** Saves a screenshot of the whole window as `<name>.png`; returns its path. */
	async screenshot(name: string): Promise<string> {
		const path = join(this.screenshots, `${name}.png`);
		await this.page.screenshot({ path });
		return path;
	}

	async signIn(owner: { email: string; password: string }): Promise<void> {
		await this.page.goto(`${this.baseUrl}/signin`);
		await this.page.locator('input[name="emailOrLdapLoginId"]').fill(owner.email);
		await this.page.locator('input[name="password"]').fill(owner.password);
		await this.testId('form-submit-button').click();
		await this.page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	}

	/** Opens a saved workflow and waits until its canvas shows at least one node. */
	async openWorkflow(id: string): Promise<void> {
		await this.page.goto(`${this.baseUrl}/workflow/${id}`);
		await this.testId('canvas-node').first().waitFor();
	}

	/** Opens an empty new workflow. */
	async newWorkflow(): Promise<void> {
		await this.page.goto(`${this.baseUrl}/workflow/new`);
		await this.testId('canvas-add-button').waitFor();
	}

	/**
	 * Adds a node the way the node creator offers it: search for the node, open it, click one of its actions or
	 * triggers (matched by its label). With `after`, the new node is connected behind that canvas node. Returns
	 * when the new node's details view (NDV) is open.
	 */
	async addNode(nodeName: string, action: RegExp, { after }: { after?: string } = {}): Promise<void> {
		if (after) {
			await this.testId('canvas-node').filter({ hasText: after }).first().click();
			await this.testId('node-creator-plus-button').click();
		} else {
			await this.testId('canvas-add-button').click();
		}
		await this.testId('node-creator-search-bar').fill(nodeName);
		await this.page
			.locator(`[data-test-id="node-creator-item-name"]`, { hasText: new RegExp(`^${nodeName}$`) })
			.first()
			.click();
		const item = this.page
			.locator('[data-keyboard-nav-type="action"]')
			.filter({ has: this.page.locator('[data-test-id="node-creator-item-name"]', { hasText: action }) })
			.first();
		await item.click();
		await this.testId('ndv').waitFor();
		await this.testId('node-parameters').waitFor();
	}

	/** The value a parameter's input shows (text inputs and dropdowns alike). */
	async parameterValue(name: string): Promise<string> {
		return await this.testId(`parameter-input-${name}`).locator('input').first().inputValue();
	}

	/** Picks the credential shown under that name in the node's Credential dropdown. */
	async chooseCredential(name: string): Promise<void> {
		await this.testId('node-credentials-select').click();
		await this.visibleOption(name).click();
		// evaluated in the page, where the dropdown's input holds the chosen name once n8n applied it
		await this.page.waitForFunction(
			`document.querySelector('[data-test-id="node-credentials-select"] input')?.value === ${JSON.stringify(name)}`,
		);
	}

	/** The option of the dropdown open right now whose name is exactly `name` (its description aside). */
	visibleOption(name: string): Locator {
		return this.page
			.locator('.el-select-dropdown__item:visible')
			.filter({ has: this.page.getByText(name, { exact: true }) })
			.first();
	}

	/**
	 * Picks an option of an options parameter (static or loaded from the API) by its name. A list that n8n loaded
	 * with the credential it chose first (before chooseCredential) shows "Error fetching options"; like a seller,
	 * this then reloads it with the parameter's "Refresh List" action.
	 */
	async chooseOption(parameter: string, option: string, timeoutMs = 90_000): Promise<void> {
		const input = this.testId(`parameter-input-${parameter}`);
		const failed = input.locator('input[placeholder^="Error fetching options"]');
		const wanted = this.visibleOption(option);
		const deadline = Date.now() + timeoutMs;
		// The dropdown may open before its options arrive, or close again while they load: open it until the option
		// shows. A list that failed to load is a failure: a seller would see it so on a freshly added node (no
		// reopening, no Refresh List here).
		for (;;) {
			if (await wanted.isVisible()) return await wanted.click();
			if (await failed.isVisible())
				throw new Error(`"${parameter}" shows "${await failed.getAttribute('placeholder')}" instead of its options`);
			if (Date.now() > deadline)
				throw new Error(`"${parameter}" never offered the option "${option}" within ${timeoutMs / 1000} s`);
			await input.click();
			await wanted
				.or(failed)
				.first()
				.waitFor({ timeout: 5_000 })
				.catch(() => undefined);
		}
	}

	/** The "Refresh List" action of a parameter whose options come from the API. */
	async refreshList(parameter: string): Promise<void> {
		const actions = this.testId(`${parameter}-parameter-input-options-container`);
		await this.testId(`parameter-input-${parameter}`).hover();
		await actions.locator('[data-test-id="action-toggle"]').click();
		await this.page.getByText('Refresh List', { exact: true }).locator('visible=true').first().click();
	}

	async fillText(parameter: string, value: string): Promise<void> {
		await this.testId(`parameter-input-${parameter}`).locator('input, textarea').first().fill(value);
	}

	/**
	 * Opens a resource locator's list ("From list" mode), types into its search box and returns the entry that
	 * shows `search`. A list loaded with the credential n8n chose first can fail; typing again reloads it with the
	 * node's credential, as a seller would. `onOpen` runs once the list first shows (e.g. for a screenshot).
	 */
	async searchPicker(
		parameter: string,
		search: string,
		{ onOpen, timeoutMs = 90_000 }: { onOpen?: () => Promise<unknown>; timeoutMs?: number } = {},
	): Promise<Locator> {
		const searchBox = this.page.locator('input[data-test-id="rlc-search"]');
		const item = this.testId('rlc-item').filter({ hasText: search }).first();
		const deadline = Date.now() + timeoutMs;
		for (let attempt = 0; ; attempt++) {
			if (!(await searchBox.isVisible()))
				await this.testId(`resource-locator-${parameter}`).locator('[data-test-id="rlc-input"]').click();
			await searchBox.fill('');
			await searchBox.fill(search);
			if (attempt === 0) await onOpen?.();
			const shown = await item
				.waitFor({ timeout: 15_000 })
				.then(() => true)
				.catch(() => false);
			if (shown) return item;
			if (Date.now() > deadline)
				throw new Error(`the "${parameter}" list never showed an entry with "${search}" within ${timeoutMs / 1000} s`);
		}
	}

	/** Clicks "Execute step" in the NDV and waits until the output panel shows a successful run. */
	async executeStep(): Promise<void> {
		await this.testId('node-execute-button').click();
		await this.testId('output-panel').locator('[data-test-id="node-run-status-success"]').waitFor();
	}

	/** The output panel's table view: column headers and the cells of each row, as the seller reads them. */
	async outputTable(): Promise<{ headers: string[]; rows: string[][] }> {
		const panel = this.testId('output-panel');
		await panel.locator('[data-test-id="radio-button-table"]').click();
		const table = panel.locator('[data-test-id="ndv-data-container"] table').first();
		await table.locator('tbody tr').first().waitFor();
		return await table.evaluate((element) => {
			const text = (cell: { textContent: string | null }) => (cell.textContent ?? '').trim();
			return {
				headers: [...element.querySelectorAll('thead th')].map(text).filter((header) => header !== ''),
				rows: [...element.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map(text)),
			};
		});
	}
}
