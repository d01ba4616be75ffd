import { createFileOperation, INVENTORY_COMMAND_FILE } from './commandFiles';

/** POST /import-files/inventory-command: the marketplace downloads and processes the file later; Get tells how far it is. */
export const createInventoryCommandFile = createFileOperation(INVENTORY_COMMAND_FILE);
