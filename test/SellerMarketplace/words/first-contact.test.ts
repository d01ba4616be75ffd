/**
 * What a new user meets first in n8n's editor, checked against the rules n8n's editor applies (read from its
 * 2.41 source): which credential type it lists first, which description the node panel shows for the app, which
 * search words find the nodes, and the notice on every form of the retired API v1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodeTypeDescription, IVersionedNodeType } from 'n8n-workflow';

import { SellerMarketplaceApi } from '../../../credentials/SellerMarketplaceApi.credentials';
import { SellerMarketplaceV2Api } from '../../../credentials/SellerMarketplaceV2Api.credentials';
import { SellerMarketplace } from '../../../nodes/SellerMarketplace/SellerMarketplace.node';
import { SellerMarketplacePollTrigger } from '../../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node';
import { SellerMarketplaceTrigger } from '../../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node';

const PACKAGE = 'n8n-nodes-seller-marketplace';
const nodes = {
	action: new SellerMarketplace(),
	push: new SellerMarketplaceTrigger(),
	poll: new SellerMarketplacePollTrigger(),
};
const codex = {
	action: require('../../../nodes/SellerMarketplace/SellerMarketplace.node.json') as { alias: string[] },
	push: require('../../../nodes/SellerMarketplaceTrigger/SellerMarketplaceTrigger.node.json') as { alias: string[] },
	poll: require('../../../nodes/SellerMarketplacePollTrigger/SellerMarketplacePollTrigger.node.json') as {
		alias: string[];
	},
};
const versions = (node: IVersionedNodeType): Array<[number, INodeTypeDescription]> =>
	Object.entries(node.nodeVersions).map(([version, type]) => [Number(version), type.description]);

describe('credentials', () => {
	const v1 = new SellerMarketplaceApi();
	const v2 = new SellerMarketplaceV2Api();

	it('n8n lists credential types by display name (its credentials store sorts with localeCompare): V2 comes first', () => {
		const listed = [v1, v2].sort((a, b) => a.displayName.localeCompare(b.displayName)).map((type) => type.name);
		expect(listed).toEqual(['sellerMarketplaceV2Api', 'sellerMarketplaceApi']);
		expect(v1.displayName).toMatch(/retired/i);
	});

	it('the v1 credential opens with the retired notice, and its Base URL is empty and required, not the dead address', () => {
		expect(v1.properties[0]).toMatchObject({
			type: 'notice',
			displayName: expect.stringMatching(/^Retired: the marketplace has switched off API v1/),
		});
		const baseUrl = v1.properties.find((property) => property.name === 'baseUrl')!;
		expect(baseUrl).toMatchObject({ default: '', required: true });
		expect(JSON.stringify(v1.properties)).not.toContain('kaufland.de/api/v1');
	});

	it('the v2 credential carries no retired notice', () => {
		expect(v2.properties.some((property) => property.type === 'notice' && /retired/i.test(property.displayName))).toBe(
			false,
		);
	});
});

describe('the retired notice on the nodes', () => {
	const isRetiredNotice = (property: INodeProperties | undefined) =>
		property?.type === 'notice' && property.name === 'retiredApiV1';
	it.each(Object.entries(nodes))('%s node: first on every API v1 version, on no API v2 version', (_name, node) => {
		for (const [version, description] of versions(node)) {
			expect([version, isRetiredNotice(description.properties[0])]).toEqual([version, version < 2]);
			expect(description.properties.filter(isRetiredNotice)).toHaveLength(version < 2 ? 1 : 0);
		}
	});
});

describe('the node panel', () => {
	it("shows the push trigger's description for the app it merges with the action node, so that text describes the action node first", () => {
		// n8n 2.41 generateMergedNodesAndActions: a trigger whose type name minus "Trigger" is an action node's joins it,
		// and the merged entry takes the trigger's description ("What happens next?" shows it for the action node)
		const action = `${PACKAGE}.${nodes.action.description.name}`;
		const push = `${PACKAGE}.${nodes.push.description.name}`;
		const poll = `${PACKAGE}.${nodes.poll.description.name}`;
		expect(push.replace('Trigger', '')).toBe(action);
		expect(poll.replace('Trigger', '')).not.toBe(action);
		expect(nodes.push.description.description.startsWith(nodes.action.description.description)).toBe(true);
		expect(nodes.push.description.description).toMatch(/start workflows on its push notifications$/);
	});

	// n8n's node search matches the query, letter by letter in order, against the display name and the codex aliases
	const found = (query: string, names: string[]) =>
		names.some((name) => {
			let at = 0;
			for (const letter of name.toLowerCase()) if (letter === query[at]?.toLowerCase()) at++;
			return at === query.length;
		});
	it.each(['tracking', 'ship', 'Kaufland', 'shipping label', 'stock', 'returns'])(
		'searching "%s" finds the action node by its own words',
		(query) => {
			expect(found(query, [nodes.action.description.displayName, ...codex.action.alias])).toBe(true);
			// an alias that is the query itself, not a lucky scattering of its letters through a longer word
			expect(codex.action.alias.map((alias) => alias.toLowerCase())).toContain(query.toLowerCase());
		},
	);
	it.each(['Kaufland', 'ship', 'new order'])('searching "%s" finds both triggers', (query) => {
		expect(codex.push.alias.map((alias) => alias.toLowerCase())).toContain(query.toLowerCase());
		expect(codex.poll.alias.map((alias) => alias.toLowerCase())).toContain(query.toLowerCase());
	});
});

describe("the push trigger's notice on how events are verified", () => {
	const docsPage = readFileSync(join(__dirname, '../../../docs/nodes/SellerMarketplaceTrigger.md'), 'utf8');
	// GitHub's anchor of a heading: lower case, spaces to hyphens, other punctuation dropped
	const anchors = [...docsPage.matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
		heading
			.toLowerCase()
			.replace(/[^a-z0-9 -]/g, '')
			.replace(/ /g, '-'),
	);

	it.each(versions(nodes.push))(
		'version %s: at most 25 words a seller reads, and a link to the docs section that explains verification',
		(_version, description) => {
			const notice = description.properties.find((property) => property.name === 'verificationNotice')!;
			const words = notice.displayName
				.replace(/<[^>]+>/g, ' ')
				.split(/\s+/)
				.filter(Boolean);
			expect(words.length).toBeLessThanOrEqual(25);
			expect(notice.displayName).not.toMatch(/HMAC|SHA|hex|Shop-|HM-|timestamp/i);
			const link =
				/<a href="https:\/\/github\.com\/n8n-nodes-seller-marketplace\/n8n-nodes-seller-marketplace\/blob\/main\/docs\/nodes\/SellerMarketplaceTrigger\.md#([a-z-]+)" target="_blank">/.exec(
					notice.displayName,
				);
			expect(link?.[1]).toBe('how-events-are-verified');
			expect(anchors).toContain(link?.[1]);
		},
	);

	it('the docs section keeps the details the notice left out', () => {
		const section = docsPage.slice(docsPage.indexOf('## How events are verified'), docsPage.indexOf('## Options'));
		for (const detail of [
			'HMAC-SHA256',
			'Shop-Signature',
			'Shop-Timestamp',
			'Storefront',
			'HM-Signature',
			'Verify Events By',
		])
			expect(section).toContain(detail);
	});
});
