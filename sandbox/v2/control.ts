/** What API v2 adds to the control: its event names, storefronts, reset and HTTP endpoints (docs/sandbox-contract.md). */
import type { ControlHooks } from '../core/control';
import { badRequest } from '../core/errors';
import { V2_ONLY_EVENT_NAMES } from './events';
import type { V2Runtime } from './runtime';
import { STOREFRONTS } from '../model/storefronts';

export function v2ControlHooks(runtime: V2Runtime): ControlHooks {
	const control = runtime.control();
	return {
		extraEventNames: V2_ONLY_EVENT_NAMES,
		storefronts: STOREFRONTS,
		reset: () => runtime.reset(),
		routes: {
			'GET /rate-limit': () => ({ status: 200, json: { perSecond: control.rateLimit() } }),
			'PUT /rate-limit': (body) => {
				const { perSecond } = body();
				if (perSecond !== null && typeof perSecond !== 'number')
					throw badRequest('body needs perSecond: a number, or null for no limit');
				try {
					control.setRateLimit(perSecond);
				} catch (error) {
					throw badRequest((error as Error).message);
				}
				return { status: 200, json: { perSecond: control.rateLimit() } };
			},
			'GET /response-violations': () => ({ status: 200, json: control.responseViolations() }),
			'DELETE /response-violations': () => {
				control.clearResponseViolations();
				return { status: 204 };
			},
		},
	};
}
