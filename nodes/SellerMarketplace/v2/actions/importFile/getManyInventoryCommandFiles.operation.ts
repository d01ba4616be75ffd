import { getManyFilesOperation, INVENTORY_COMMAND_FILE } from './commandFiles';

/** GET /import-files/inventory-command: newest first, 30 a page. */
export const getManyInventoryCommandFiles = getManyFilesOperation(INVENTORY_COMMAND_FILE);
