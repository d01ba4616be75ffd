/** The package as n8n loads it: installed from the npm tarball, known under its community-package names. */
import { readFileSync, readdirSync, statSync } from 'fs';
import { join } from 'path';

import { PACKAGE_NAME } from '../lib/runtime';
import { connect } from '../setup/state';

const { n8n } = connect();
const installed = join(n8n.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);

function files(dir: string, prefix = ''): string[] {
	return readdirSync(dir).flatMap((entry) => {
		const path = join(dir, entry);
		return statSync(path).isDirectory() ? files(path, `${prefix}${entry}/`) : [`${prefix}${entry}`];
	});
}

test('the tarball holds the built package only (no tests, sandbox or n8n runtime files)', () => {
	const all = files(installed);
	expect(all).toContain('package.json');
	expect(all).toContain('dist/nodes/SellerMarketplace/SellerMarketplace.node.js');
	expect(all).toContain('dist/nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node.js');
	expect(all).toContain('dist/nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node.js');
	expect(all).toContain('dist/credentials/SellerMarketplaceApi.credentials.js');
	// dist/tsconfig.tsbuildinfo: written by `n8n-node build` (incremental tsc), harmless, in every n8n-node package
	const outside = all.filter(
		(f) =>
			!/^(dist\/(nodes|credentials|icons)\/|dist\/tsconfig\.tsbuildinfo$|package\.json$|README\.md$|LICEN[CS]E(\.md)?$)/.test(
				f,
			),
	);
	expect(outside).toEqual([]);
	const size = all.reduce((sum, f) => sum + statSync(join(installed, f)).size, 0);
	expect(size).toBeLessThan(5 * 1024 * 1024);
});

test('n8n lists every node in both versions, each with the credential of its API version', async () => {
	const out = join(n8n.userFolder, 'nodes-export.json');
	const result = await n8n.cli(['export:nodes', `--output=${out}`]);
	expect(result.code).toBe(0);
	type Exported = { name: string; version: number | number[]; credentials?: Array<{ name: string }> };
	const nodes = (JSON.parse(readFileSync(out, 'utf8')) as Exported[]).filter((node) =>
		node.name.startsWith(`${PACKAGE_NAME}.`),
	);
	// n8n lists a versioned node once per version; versions 1 and 1.1 speak API v1, 2 and 2.1 API v2 (the action
	// node's .1 versions add Simplify and the Sort collection; the poll trigger's 2.1 adds Simplify)
	const byName: Record<string, Record<number, string[]>> = {};
	for (const node of nodes) {
		for (const version of [node.version].flat()) {
			(byName[node.name] ??= {})[version] = (node.credentials ?? []).map((c) => c.name);
		}
	}
	const both = { 1: ['sellerMarketplaceApi'], 2: ['sellerMarketplaceV2Api'] };
	const action = { ...both, 1.1: ['sellerMarketplaceApi'], 2.1: ['sellerMarketplaceV2Api'] };
	expect(byName).toEqual({
		[`${PACKAGE_NAME}.sellerMarketplace`]: action,
		[`${PACKAGE_NAME}.sellerMarketplaceTool`]: action,
		[`${PACKAGE_NAME}.sellerMarketplaceTrigger`]: both,
		[`${PACKAGE_NAME}.sellerMarketplacePollTrigger`]: { ...both, 2.1: ['sellerMarketplaceV2Api'] },
	});
});
