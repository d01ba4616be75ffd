/**
 * Headless Chromium for the editor tests: Debian's `chromium` package (no browser download), driven by
 * playwright-core, with a fresh profile per launch and nothing that phones home.
 */
import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium binary, or CHROMIUM_PATH. */
export function chromiumPath(): string {
	const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	if (!existsSync(path)) {
		throw new Error(
			`No Chromium at ${path}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH`,
		);
	}
	return path;
}

export const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export interface Browser {
	context: BrowserContext;
	close(): Promise<void>;
}

/** A browser with a fresh profile (its own --user-data-dir, removed on close), 1440×900 like a laptop screen. */
export async function launchBrowser(): Promise<Browser> {
	const profile = mkdtempSync(join(tmpdir(), 'n8n-editor-e2e-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: chromiumPath(),
		headless: true,
		args: CHROMIUM_FLAGS,
		viewport: { width: 1440, height: 900 },
		timezoneId: 'UTC',
		locale: 'en-US',
	});
	return {
		context,
		async close() {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
		},
	};
}
