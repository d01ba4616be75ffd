import { defineResource } from '../../../actions/define';
import { deleteInvoice } from './delete.operation';
import { download } from './download.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { upload } from './upload.operation';

export const orderInvoice = defineResource({
	value: 'orderInvoice',
	name: 'Order Invoice',
	defaultOperation: 'getMany',
	operations: [deleteInvoice, download, get, getMany, upload],
});
