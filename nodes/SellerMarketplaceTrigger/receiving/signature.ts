/**
 * Checking a notification's signature, for any API version: hex HMAC-SHA256 keyed with the seller's secret
 * key over `POST\n<callback URL as registered>\n<raw body>\n<timestamp header>` — the function that signs
 * requests (nodes/api/core/signature.ts), with the callback URL in place of the request URL.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IWebhookFunctions } from 'n8n-workflow';

import { computeSignature } from '../../api/core/signature';
import { checkWithCachedSecret } from './secretCache';
import { subscribedCallbackUrls } from '../shared/staticData';
import type { SignatureInputs } from '../dialect';
import type { SignatureCheck } from './verifyEvent';

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
	for (const url of subscribedCallbackUrls(context)) urls.add(url);
	return [...urls];
}

/** Identifies the secret this node uses: its workflow, the node and the credential chosen on it. */
export function secretCacheKey(context: IWebhookFunctions, credentialType: string): string {
	const node = context.getNode();
	const credential = node.credentials?.[credentialType];
	return [context.getWorkflow().id, node.id, credentialType, credential?.id ?? '', credential?.name ?? ''].join('|');
}

/** Whether the signature of this call matches (the secret cached, see secretCache.ts). */
export async function checkSignature(
	context: IWebhookFunctions,
	scheme: SignatureInputs,
	rawBody: Buffer,
	timestamp: string | undefined,
	signature: string | undefined,
): Promise<SignatureCheck> {
	if (!timestamp || !signature)
		return { matches: false, problem: `${scheme.timestampHeader} or ${scheme.signatureHeader} header missing` };
	const urls = callbackUrlsOf(context);
	const check = await checkWithCachedSecret(
		secretCacheKey(context, scheme.credentialType),
		async () =>
			String((await context.getCredentials<{ secretKey?: string }>(scheme.credentialType)).secretKey ?? '').trim(),
		(secretKey) => signatureMatches(secretKey, urls, rawBody, timestamp, signature),
	);
	if (check.matches) return { matches: true };
	if (!check.secret) {
		return {
			matches: false,
			noSecret: true,
			problem: 'the credentials have no Secret Key, so notifications cannot be verified',
		};
	}
	return { matches: false, problem: `${scheme.signatureHeader} does not match` };
}
