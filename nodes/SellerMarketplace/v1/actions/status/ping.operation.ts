import { apiRequestRecord } from '../../../../api/v1';
import { defineOperation } from '../../../actions/define';

/** GET /status/ping/: a cheap signed request that proves the keys and the clock are right. */
export const ping = defineOperation({
	value: 'ping',
	name: 'Ping',
	action: 'Check the connection',
	attempt: 'check the connection',
	summary: 'Send a signed test request to check the keys and the clock',
	endpoint: 'GET /status/ping/',
	properties: [],
	async execute(itemIndex) {
		return await apiRequestRecord.call(this, { method: 'GET', path: '/status/ping/', itemIndex });
	},
});
