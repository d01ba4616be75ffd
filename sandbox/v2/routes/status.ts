/** Status: GET /status/ping. */
import { ok, V2Operations } from '../handler';

export const operations: V2Operations = {
	Ping: () => ok({ message: 'pong' }),
};
