import { defineResource } from '../../../actions/define';
import { create } from './create.operation';
import { createInventoryCommandFile } from './createInventoryCommandFile.operation';
import { createInventoryFeed } from './createInventoryFeed.operation';
import { createOrderCommandFile } from './createOrderCommandFile.operation';
import { get } from './get.operation';
import { getInventoryCommandFile } from './getInventoryCommandFile.operation';
import { getInventoryFeed } from './getInventoryFeed.operation';
import { getMany } from './getMany.operation';
import { getManyInventoryCommandFiles } from './getManyInventoryCommandFiles.operation';
import { getManyInventoryFeeds } from './getManyInventoryFeeds.operation';
import { getManyOrderCommandFiles } from './getManyOrderCommandFiles.operation';
import { getOrderCommandFile } from './getOrderCommandFile.operation';

export const importFile = defineResource({
	value: 'importFile',
	name: 'Import File',
	defaultOperation: 'getMany',
	operations: [
		create,
		get,
		getMany,
		createInventoryFeed,
		getInventoryFeed,
		getManyInventoryFeeds,
		createInventoryCommandFile,
		getInventoryCommandFile,
		getManyInventoryCommandFiles,
		createOrderCommandFile,
		getOrderCommandFile,
		getManyOrderCommandFiles,
	],
});
