import { defineResource } from '../../../actions/define';
import { deleteContact } from './delete.operation';
import { getMany } from './getMany.operation';
import { upsert } from './upsert.operation';

export const gpsrContact = defineResource({
	value: 'gpsrContact',
	name: 'GPSR Contact',
	defaultOperation: 'getMany',
	operations: [upsert, deleteContact, getMany],
});
