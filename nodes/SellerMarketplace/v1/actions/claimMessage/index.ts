import { defineResource } from '../../../actions/define';
import { send } from './send.operation';

export const claimMessage = defineResource({
	value: 'claimMessage',
	name: 'Claim Message (Deprecated)',
	defaultOperation: 'send',
	operations: [send],
	notices: [
		{
			displayName:
				'Claims are deprecated and were replaced by tickets: use the Ticket Message resource for new workflows',
			name: 'claimMessageDeprecatedNotice',
			type: 'notice',
			default: '',
		},
	],
});
