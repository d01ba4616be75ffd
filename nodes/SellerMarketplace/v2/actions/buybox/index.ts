import { defineResource } from '../../../actions/define';
import { getRankings } from './getRankings.operation';

export const buybox = defineResource({
	value: 'buybox',
	name: 'Buy Box',
	defaultOperation: 'getRankings',
	operations: [getRankings],
});
