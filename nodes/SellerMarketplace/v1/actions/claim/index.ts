import { defineResource } from '../../../actions/define';
import { close } from './close.operation';
import { getMany } from './getMany.operation';

export const claim = defineResource({
	value: 'claim',
	name: 'Claim (Deprecated)',
	defaultOperation: 'getMany',
	operations: [getMany, close],
	notices: [
		{
			displayName: 'Claims are deprecated and were replaced by tickets: use the Ticket resource for new workflows',
			name: 'claimDeprecatedNotice',
			type: 'notice',
			default: '',
		},
	],
});
