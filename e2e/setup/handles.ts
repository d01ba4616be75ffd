/** Live objects of the global set-up, for the global teardown (same process; kept on globalThis). */
import type { Sandbox } from '../../sandbox';
import type { N8n } from '../lib/n8n';

const holder = globalThis as unknown as { __sellerMarketplaceE2e?: { sandbox?: Sandbox; n8n?: N8n } };
holder.__sellerMarketplaceE2e ??= {};

export const handles = holder.__sellerMarketplaceE2e;
