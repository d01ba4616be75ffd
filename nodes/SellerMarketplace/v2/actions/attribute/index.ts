import { defineResource } from '../../../actions/define';
import { downloadSharedSet } from './downloadSharedSet.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getSharedSetValues } from './getSharedSetValues.operation';

export const attribute = defineResource({
	value: 'attribute',
	name: 'Attribute',
	defaultOperation: 'getMany',
	operations: [downloadSharedSet, get, getMany, getSharedSetValues],
});
