import { defineResource } from '../../../actions/define';
import { getMany } from './getMany.operation';

export const assortmentInsight = defineResource({
	value: 'assortmentInsight',
	name: 'Assortment Insight',
	defaultOperation: 'getMany',
	operations: [getMany],
});
