import { defineResource } from '../../../actions/define';
import { create } from './create.operation';
import { deactivate } from './deactivate.operation';
import { deleteVoucher } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getProducts } from './getProducts.operation';

export const voucher = defineResource({
	value: 'voucher',
	name: 'Voucher',
	defaultOperation: 'getMany',
	operations: [create, deactivate, deleteVoucher, get, getMany, getProducts],
});
