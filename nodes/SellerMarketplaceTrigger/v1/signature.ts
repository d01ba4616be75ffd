/**
 * The v1 notification signature, a hypothesis: the API says notifications carry HM-Timestamp and
 * HM-Signature but not how they are computed. Assumed: signed like requests, hex HMAC-SHA256 keyed with
 * the secret key over `POST\n<callback URL as registered>\n<raw body>\n<HM-Timestamp>`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IWebhookFunctions } from 'n8n-workflow';

import { CREDENTIALS_TYPE } from '../../SellerMarketplace/v1/transport';
import { computeSignature } from '../../SellerMarketplace/v1/transport/signing';
import { checkWithCachedSecret } from '../shared/secretCache';
import type { SignatureCheck } from '../shared/verifyEvent';
import { staticDataOf } from './subscriptions';

/** Compared in constant time against each URL this node may have registered (production or test). */
export function signatureMatches(
	secretKey: string,
	callbackUrls: string[],
	rawBody: Buffer,
	timestamp: string,
	signature: string,
): boolean {
	if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
	const actual = Buffer.from(signature.toLowerCase(), 'hex');
	return callbackUrls.some((url) => {
		const expected = Buffer.from(computeSignature(secretKey, 'POST', url, rawBody, timestamp), 'hex');
		return expected.length === actual.length && timingSafeEqual(expected, actual);
	});
}

/** URLs a genuine notification may have been signed for: the ones this node registered. */
function callbackUrlsOf(context: IWebhookFunctions): string[] {
	const urls = new Set<string>();
	// The test or production URL of this very call (n8n ≥ 1.x with getWebhookResourceUrl), else production.
	const current =
		typeof context.getWebhookResourceUrl === 'function' ? context.getWebhookResourceUrl('default') : undefined;
	if (current) urls.add(current);
	const production = context.getNodeWebhookUrl('default');
	if (production) urls.add(production);
	for (const url of Object.keys(staticDataOf(context).subscriptions ?? {})) urls.add(url);
	return [...urls];
}

/** Identifies the secret this node uses: its workflow, the node and the credential chosen on it. */
function secretCacheKey(context: IWebhookFunctions): string {
	const node = context.getNode();
	const credential = node.credentials?.[CREDENTIALS_TYPE];
	return [context.getWorkflow().id, node.id, CREDENTIALS_TYPE, credential?.id ?? '', credential?.name ?? ''].join('|');
}

/** Whether the HM-Signature of this call matches the assumed scheme (the secret cached, see shared/secretCache.ts). */
export async function checkSignature(
	context: IWebhookFunctions,
	rawBody: Buffer,
	timestamp: string | undefined,
	signature: string | undefined,
): Promise<SignatureCheck> {
	if (!timestamp || !signature) return { matches: false, problem: 'HM-Timestamp or HM-Signature header missing' };
	const urls = callbackUrlsOf(context);
	const check = await checkWithCachedSecret(
		secretCacheKey(context),
		async () => String((await context.getCredentials<{ secretKey?: string }>(CREDENTIALS_TYPE)).secretKey ?? '').trim(),
		(secretKey) => signatureMatches(secretKey, urls, rawBody, timestamp, signature),
	);
	if (check.matches) return { matches: true };
	if (!check.secret) {
		return { matches: false, noSecret: true, problem: 'the credentials have no Secret Key, so notifications cannot be verified' };
	}
	return { matches: false, problem: 'HM-Signature does not match' };
}
