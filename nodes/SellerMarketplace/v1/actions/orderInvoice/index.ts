import { defineResource } from '../../../actions/define';
import { deleteOrderInvoice } from './delete.operation';
import { download } from './download.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { upload } from './upload.operation';

export const orderInvoice = defineResource({
	value: 'orderInvoice',
	name: 'Order Invoice',
	defaultOperation: 'upload',
	operations: [deleteOrderInvoice, download, get, getMany, upload],
});
