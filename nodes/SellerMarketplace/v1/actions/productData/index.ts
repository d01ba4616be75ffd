import { defineResource } from '../../../actions/define';
import { createOrReplace } from './createOrReplace.operation';
import { deleteProductData } from './delete.operation';
import { get } from './get.operation';
import { getStatus } from './getStatus.operation';
import { update } from './update.operation';

export const productData = defineResource({
	value: 'productData',
	name: 'Product Data',
	defaultOperation: 'createOrReplace',
	operations: [createOrReplace, update, deleteProductData, getStatus, get],
});
