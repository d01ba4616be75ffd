import { defineResource } from '../../../actions/define';
import { download } from './download.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { request } from './request.operation';
import { requestEansNotFound } from './requestEansNotFound.operation';

export const report = defineResource({
	value: 'report',
	name: 'Report',
	defaultOperation: 'request',
	operations: [download, get, getMany, request, requestEansNotFound],
});
