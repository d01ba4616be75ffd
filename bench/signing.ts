/** The package's own share of a request: signRequestOptions (URL building + HMAC) in a tight loop. */
import { signRequestOptions } from '../nodes/api/v1/signing';
import { now } from './measure';

export function signingMicroseconds(
	credentials: { clientKey: string; secretKey: string; baseUrl: string },
	count = 20000,
): number {
	const request = {
		method: 'GET' as const,
		url: '/order-units/seller/?sort=ts_created%3Adesc&limit=30&offset=2970',
		headers: {},
	};
	for (let i = 0; i < 2000; i++) signRequestOptions(credentials, request, 1700000000);
	const start = now();
	for (let i = 0; i < count; i++) signRequestOptions(credentials, request, 1700000000 + i);
	return ((now() - start) / count) * 1000;
}
